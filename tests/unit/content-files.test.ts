// Every content file of a working copy passes the schema, as the build would take it: each
// English entry, each Hindi translation (only the words, and only with an English twin), each
// picture it names, each category folder. The working copy is this project by default; the
// editor's test (tests/e2e/admin.spec.ts) points CONTENT_CHECK_ROOT at the files /admin/ wrote.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { SCHEMAS, SOURCES, TRANSLATED_FIELDS } from '../../src/content.config';
import { ArticleError, articleSections } from '../../src/lib/article';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/editions';

const ROOT = resolve(process.env.CONTENT_CHECK_ROOT ?? process.cwd());
const CONTENT = join(ROOT, 'src', 'content');
const EDITIONS = ['hi'];
type Name = keyof typeof SOURCES;

/** An entry's data as Astro reads it: JSON, or Markdown's YAML front matter. */
function dataOf(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return JSON.parse(text);
  const frontMatter = text.match(/^---\r?\n([\s\S]*?)\r?\n---/);
  if (!frontMatter) throw new Error(`${file}: no front matter between --- lines`);
  return parseYaml(frontMatter[1]!);
}

/** The entries of one collection in one folder, as paths below it: `health/asha.md`, `site.json`. */
function entriesIn(folder: string, pattern: string): string[] {
  if (!existsSync(folder)) return [];
  const extension = pattern.endsWith('.md') ? '.md' : '.json';
  const nested = pattern.startsWith('**/');
  return readdirSync(folder, { recursive: nested, encoding: 'utf8' })
    .filter((path) => path.endsWith(extension))
    .sort();
}

/** A picture field that holds only when the file it names is there, relative to the entry. */
const pictureOf = (file: string) => (() => z.string().refine((path) => existsSync(resolve(dirname(file), path)), { error: 'names no picture file' })) as never;
const noPicture = (() => z.never()) as never;

/** An article's text below its fields (src/lib/article.ts): what its page cannot show, with the line. */
function articleProblems(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const fields = /^---\r?\n[\s\S]*?\r?\n---[ \t]*\r?\n/.exec(text)?.[0] ?? '';
  try {
    articleSections(text.slice(fields.length), fields.split('\n').length);
    return [];
  } catch (error) {
    if (error instanceof ArticleError) return [`${relative(ROOT, file)}: ${error.message}`];
    throw error;
  }
}

const problems = (file: string, result: { success: boolean; error?: z.ZodError }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${relative(ROOT, file)}: ${issue.path.join('.')}: ${issue.message}`);

describe(`the content files of ${relative(process.cwd(), ROOT) || 'this project'}`, () => {
  for (const name of Object.keys(SOURCES) as Name[]) {
    const { folder, pattern } = SOURCES[name];
    const english = entriesIn(join(CONTENT, folder), pattern);

    it(`every ${name} entry passes its schema, pictures and category folders included`, () => {
      expect(english.length).toBeGreaterThan(0);
      const categories = 'categoryFolders' in SOURCES[name] ? entriesIn(join(CONTENT, name === 'stories' ? 'story-categories' : 'profile-categories'), '*.json').map((file) => file.replace(/\.json$/, '')) : undefined;
      const found = english.flatMap((path) => {
        const file = join(CONTENT, folder, path);
        const schema = SCHEMAS[name](pictureOf(file)) as z.ZodObject;
        const category = path.split('/')[0]!;
        const wrongFolder = categories && !categories.includes(category) ? [`${relative(ROOT, file)}: the folder ${category} is no category`] : [];
        return [...problems(file, schema.safeParse(dataOf(file))), ...wrongFolder];
      });
      expect(found).toEqual([]);
    });

    for (const locale of EDITIONS) {
      it(`every ${locale} translation of ${name} gives only its words, beside an English twin`, () => {
        const schema = (SCHEMAS[name](noPicture) as z.ZodObject).pick(TRANSLATED_FIELDS[name] as never);
        const found = entriesIn(join(CONTENT, locale, folder), pattern).flatMap((path) => {
          const file = join(CONTENT, locale, folder, path);
          const orphan = english.includes(path) ? [] : [`${relative(ROOT, file)}: no English entry ${folder}/${path}`];
          return [...problems(file, schema.safeParse(dataOf(file))), ...orphan];
        });
        expect(found).toEqual([]);
      });
    }

    if ('article' in SOURCES[name]) {
      it(`every edition has its own ${name} article, its text holding only what the page shows`, () => {
        const found = LOCALES.flatMap((locale) => {
          const folderOfEdition = join(CONTENT, locale === DEFAULT_LOCALE ? '' : locale, folder);
          const files = entriesIn(folderOfEdition, pattern);
          if (files.length === 0) return [`${relative(ROOT, folderOfEdition)}: no article in ${locale}`];
          return files.flatMap((path) => articleProblems(join(folderOfEdition, path)));
        });
        expect(found).toEqual([]);
      });
    }
  }
});
