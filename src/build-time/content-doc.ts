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

type Def = { type: string; innerType?: z.ZodType; format?: string; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (field: z.ZodType) => field.def as Def;

/** The field without its `optional` or `default`: the value an editor writes. */
function unwrapped(field: z.ZodType): z.ZodType {
  const def = defOf(field);
  return def.type === 'optional' || def.type === 'default' ? unwrapped(def.innerType!) : field;
}

/** How an editor writes a value of this field, from its zod type. */
function kindOf(field: z.ZodType, name: string, imageFields: readonly string[]): string {
  if (imageFields.includes(name)) return 'picture path';
  const def = defOf(unwrapped(field));
  switch (def.type) {
    case 'string':
      if (def.format === 'url') return 'web address';
      if (def.format === 'email') return 'e-mail address';
      if (def.format === 'date') return 'date, YYYY-MM-DD';
      return 'text';
    case 'number':
      return 'whole number';
    case 'boolean':
      return '`true` or `false`';
    case 'array': {
      const item = defOf(unwrapped(def.element!)).type;
      return item === 'object' ? 'list of groups of fields' : item === 'enum' ? 'list, each one of a list' : 'list';
    }
    case 'object':
      return 'group of fields';
    case 'enum':
      return 'one of a list';
    default:
      return def.type;
  }
}

/** The fields inside a group, or inside each group of a list: `office.city`, `helplines[].number`. */
function innerFields(field: z.ZodType, name: string): [string, z.ZodType][] {
  const def = defOf(unwrapped(field));
  const item = def.type === 'array' ? unwrapped(def.element!) : undefined;
  const group = def.type === 'object' ? def : item && defOf(item).type === 'object' ? defOf(item) : undefined;
  if (!group?.shape) return [];
  const prefix = def.type === 'array' ? `${name}[]` : name;
  return Object.entries(group.shape).map(([inner, innerField]) => [`${prefix}.${inner}`, innerField]);
}

/** The example value at a path such as `helplines[].number`: the first item of a list stands for all. */
function exampleAt(example: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, step) => {
    const isList = step.endsWith('[]');
    const key = isList ? step.slice(0, -2) : step;
    const next = (value as Record<string, unknown> | undefined)?.[key];
    return isList && Array.isArray(next) ? next[0] : next;
  }, example);
}

function exampleOf(value: unknown, isMarkdown: boolean): string {
  if (value === undefined) return '';
  const json = isMarkdown && typeof value === 'string' ? value : JSON.stringify(value);
  const shown = json.length > MAX_EXAMPLE ? `${json.slice(0, MAX_EXAMPLE - 1)}…` : json;
  return `\`${shown.replaceAll('|', '\\|')}\``;
}

/**
 * A Markdown table of a collection's fields, with a row for every field inside a group or a list
 * of groups below it (`office.city`, `helplines[].number`): editors see every field the build checks.
 */
export function fieldTable({ schema, imageFields = [], example = {}, translated, isMarkdown = false }: FieldsOf): string {
  const header = ['Field', 'Required?', 'Kind', 'What to write', 'Example', ...(translated ? ['Translated'] : [])];
  const rowsOf = (path: string, field: z.ZodType, isTranslated: boolean): string[][] => [
    [
      `\`${path}\``,
      field.safeParse(undefined).success ? 'optional' : 'required',
      kindOf(field, path, imageFields),
      (field.description ?? '').replaceAll('|', '\\|'),
      exampleOf(exampleAt(example, path), isMarkdown),
      ...(translated ? [isTranslated ? 'yes' : ''] : []),
    ],
    ...innerFields(field, path).flatMap(([inner, innerField]) => rowsOf(inner, innerField, isTranslated)),
  ];
  const rows = Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) =>
    rowsOf(name, field, Boolean(translated?.[name])),
  );
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
