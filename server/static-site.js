import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';

/**
 * Serves the built site the way a static host does: compressed, `/home` finds
 * `home/index.html`, and anything missing gets `404.html` with status 404.
 */
export function staticSite(distDir) {
  const serveFile = sirv(distDir, { dev: false, etag: true, extensions: ['html'] });
  // Every static host compresses text; without it, measures of page weight here would be wrong.
  const compress = compression();
  const notFoundPage = readFileSync(join(distDir, '404.html'));
  return (req, res) =>
    compress(req, res, () =>
      serveFile(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : notFoundPage);
      }),
    );
}
