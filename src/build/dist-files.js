// The built site as files: every page of a dist/ folder and the address each is served at.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Every HTML file below `dir`, 404.html included.
 * @param {string} dir
 * @returns {string[]}
 */
export function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

/**
 * The site path a built file answers, below the base: dist/home/index.html → /home/.
 * @param {string} dist
 * @param {string} file
 */
export function sitePathOf(dist, file) {
  const path = relative(dist, file).split(sep).join('/');
  return `/${path.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
}
