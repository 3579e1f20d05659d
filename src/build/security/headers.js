// dist/_headers, read by Netlify and Cloudflare Pages: the security headers for every path, and a
// policy that allows the inline code of every page at once (each page's own <meta> narrows it
// back to that page, as a browser enforces both), plus what only a header can carry.
// The editors' /admin/ gets its own policy instead (docs/admin.md). A host sends the headers of
// every rule that matches a path, and a browser enforces every policy it gets, so a `/*` policy
// would also bind /admin/: the site's policy is given path by path, to every top-level file and
// folder of the site but the editor's.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_FOLDER } from '../dist-files.js';
import { HEADER_ONLY_DIRECTIVES, SECURITY_HEADERS } from './policy.js';
import { directivesOf } from './page-check.js';

/** What the host reads rather than serves. */
const HOST_FILES = new Set(['_headers', '_redirects']);

const BEGIN = '# Security headers: written by src/build/security/headers.js after each build. Edit that file, not these lines.';
const END = '# End of security headers';

/** One policy from the pages' own: the same directives, with the sources of all pages together. */
export function sitePolicy(pagePolicies) {
  const merged = new Map();
  for (const policy of pagePolicies) {
    for (const [name, sources] of directivesOf(policy)) {
      merged.set(name, new Set([...(merged.get(name) ?? []), ...sources]));
    }
  }
  const directives = [...merged].map(([name, sources]) => {
    // 'self' first, then hashes in a stable order: two builds of the same site give the same file.
    const ordered = [...sources].sort((a, b) => Number(b === "'self'") - Number(a === "'self'") || a.localeCompare(b));
    return [name, ...ordered].join(' ');
  });
  return [...directives, ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/** The `_headers` patterns of every path of the site but the editor's: `/`, `/home`, `/home/*`, `/sw.js`, … */
export function sitePatterns(dist) {
  const entries = readdirSync(dist, { withFileTypes: true })
    .filter(({ name }) => name !== EDITOR_FOLDER && !HOST_FILES.has(name))
    // A folder is asked for as /home as well as /home/ and what is in it.
    .flatMap((entry) => (entry.isDirectory() ? [`/${entry.name}`, `/${entry.name}/*`] : [`/${entry.name}`]))
    .sort();
  return ['/', ...entries];
}

/**
 * Writes the security block of `{dist}/_headers`, keeping any lines others put there.
 * @param {string} dist
 * @param {string[]} pagePolicies the policy of each visitor's page
 * @param {{ editorPolicy?: string }} [options] the policy of /admin/, when the site has the editor
 */
export function writeSecurityHeaders(dist, pagePolicies, { editorPolicy } = {}) {
  const file = join(dist, '_headers');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const header = ([name, value]) => `  ${name}: ${value}`;
  const site = header(['Content-Security-Policy', sitePolicy(pagePolicies)]);
  const block = [
    BEGIN,
    '/*',
    ...SECURITY_HEADERS.map(header),
    ...sitePatterns(dist).flatMap((pattern) => [pattern, site]),
    ...(editorPolicy ? [`/${EDITOR_FOLDER}/*`, header(['Content-Security-Policy', [editorPolicy, ...HEADER_ONLY_DIRECTIVES].join('; ')])] : []),
    END,
  ];
  writeFileSync(file, replaceBlock(existing, block));
}

/**
 * `existing` with `block` in place of the lines between `begin` and `end` (or added at the end):
 * lines that others wrote, such as cache rules from public/_headers, are kept as they were.
 * @param {string} existing
 * @param {string[]} block its first line is `begin`, its last `end`
 */
function replaceBlock(existing, block) {
  const [begin, end] = [block[0], block.at(-1)];
  const lines = existing === '' ? [] : existing.replace(/\n$/, '').split('\n');
  const from = lines.indexOf(begin);
  const to = from === -1 ? -1 : lines.indexOf(end, from);
  const kept = from === -1 || to === -1 ? lines : [...lines.slice(0, from), ...lines.slice(to + 1)];
  while (kept.length > 0 && kept.at(-1)?.trim() === '') kept.pop();
  return `${[...kept, ...(kept.length > 0 ? [''] : []), ...block].join('\n')}\n`;
}
