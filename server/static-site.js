import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { headersFor, parseHeadersFile } from './headers-file.js';

/** Files a host reads for itself and never serves. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/**
 * Whether a decoded path names a file the host reads for itself, however it is spelt: sirv finds
 * `/_headers` at `/_headers/` too, a disk may not tell `_HEADERS` from `_headers`, and repeated
 * slashes and dot segments (`//_headers`, `/b/../_headers`) name the same file.
 */
function isHostFile(path) {
  const tidy = posix.normalize(path.replace(/\\/g, '/')).replace(/\/+$/, '');
  return HOST_FILES.has(tidy.toLowerCase());
}

/** The path a request asks for, decoded as a host matches it against `_headers` patterns. */
function pathOf(url = '/') {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The same address, spelt the one way sirv finds files by. sirv decodes with `decodeURI`, which
 * leaves `%26` (how encodeURIComponent writes `&`), `%2B`, `%2C` and the other reserved
 * characters encoded, so `/salaamstree/Safety%20%26%20Justice/0/` would miss its folder while
 * static hosts serve it. Decoded fully and written again with encodeURI, every spelling of a
 * path becomes the one sirv decodes back to the file's name.
 */
function sirvSpelling(url) {
  const [path, query] = url.split(/\?(.*)/s);
  const decoded = pathOf(path);
  // Decoded, these would change what the path means: keep them as they came.
  if (/[?#]/.test(decoded) || /%2f/i.test(path)) return url;
  try {
    return `${encodeURI(decoded)}${query === undefined ? '' : `?${query}`}`;
  } catch {
    return url; // a lone surrogate: no file has such a name
  }
}

/**
 * Serves the built site the way a static host does: compressed, `/home` finds
 * `home/index.html`, anything missing gets `404.html` with status 404, and every answer carries
 * the headers `_headers` gives its path (the security headers among them), so tests run under
 * the policy that is deployed. Under a sub-path (`base`, as BASE_PATH at build time), only
 * addresses below it are the site's, as on GitHub Pages.
 */
export function staticSite(distDir, { base = '/' } = {}) {
  const serveFile = sirv(distDir, { dev: false, etag: true, extensions: ['html'] });
  // Every static host compresses text; without it, measures of page weight here would be wrong.
  const compress = compression();
  const notFoundPage = readFileSync(join(distDir, '404.html'));
  const headersFile = join(distDir, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
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
    // Below the base, the site's own paths: `_headers` patterns and files are written for those.
    req.url = sirvSpelling(url.slice(base.length - 1));
    const path = pathOf(req.url);
    for (const [name, value] of headersFor(rules, path)) res.setHeader(name, value);
    if (isHostFile(path)) return notFound(req, res);
    serveFile(req, res, () => notFound(req, res));
  };
  return (req, res) => compress(req, res, () => serve(req, res));
}
