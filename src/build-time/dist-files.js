// The built site as files: every page of a dist/ folder and the address each is served at.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The editors' browser editor, `/admin/` (docs/admin.md): a tool, not a page for visitors. The
 * page checks, the byte budgets and the link checks read visitors' pages only, so they leave it
 * out; it has its own policy.
 */
export const EDITOR_FOLDER = 'admin';

/** Every HTML file below `dir`. */
function allHtml(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allHtml(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

/**
 * Every page a visitor may open in a built site, 404.html included: not the editor's.
 * @param {string} dist
 * @returns {string[]}
 */
export function htmlFiles(dist) {
  const editor = join(dist, EDITOR_FOLDER) + sep;
  return allHtml(dist).filter((file) => !file.startsWith(editor));
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
