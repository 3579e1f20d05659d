// The browser editor's configuration (Sveltia CMS, docs/admin.md), written from the content schema
// at build time: each field's name, whether it is required, its kind, its choices and its
// `.describe()` as the hint under it. A field added to src/content.config.ts appears in the editor
// with no second edit; tests/unit/admin-config.test.ts fails when the two disagree.
import { z } from 'astro/zod';
import { ARTICLE_TEXT } from '../lib/article';

/** A JSON Schema node, as zod writes one for a field. */
interface JsonNode {
  type?: string;
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonNode;
  properties?: Record<string, JsonNode>;
  required?: string[];
}

/** One field of the editor's configuration (a subset of Sveltia's `Field`). */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  i18n: boolean;
  default?: unknown;
  [option: string]: unknown;
}

/** Where a collection's pictures go: a folder below the project and the path written from an entry. */
export interface MediaFolder {
  /** From the project root, with a leading slash: `/src/assets/stories`. */
  media_folder: string;
  /** As an entry's field names it, relative to the entry's file: `../../../assets/stories`. */
  public_folder: string;
}

export interface CollectionSource {
  /** Folder below src/content/. */
  folder: string;
  /** Which files are entries: `*.json`, or `**\/*.md` for entries in category folders. */
  pattern: string;
  imageFields?: readonly string[];
  /** The text below the fields is an article (src/lib/article.ts): parts, paragraphs, lists, bold. */
  article?: boolean;
}

export interface EditorConfigInput {
  /** Each collection's English schema (the `image()` helper replaced by a plain string). */
  schemas: Record<string, z.ZodObject>;
  sources: Record<string, CollectionSource>;
  /** The fields a translation gives, per collection. */
  translated: Record<string, Record<string, true>>;
  /** Where each picture field's files go, per collection and field. */
  mediaFolders: Record<string, Record<string, MediaFolder>>;
  /** Collections held in one file (name → the file's name without extension). */
  singletons: Record<string, string>;
  locales: readonly string[];
  defaultLocale: string;
  backend: Record<string, unknown>;
  /** The site's public address, for the editor's "view site" links. */
  siteUrl: string;
}

/** `storyCategories` → `Story categories`. */
export const labelOf = (name: string) => {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The sentence a refused value shows: what the hint asks for. */
const refusal = (node: JsonNode) => `Write it as the hint says${node.description ? `: ${node.description}` : ''}`;

/** The editor's field for one schema field. `translated`: a translation gives it (and what is inside it). */
function fieldOf(name: string, node: JsonNode, required: boolean, options: { imageFolder?: Partial<MediaFolder>; translated: boolean }): EditorField {
  const common = {
    name,
    label: labelOf(name),
    required,
    i18n: options.translated,
    ...(node.description ? { hint: node.description } : {}),
    ...(node.default !== undefined ? { default: node.default } : {}),
  };
  if (options.imageFolder) return { ...common, widget: 'image', choose_url: false, ...options.imageFolder };
  switch (node.type) {
    case 'boolean':
      return { ...common, widget: 'boolean' };
    case 'integer':
    case 'number':
      return {
        ...common,
        widget: 'number',
        value_type: node.type === 'integer' ? 'int' : 'float',
        ...(node.minimum !== undefined ? { min: node.minimum } : {}),
        // zod writes a whole number's safe limit as its maximum: no editor needs to see that.
        ...(node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER ? { max: node.maximum } : {}),
      };
    case 'array': {
      const items = node.items ?? {};
      const bounds = { ...(node.minItems !== undefined ? { min: node.minItems } : {}), ...(node.maxItems !== undefined ? { max: node.maxItems } : {}) };
      if (items.type === 'object') return { ...common, widget: 'list', ...bounds, fields: fieldsOf(items, { translated: options.translated }) };
      return { ...common, widget: 'list', ...bounds, field: fieldOf('item', items, true, { translated: options.translated }) };
    }
    case 'object':
      return { ...common, widget: 'object', fields: fieldsOf(node, { translated: options.translated }) };
    case 'string':
      if (node.enum) return { ...common, widget: 'select', options: node.enum };
      if (node.format === 'date') return { ...common, widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' };
      if (node.format === 'uri') return { ...common, widget: 'string', type: 'url' };
      if (node.format === 'email') return { ...common, widget: 'string', type: 'email' };
      if (node.pattern) return { ...common, widget: 'string', pattern: [node.pattern, refusal(node)] };
      // Free text may run to a paragraph: a box that grows as she writes.
      return { ...common, widget: 'text' };
    default:
      throw new Error(`The editor has no field for ${name} (${JSON.stringify(node)}): add its kind to src/build-time/admin-config.ts`);
  }
}

function fieldsOf(
  node: JsonNode,
  options: { translated: boolean | Record<string, true>; images?: Record<string, Partial<MediaFolder>> },
): EditorField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, child]) =>
    fieldOf(name, child, required.has(name), {
      imageFolder: options.images?.[name],
      translated: typeof options.translated === 'boolean' ? options.translated : options.translated[name] === true,
    }),
  );
}

