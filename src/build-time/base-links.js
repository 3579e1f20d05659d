// A site built for a sub-path (BASE_PATH=/stree/) breaks wherever a page names an address from the
// host's root: checked over every page after the build, so no such link ever ships.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { htmlFiles } from './dist-files.js';

const ROOTED = /\s(?:href|src|action|content|data-[\w-]+)="(\/[^"/][^"]*|\/)"/g;
const SRCSET = /\ssrcset="([^"]*)"/g;

/** Each page and root-relative address in `dist` that lies outside `base`. */
export function linksOutsideBase(dist, base) {
  if (base === '/') return [];
  return htmlFiles(dist).flatMap((file) => {
    const html = readFileSync(file, 'utf8');
    const rooted = [...html.matchAll(ROOTED)].map(([, url]) => url);
    const fromSrcset = [...html.matchAll(SRCSET)].flatMap(([, set]) =>
      set.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]).filter((url) => url.startsWith('/')),
    );
    return [...rooted, ...fromSrcset]
      .filter((url) => !url.startsWith(base) && !url.startsWith('//'))
      .map((url) => `${relative(dist, file)}: ${url}`);
  });
}
