// /admin/sveltia-cms.js: the editor's script, copied from the installed package at each build.
// Served here only: no visitor page links to it and the service worker never precaches it.
import type { APIRoute } from 'astro';
import { editorFonts, editorScript } from '../../build-time/admin-fonts';
import { withBase } from '../../lib/paths';

export const GET: APIRoute = () => {
  let script = editorScript();
  // Its fonts from beside it (src/build-time/admin-fonts.ts), not from a CDN.
  for (const font of editorFonts(script)) script = script.replaceAll(font.url, withBase(`/admin/fonts/${font.file}`));
  // The map is not shipped: the comment would only send a browser's developer tools to a 404.
  script = script.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  return new Response(script, { headers: { 'Content-Type': 'text/javascript' } });
};
