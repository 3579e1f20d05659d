import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';

/**
 * Serves the built site the way a static host does: `/home` finds `home/index.html`, and
 * anything missing gets `404.html` with status 404.
 */
export function staticSite(distDir) {
  const serveFile = sirv(distDir, { dev: false, etag: true, extensions: ['html'] });
  const notFoundPage = readFileSync(join(distDir, '404.html'));
  return (req, res) =>
    serveFile(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : notFoundPage);
    });
}
