import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';

/**
 * Serves the built site the way a static host does: compressed, `/home` finds
 * `home/index.html`, and anything missing gets `404.html` with status 404. Under a sub-path
 * (`base`, as BASE_PATH at build time), only addresses below it are the site's, as on GitHub Pages.
 */
export function staticSite(distDir, { base = '/' } = {}) {
  const serveFile = sirv(distDir, { dev: false, etag: true, extensions: ['html'] });
  // Every static host compresses text; without it, measures of page weight here would be wrong.
  const compress = compression();
  const notFoundPage = readFileSync(join(distDir, '404.html'));
  const notFound = (req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : notFoundPage);
  };
  const serve = (req, res) => {
    const url = req.url ?? '/';
    if (base !== '/' && url === base.slice(0, -1)) {
      res.writeHead(301, { Location: base });
      return res.end();
    }
    if (!url.startsWith(base)) return notFound(req, res);
    req.url = url.slice(base.length - 1);
    serveFile(req, res, () => notFound(req, res));
  };
  return (req, res) => compress(req, res, () => serve(req, res));
}
