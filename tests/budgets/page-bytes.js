// Static measures of one built page: what it costs before any script runs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const gzipSize = (data) => gzipSync(data, { level: 9 }).length;

/** Render-blocking stylesheets: <link rel=stylesheet> without a non-matching media query. */
function blockingStyles(html) {
  return [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !/media="(print|not all)"/.test(tag))
    .map((tag) => tag.match(/href="([^"]+)"/)[1]);
}

/** Classic scripts in <head> without defer or async block the first paint. */
export function blockingScripts(html) {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<script\b([^>]*)\bsrc="[^"]+"[^>]*>/g)].filter(
    ([, attrs]) => !/\b(defer|async)\b|type="module"/.test(attrs),
  ).length;
}

/** Every script file the page loads, following each chunk's static imports. */
function scriptFiles(html, dist) {
  const entries = [
    // A nomodule script is fetched only by a browser that runs none of the module scripts (and
    // fetched by none that does): it is the other path, not part of this one's bytes.
    ...html.matchAll(/<script\b(?![^>]*\bnomodule\b)[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g),
  ].map(([, url]) => url);
  const seen = new Set();
  const visit = (url) => {
    const file = join(dist, decodeURI(url));
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(join(dirname(url), spec));
    }
  };
  entries.forEach(visit);
  return [...seen];
}

/**
 * The HTML up to the end of the page's first section, gzip: a browser paints the first screen
 * from it while the rest is still arriving (the CSS is inlined in the head).
 */
export function firstScreenBytes(html) {
  const main = html.indexOf('<main');
  const end = html.indexOf('</section>', main);
  return main < 0 || end < 0 ? undefined : gzipSize(html.slice(0, end + '</section>'.length));
}

/** Bytes that matter for one page: critical (HTML + blocking CSS) and all its JavaScript, gzip. */
export function pageBytes(htmlFile, dist) {
  const html = readFileSync(htmlFile, 'utf8');
  const css = blockingStyles(html).map((url) => readFileSync(join(dist, decodeURI(url))));
  // JSON-LD is data for search engines, not JavaScript: it counts in the HTML, not here.
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, code]) => code)
    .join('\n');
  const files = scriptFiles(html, dist);
  return {
    critical: gzipSize(html) + css.reduce((sum, file) => sum + gzipSize(file), 0),
    script: files.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0) + (inlineScripts ? gzipSize(inlineScripts) : 0),
    blockingScripts: blockingScripts(html),
    firstScreen: firstScreenBytes(html),
  };
}
