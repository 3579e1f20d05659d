import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { staticSite } from '../../server/static-site.js';
import { REFERENCE_PATH } from './pages.js';

/**
 * /home as a plain static page: the same HTML and inlined CSS, built the same way, with every script
 * taken out (JSON-LD data stays). Measured beside /home, it shows what the islands cost, if anything,
 * before the first paint and the largest one.
 */
function referencePage(distDir) {
  const html = readFileSync(join(distDir, 'home', 'index.html'), 'utf8');
  return html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, '');
}

/** Serves dist/ with the project's own handler on a free loopback port, and the reference page. */
export async function serveDist(distDir) {
  const site = staticSite(distDir);
  // Compressed as the site's own pages are: sent raw, its paints measured its size, not its build.
  const reference = gzipSync(referencePage(distDir));
  const server = createServer((req, res) => {
    if (req.url !== REFERENCE_PATH) return site(req, res);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    res.end(reference);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
