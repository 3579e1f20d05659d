// The browser editor's configuration comes from the schema (src/build-time/admin-config.ts): every
// field of every collection, with its hint, whether it is required, its choices and whether a
// translation gives it. This fails when the editor and src/content.config.ts disagree.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { SCHEMAS, SOURCES, TRANSLATED_FIELDS } from '../../src/content.config';
import { editorConfig, editorFields, type EditorField } from '../../src/build-time/admin-config';
import { editorBackend } from '../../src/build-time/admin-backend.js';
import { mediaFoldersOf } from '../../src/build-time/admin-media';
import { editorFonts, editorScript, fontFile } from '../../src/build-time/admin-fonts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/editions';

type Name = keyof typeof SCHEMAS;
const picturePath = (() => z.string()) as never;
const schemaOf = (name: Name) => SCHEMAS[name](picturePath) as z.ZodObject;
const mediaFolders = mediaFoldersOf(process.cwd(), SOURCES);

const config = editorConfig({
  schemas: Object.fromEntries((Object.keys(SCHEMAS) as Name[]).map((name) => [name, schemaOf(name)])),
  sources: SOURCES,
  translated: TRANSLATED_FIELDS,
  mediaFolders,
  singletons: { settings: 'site', staySafe: 'stay-safe' },
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  backend: { name: 'github', repo: 'stree/website' },
  siteUrl: 'https://stree.example/',
});

type Collection = (typeof config.collections)[number] & { fields?: EditorField[]; files?: { fields: EditorField[]; file: string }[]; folder?: string };
const collection = (name: Name) => config.collections.find((c) => c.name === name) as Collection;
const fieldsOf = (name: Name) => (collection(name).fields ?? collection(name).files![0]!.fields).filter((f) => f.name !== 'body');

/** Every field of a schema, nested ones too, by dotted path: the zod side of the comparison. */
function zodFields(schema: z.ZodObject, prefix = ''): [string, z.ZodType][] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    let inner = field;
    while (['optional', 'default'].includes(inner.def.type)) inner = (inner.def as unknown as { innerType: z.ZodType }).innerType;
    const element = inner.def.type === 'array' ? (inner.def as unknown as { element: z.ZodType }).element : inner;
    const nested = element.def.type === 'object' ? zodFields(element as z.ZodObject, `${path}.`) : [];
    return [[path, field] as [string, z.ZodType], ...nested];
  });
}

/** The same for the editor's fields. */
function editorPaths(fields: EditorField[], prefix = ''): [string, EditorField][] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const nested = (field.fields as EditorField[] | undefined) ?? [];
    return [[path, field] as [string, EditorField], ...editorPaths(nested, `${path}.`)];
  });
}

describe('the editor has every field of the schema, as the schema says it', () => {
  for (const name of Object.keys(SCHEMAS) as Name[]) {
    it(`${name}: the same fields, required alike, each with its description as the hint`, () => {
      const zod = zodFields(schemaOf(name));
      const editor = new Map(editorPaths(fieldsOf(name)));
      expect([...editor.keys()]).toEqual(zod.map(([path]) => path));
      for (const [path, field] of zod) {
        const shown = editor.get(path)!;
        expect(shown.required, path).toBe(!field.safeParse(undefined).success);
        expect(shown.hint, path).toBe(field.description);
      }
    });

    it(`${name}: a translation gives exactly the fields the schema translates`, () => {
      const translated = fieldsOf(name).filter((field) => field.i18n).map((field) => field.name);
      expect(translated.sort()).toEqual(Object.keys(TRANSLATED_FIELDS[name]).sort());
    });
  }

  it('offers the choices of a field with a fixed list, and its default', () => {
    const post = fieldsOf('testimonials').find((f) => f.name === 'post')!;
    expect(post).toMatchObject({ widget: 'select', options: (schemaOf('testimonials').shape.post as z.ZodEnum).options });
    expect(fieldsOf('testimonials').find((f) => f.name === 'lang')).toMatchObject({ widget: 'select', default: 'en', required: false });
  });

  it('keeps lists as lists, with their bounds: exactly two phone numbers, at least one helpline', () => {
    const settings = fieldsOf('settings');
    expect(settings.find((f) => f.name === 'phones')).toMatchObject({ widget: 'list', min: 2, max: 2 });
    expect(settings.find((f) => f.name === 'helplines')).toMatchObject({ widget: 'list', min: 1 });
  });

  it('shows a field added to the schema with no second edit', () => {
    const grown = schemaOf('stories').extend({ village: z.string().min(1).describe('Her village, as she names it') });
    expect(editorFields(grown, TRANSLATED_FIELDS.stories).at(-1)).toMatchObject({
      name: 'village', widget: 'text', required: true, hint: 'Her village, as she names it', i18n: false,
    });
  });
});

