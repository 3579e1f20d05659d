// /admin/config.json: the browser editor's configuration, written from src/content.config.ts at
// each build (src/build-time/admin-config.ts, docs/admin.md).
import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { SCHEMAS, SOURCES, TRANSLATED_FIELDS } from '../../content.config';
import { editorConfig } from '../../build-time/admin-config';
import { editorBackend } from '../../build-time/admin-backend.js';
import { mediaFoldersOf } from '../../build-time/admin-media';
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales';

/** A picture field is a path to a file, as the editor writes it; Astro checks the file at build. */
const picturePath = (() => z.string()) as never;

export const GET: APIRoute = ({ site }) => {
  const schemas = Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, schema(picturePath) as z.ZodObject]));
  const config = editorConfig({
    schemas,
    sources: SOURCES,
    translated: TRANSLATED_FIELDS,
    mediaFolders: mediaFoldersOf(process.cwd(), SOURCES),
    singletons: { settings: 'site', staySafe: 'stay-safe' },
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    backend: editorBackend(process.env).backend,
    siteUrl: site?.href ?? '',
  });
  return new Response(JSON.stringify(config, null, 2), { headers: { 'Content-Type': 'application/json' } });
};