/** The fields of a collection's entry, in the schema's order: the editor's form. */
export function editorFields(
  schema: z.ZodObject,
  translated: Record<string, true>,
  folders: Record<string, MediaFolder> = {},
  imageFields: readonly string[] = Object.keys(folders),
): EditorField[] {
  // The input side: a field with a default may be left out, as an editor may leave it out of a file.
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
  const images = Object.fromEntries(imageFields.map((field) => [field, folders[field] ?? {}]));
  return fieldsOf(json, { translated, images });
}

/** Markdown entries carry their text below the fields; a translation gives it too. */
const BODY: EditorField = {
  name: 'body',
  label: 'Text',
  widget: 'markdown',
  required: true,
  i18n: true,
  hint: 'The text of the page, in paragraphs. Plain words: no HTML.',
};

/**
 * An article's text: the editor offers only what its page shows (src/lib/article.ts), so that a
 * link or a quotation is not offered to be refused at the build.
 */
const ARTICLE_BODY: EditorField = {
  ...BODY,
  hint: `The text of the page: ${ARTICLE_TEXT}. Where it says {site}, the page shows the site Exit this page opens.`,
  buttons: ['bold', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list'],
  editor_components: [],
};

/** The whole configuration Sveltia CMS reads at /admin/config.json. */
export function editorConfig(input: EditorConfigInput) {
  const { locales, defaultLocale } = input;
  const collections = Object.entries(input.schemas).map(([name, schema]) => {
    const source = input.sources[name]!;
    const isMarkdown = source.pattern.endsWith('.md');
    const media = input.mediaFolders[name] ?? {};
    // One folder for all of a collection's pictures is said once, for the collection: Sveltia finds a
    // field's own folder by the field's name, and several collections name their picture `image`.
    const folders = [...new Set(Object.values(media).map((folder) => JSON.stringify(folder)))];
    const collectionMedia = folders.length === 1 ? (JSON.parse(folders[0]!) as MediaFolder) : undefined;
    const fields = editorFields(schema, input.translated[name] ?? {}, collectionMedia ? {} : media, Object.keys(media));
    const format = isMarkdown ? { format: 'frontmatter' } : { format: 'json' };
    const extension = isMarkdown ? 'md' : 'json';
    // English at the root of src/content/, each other edition in src/content/{locale}/ (docs/admin.md).
    const folder = `src/content/{{locale}}/${source.folder}`;
    const common = { name, label: labelOf(name), ...format, i18n: true, ...collectionMedia };
    const body = source.article ? ARTICLE_BODY : BODY;
    const singleton = input.singletons[name];
    if (singleton) {
      const file = `${folder}/${singleton}.${extension}`;
      return { ...common, files: [{ name: singleton, label: labelOf(name), file, i18n: true, fields: isMarkdown ? [...fields, body] : fields }] };
    }
    const identifier = ['name', 'title'].find((key) => key in schema.shape) ?? Object.keys(schema.shape)[0]!;
    return {
      ...common,
      folder,
      extension,
      identifier_field: identifier,
      summary: `{{${identifier}}}`,
      sortable_fields: ['order', identifier].filter((key) => key in schema.shape),
      fields: isMarkdown ? [...fields, body] : fields,
      // Stories and profiles live in a folder per category: the folder is the category.
      ...(source.pattern.includes('**/') ? { nested: { depth: 2, subfolders: false }, meta: { path: { widget: 'string', label: 'Category' } } } : {}),
    };
  });
  return {
    // Written as JSON only where the CMS reads it: these keys are Sveltia's, not ours.
    backend: input.backend,
    site_url: input.siteUrl,
    app_title: 'STREE editor',
    // Pictures go beside the others in src/assets/ (each picture field says which folder).
    media_folder: '/src/assets',
    // Stock photo services need keys and the network, and their pictures are not the women's.
    media_libraries: { stock_assets: false },
    i18n: {
      structure: 'multiple_folders',
      locales: [...locales],
      default_locale: defaultLocale,
      omit_default_locale_from_file_path: true,
    },
    slug: { encoding: 'ascii', clean_accents: true },
    // An optional field left empty is left out, as the schema expects, not written as "".
    output: { omit_empty_optional_fields: true },
    collections,
  };
}
