// /admin/: the editors' page (docs/admin.md). Not an Astro page on purpose: Astro would give it the
// visitors' policy, which forbids what the editor needs. It carries its own policy instead, says
// no search engine may list it, and loads the editor's script and configuration from beside it
// (by full path: /admin without its slash must find them too).
import type { APIRoute } from 'astro';
import { editorBackend } from '../../build-time/admin-backend.js';
import { adminPolicyDirectives } from '../../build-time/security/admin-policy.js';
import { withBase } from '../../lib/paths';

export const GET: APIRoute = () => {
  const policy = adminPolicyDirectives({ apiOrigin: editorBackend(process.env).apiOrigin }).join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="content-security-policy" content="${policy}">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>STREE editor</title>
<link rel="cms-config-url" type="application/json" href="${withBase('/admin/config.json')}">
</head>
<body>
<noscript><p>The STREE editor needs JavaScript. To change the site without it, edit the files in src/content/ as CONTENT.md explains.</p></noscript>
<script src="${withBase('/admin/sveltia-cms.js')}"></script>
</body>
</html>
`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};
