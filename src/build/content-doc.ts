// CONTENT.md's field tables, written from the schema so that they cannot drift from it: the
// sentence for each field is its `.describe()`, the example a value from a real content file.
// tests/unit/content-doc.test.ts fails when CONTENT.md differs; `npm run content-doc` rewrites it.
import type { z } from 'astro/zod';

interface FieldsOf {
  /** The collection's schema. */
  schema: z.ZodObject;
  /** Fields that name a picture file. */
  imageFields?: readonly string[];
  /** A real entry's values, for the Example column. */
  example?: Record<string, unknown>;
  /** Fields a translation gives, for the "Translated" column. */
  translated?: Record<string, true>;
  /** Markdown frontmatter takes text without quotes; JSON needs them. */
  isMarkdown?: boolean;
}

const MAX_EXAMPLE = 60;

/** How an editor writes a value of this field, from its zod type. */
function kindOf(field: z.ZodType, name: string, imageFields: readonly string[]): string {
  if (imageFields.includes(name)) return 'picture path';
  const def = field.def as { type: string; innerType?: z.ZodType; format?: string; element?: z.ZodType };
  switch (def.type) {
    case 'optional':
    case 'default':
      return kindOf(def.innerType!, name, imageFields);
    case 'string':
      return def.format === 'url' ? 'web address' : def.format === 'email' ? 'e-mail address' : 'text';
    case 'number':
      return 'whole number';
    case 'boolean':
      return '`true` or `false`';
    case 'array':
      return 'list';
    case 'object':
      return 'group of fields';
    case 'enum':
      return 'one of a list';
    default:
      return def.type;
  }
}

function exampleOf(value: unknown, isMarkdown: boolean): string {
  if (value === undefined) return '';
  const json = isMarkdown && typeof value === 'string' ? value : JSON.stringify(value);
  const shown = json.length > MAX_EXAMPLE ? `${json.slice(0, MAX_EXAMPLE - 1)}…` : json;
  return `\`${shown.replaceAll('|', '\\|')}\``;
}

/** A Markdown table of a collection's fields. */
export function fieldTable({ schema, imageFields = [], example = {}, translated, isMarkdown = false }: FieldsOf): string {
  const header = ['Field', 'Required?', 'Kind', 'What to write', 'Example', ...(translated ? ['Translated'] : [])];
  const rows = Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
    `\`${name}\``,
    field.safeParse(undefined).success ? 'optional' : 'required',
    kindOf(field, name, imageFields),
    (field.description ?? '').replaceAll('|', '\\|'),
    exampleOf(example[name], isMarkdown),
    ...(translated ? [translated[name] ? 'yes' : ''] : []),
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const BEGIN = (name: string) => `<!-- fields: ${name} (written from src/content.config.ts by npm run content-doc) -->`;
const END = '<!-- end of fields -->';

/** `doc` with every marked table replaced by `tables[name]`; throws on a marker with no table. */
export function withTables(doc: string, tables: Record<string, string>): string {
  return doc.replace(/<!-- fields: ([\w-]+) \(written[^>]*-->[\s\S]*?<!-- end of fields -->/g, (_, name: string) => {
    const table = tables[name];
    if (table === undefined) throw new Error(`CONTENT.md marks a table for "${name}", which the schema does not have`);
    return `${BEGIN(name)}\n${table}\n${END}`;
  });
}

/** The marker pair for a table, for writing a new section by hand. */
export const tableMarkers = (name: string) => `${BEGIN(name)}\n${END}`;
