// Which concrete URL stands for each page type: read from dist/ so the bench follows the content.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const subdirs = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

function firstWith(dir, inner) {
  const found = subdirs(dir).find((name) => existsSync(join(dir, name, inner, 'index.html')));
  if (!found) throw new Error(`no ${join(dir, '*', inner, 'index.html')} in the build`);
  return found;
}

/** Where the bench serves its reference page: /home without islands (serve.js). */
export const REFERENCE_PATH = '/__reference/home/';

/** One URL path per page type, in report order. */
export function pickPages(distDir) {
  const category = firstWith(join(distDir, 'salaamstree'), '0');
  const profile = firstWith(join(distDir, 'inspiring-women'), '.');
  return [
    { type: 'splash', path: '/' },
    { type: 'home', path: '/home' },
    { type: 'story', path: `/salaamstree/${category}/0` },
    { type: 'category', path: `/salaamstree/${category}/` },
    { type: 'catalogue', path: '/inspiring-women/' },
    { type: 'profile', path: `/inspiring-women/${profile}/` },
    { type: 'handmade', path: '/handmade/' },
    { type: 'home, Hindi', path: '/hi/home' },
    { type: 'story, Hindi', path: `/hi/salaamstree/${category}/0` },
    // /home's own HTML and CSS with every script taken out (serve.js): the floor our islands add to.
    { type: 'reference', path: REFERENCE_PATH },
  ].map((page) => ({ ...page, path: encodeURI(page.path) }));
}
