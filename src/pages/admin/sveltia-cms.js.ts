// /admin/sveltia-cms.js: the editor's script, copied from the installed package at each build.
// Served here only: no visitor page links to it and the service worker never precaches it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIRoute } from 'astro';

export const GET: APIRoute = () => {
  // The package exports only its module entry (npm/index.js); the script sits beside it in dist/.
  const packageFolder = dirname(dirname(createRequire(join(process.cwd(), 'package.json')).resolve('@sveltia/cms')));
  // The map is not shipped: the comment would only send a browser's developer tools to a 404.
  const script = readFileSync(join(packageFolder, 'dist', 'sveltia-cms.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  return new Response(script, { headers: { 'Content-Type': 'text/javascript' } });
};
