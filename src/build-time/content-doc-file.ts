// CONTENT.md as the schema writes it: each collection's field table (src/build-time/content-doc.ts), its
// examples taken from the collection's first file. Read by `npm run content-doc` (scripts/content-doc.js),
// which writes it, and by tests/unit/content-doc.test.ts, which fails when CONTENT.md differs.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { SCHEMAS, SOURCES, TRANSLATED_FIELDS } from '../content.config';
import { fieldTable, withTables } from './content-doc';

/** The first entry of a collection, as an editor wrote it: the example of each field. */
function firstEntry(content: string, folder: string): Record<string, unknown> {
  const [file] = readdirSync(join(content, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(json|md)$/.test(name))
    .sort();
  const source = readFileSync(join(content, folder, file!), 'utf8');
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

/** Every collection's field table, by its folder (the name its CONTENT.md marker uses). */
export function contentTables(root: string): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]).map((name) => {
      const source = SOURCES[name];
      // A picture field checks a file at build time; here only its place in the table matters.
      const schema = SCHEMAS[name]((() => z.string()) as never) as z.ZodObject;
      const table = fieldTable({
        schema,
        imageFields: 'imageFields' in source ? source.imageFields : [],
        example: firstEntry(join(root, 'src/content'), source.folder),
        translated: TRANSLATED_FIELDS[name],
        isMarkdown: source.pattern.endsWith('.md'),
      });
      return [source.folder, table];
    }),
  );
}

/** CONTENT.md as it is, and as the schema writes it. */
export function contentDoc(root: string) {
  const current = readFileSync(join(root, 'CONTENT.md'), 'utf8');
  return { current, written: withTables(current, contentTables(root)) };
}
