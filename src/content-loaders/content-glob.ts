import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { glob } from 'astro/loaders';
import type { Loader } from 'astro/loaders';
import { ArticleError, articleSections } from '../lib/article';
import { categoryOfId } from '../lib/category-folder';

interface ContentGlobOptions {
  /** Folder under src/content/ that holds one file per entry. */
  folder: string;
  /** Which files in it are entries, e.g. `*.json` or `**\/*.md`. */
  pattern: string;
  /** Fields that name an image file, relative to the entry's own file. */
  imageFields?: readonly string[];
  /** Entries sit in a folder named for their category, one of these ids: the folder is the category. */
  categoryFolders?: readonly string[];
  /** For a translation: the folder of the English entries, one of which each file must translate. */
  twinOf?: string;
  /** The text below the fields is an article: parts, paragraphs, lists and bold words only. */
  article?: boolean;
}

/**
 * Astro's glob loader, plus the checks whose failure Astro would not explain in an editor's
 * words: every image an entry names exists (Astro's own error names the image, not the content
 * file), a story sits in a real category's folder, a translation has an English entry to translate,
 * an article's text holds only what its page can show.
 */
export function contentGlob({ folder, pattern, imageFields = [], categoryFolders, twinOf, article }: ContentGlobOptions): Loader {
  const inner = glob({ pattern, base: `./src/content/${folder}` });
  return {
    name: `content-glob:${folder}`,
    load: (context) =>
      inner.load({
        ...context,
        parseData: async (props) => {
          if (props.filePath) {
            assertImagesExist(props.filePath, props.data, imageFields);
            if (categoryFolders) assertCategoryFolder(props.filePath, props.id, categoryFolders);
            if (twinOf) assertTwinExists(props.filePath, folder, twinOf);
            if (article) assertArticle(props.filePath);
          }
          return context.parseData(props);
        },
      }),
  };
}

export function assertImagesExist(
  filePath: string,
  data: Record<string, unknown>,
  imageFields: readonly string[],
) {
  for (const field of imageFields) {
    const value = data[field];
    if (typeof value !== 'string' || value.includes('://')) continue;
    const target = resolve(dirname(filePath), value);
    if (!existsSync(target)) {
      const shown = relative(process.cwd(), filePath);
      throw new Error(
        `${shown}: field "${field}" names "${value}", but there is no such file ` +
          `(looked for ${relative(process.cwd(), target)}). ` +
          'Put the image there or correct the path; paths are relative to this content file.',
      );
    }
  }
}

function assertCategoryFolder(filePath: string, id: string, categories: readonly string[]) {
  const category = categoryOfId(id);
  if (id.includes('/') && categories.includes(category)) return;
  throw new Error(
    `${relative(process.cwd(), filePath)}: this file must sit in the folder of its category, one of: ` +
      `${categories.join(', ')}. Move it into one of those folders (the folder is its category).`,
  );
}

function assertTwinExists(filePath: string, translatedFolder: string, englishFolder: string) {
  const shown = relative(process.cwd(), filePath);
  const english = shown.replace(`src/content/${translatedFolder}/`, `src/content/${englishFolder}/`);
  if (existsSync(resolve(english))) return;
  throw new Error(
    `${shown}: there is no English entry ${english} for this translation. ` +
      'A translation keeps the folder and file name of the entry it translates: rename or move it to match.',
  );
}

/** The front matter between its two `---` lines: the text starts on the line after it. */
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

function assertArticle(filePath: string) {
  const source = readFileSync(filePath, 'utf8');
  const fields = FRONT_MATTER.exec(source)?.[0] ?? '';
  try {
    articleSections(source.slice(fields.length), fields.split('\n').length);
  } catch (error) {
    if (!(error instanceof ArticleError)) throw error;
    throw new Error(`${relative(process.cwd(), filePath)}: the text below the fields, ${error.message}.`);
  }
}