describe('where the editor writes', () => {
  it('English at the root of src/content/, Hindi and Gujarati under src/content/hi/ and gu/, stories in their category folders', () => {
    expect(config.i18n).toMatchObject({ locales: ['en', 'hi', 'gu'], default_locale: 'en', omit_default_locale_from_file_path: true });
    expect(collection('stories')).toMatchObject({ folder: 'src/content/{{locale}}/stories', format: 'frontmatter', nested: { depth: 2, subfolders: false } });
    expect(collection('focus')).toMatchObject({ folder: 'src/content/{{locale}}/focus', format: 'json', extension: 'json' });
    expect(collection('settings').files![0]!.file).toBe('src/content/{{locale}}/settings/site.json');
    expect(collection('staySafe')).toMatchObject({ format: 'frontmatter' });
    expect(collection('staySafe').files![0]!.file).toBe('src/content/{{locale}}/stay-safe/stay-safe.md');
  });

  it('offers for the stay-safe text only what its page shows, and says so: no link, picture, quotation or italics to be refused', () => {
    const body = collection('staySafe').files![0]!.fields.find((field) => field.name === 'body')!;
    expect(body).toMatchObject({ widget: 'markdown', required: true, i18n: true, editor_components: [] });
    expect(body.buttons).toEqual(['bold', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list']);
    expect(body.hint).toContain('"## " heading');
    expect(body.hint).toContain('{site}');
    // A story's text is free Markdown, as before.
    expect(collection('stories').fields!.find((field) => field.name === 'body')).not.toHaveProperty('buttons');
  });

  it('asks for each helpline’s name and purpose in every edition’s language, in the fields its row names', () => {
    const helpline = fieldsOf('settings').find((f) => f.name === 'helplines')!.fields as EditorField[];
    const named = (name: string) => helpline.find((f) => f.name === name);
    expect(named('nameGu')).toMatchObject({ widget: 'text', required: true, hint: 'Its name in Gujarati, e.g. મહિલા હેલ્પલાઇન' });
    expect(named('purposeGu')).toMatchObject({ widget: 'text', required: true, hint: 'The same in Gujarati, in everyday words' });
    expect(named('nameHi')).toMatchObject({ required: true, hint: 'Its name in Hindi, e.g. महिला हेल्पलाइन' });
    // Each name beside the others, then each purpose: the order an editor reads them in.
    expect(helpline.map((f) => f.name)).toEqual(['number', 'freeNumber', 'name', 'nameHi', 'nameGu', 'purpose', 'purposeHi', 'purposeGu', 'source', 'checked']);
  });

  it("puts each uploaded picture beside its collection's others in src/assets/, named from the entry's file", () => {
    expect(collection('stories')).toMatchObject({ media_folder: '/src/assets/stories', public_folder: '../../../assets/stories' });
    expect(fieldsOf('stories').find((f) => f.name === 'image')).toMatchObject({ widget: 'image' });
    // Settings keep two kinds of picture in two folders: each field says its own.
    expect(fieldsOf('settings').find((f) => f.name === 'teamPhoto')).toMatchObject({ widget: 'image', media_folder: '/src/assets/team', public_folder: '../../assets/team' });
    for (const [name, fields] of Object.entries(mediaFolders)) {
      for (const [field, folder] of Object.entries(fields)) expect(existsSync(join(process.cwd(), folder.media_folder)), `${name}.${field}`).toBe(true);
    }
  });
});

describe("the editor's repository host, from the build's environment", () => {
  it('is GitHub by default, with the repository Netlify or GitHub Actions name', () => {
    expect(editorBackend({ REPOSITORY_URL: 'https://github.com/stree/website' })).toEqual({
      backend: { name: 'github', repo: 'stree/website' }, apiOrigin: 'https://api.github.com', isSet: true,
    });
    expect(editorBackend({ GITHUB_REPOSITORY: 'stree/website', CMS_BRANCH: 'main' }).backend).toEqual({ name: 'github', repo: 'stree/website', branch: 'main' });
  });

  it('may be a self-hosted Gitea or Forgejo, whose API the page is then allowed to reach', () => {
    const gitea = editorBackend({ CMS_BACKEND: 'gitea', CMS_REPO: 'stree/website', CMS_API_ROOT: 'https://codeberg.org/api/v1' });
    expect(gitea.backend).toMatchObject({ name: 'gitea', repo: 'stree/website', api_root: 'https://codeberg.org/api/v1', base_url: 'https://codeberg.org' });
    expect(gitea.apiOrigin).toBe('https://codeberg.org');
    expect(() => editorBackend({ CMS_BACKEND: 'gitea', CMS_REPO: 'a/b' })).toThrow('CMS_API_ROOT');
  });

  it('says so when no repository is named', () => {
    expect(editorBackend({}).isSet).toBe(false);
  });
});

describe("the editor's fonts, from the site", () => {
  it('finds each font the script asks a CDN for, and the installed package that has it', () => {
    const fonts = editorFonts(editorScript());
    expect(fonts.map((font) => font.file).sort()).toEqual([
      'material-symbols-outlined-latin-wght-normal.woff2', 'noto-mono-latin-400-normal.woff2', 'source-sans-3-latin-wght-normal.woff2',
    ]);
    for (const font of fonts) expect(fontFile(font).subarray(0, 4).toString('latin1'), font.file).toBe('wOF2');
  });

  it('names the package to install when a font is missing', () => {
    const [font] = editorFonts('url(https://cdn.jsdelivr.net/fontsource/fonts/not-a-font:vf@1.0.0/latin-wght-normal.woff2)');
    expect(font).toMatchObject({ packageName: '@fontsource-variable/not-a-font', file: 'not-a-font-latin-wght-normal.woff2' });
    expect(() => fontFile(font!)).toThrow('npm install @fontsource-variable/not-a-font');
  });
});
