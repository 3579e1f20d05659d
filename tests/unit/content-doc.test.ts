// CONTENT.md's field tables come from the schema (src/build/content-doc.ts): this fails when they
// drift. `npm run content-doc` writes them anew (WRITE_CONTENT_DOC=1 runs this file as the writer).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { SCHEMAS, SOURCES, TRANSLATED_FIELDS } from '../../src/content.config';
import { fieldTable, withTables } from '../../src/build/content-doc';

const CONTENT = join(process.cwd(), 'src/content');
const DOC = join(process.cwd(), 'CONTENT.md');

/** The first entry of a collection, as an editor wrote it: the example of each field. */
function firstEntry(folder: string): Record<string, unknown> {
  const [file] = readdirSync(join(CONTENT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(json|md)$/.test(name))
    .sort();
  const source = readFileSync(join(CONTENT, folder, file!), 'utf8');
  if (file!.endsWith('.json')) return JSON.parse(source);
  const frontmatter = source.split('---')[1] ?? '';
  return Object.fromEntries(
    frontmatter.split('\n').filter((line) => /^\w+: /.test(line)).map((line) => {
      const [key, ...value] = line.split(': ');
      const text = value.join(': ').trim();
      return [key, /^\d+$/.test(text) ? Number(text) : text.replace(/^"(.*)"$/, '$1')];
    }),
  );
}

function tables() {
  return Object.fromEntries(
    (Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]).map((name) => {
      const source = SOURCES[name];
      const schema = SCHEMAS[name]((() => z.string()) as never) as z.ZodObject;
      const table = fieldTable({
        schema,
        imageFields: 'imageFields' in source ? source.imageFields : [],
        example: firstEntry(source.folder),
        translated: TRANSLATED_FIELDS[name],
        isMarkdown: source.pattern.endsWith('.md'),
      });
      return [source.folder, table];
    }),
  );
}

describe('CONTENT.md', () => {
  it('has the field tables the schema gives, for every collection', () => {
    let doc = readFileSync(DOC, 'utf8');
    const written = withTables(doc, tables());
    if (process.env.WRITE_CONTENT_DOC) {
      writeFileSync(DOC, written);
      doc = written;
    }
    for (const folder of Object.values(SOURCES).map((s) => s.folder)) {
      expect(doc, `CONTENT.md has no table for ${folder}/`).toContain(`<!-- fields: ${folder} `);
    }
    expect(doc, 'CONTENT.md is out of date: run npm run content-doc').toBe(written);
  });
});
