// dist/_headers, read by Netlify and Cloudflare Pages: the security headers for every path, and a
// policy that allows the inline code of every page at once (each page's own <meta> narrows it
// back to that page, as a browser enforces both), plus what only a header can carry.
// The editors' /admin/ gets its own policy instead (docs/admin.md). A host sends the headers of
// every rule that matches a path, and a browser enforces every policy it gets, so a `/*` policy
// would also bind /admin/: the site's policy is given path by path, to every top-level file and
// folder of the site but the editor's.
// The microphone is refused on `/*` and given back to the site on the pages with the story form,
// by a later rule that repeats the whole Permissions-Policy with `microphone=(self)`: Cloudflare
// Pages joins the two values in file order and a browser keeps the last of a repeated key
// (docs/decisions.md, "The microphone only where she can record").
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_FOLDER, htmlFiles, sitePathOf } from '../dist-files.js';
import { matches } from './header-patterns.js';
import { HEADER_ONLY_DIRECTIVES, SECURITY_HEADERS, permissionsPolicy } from './policy.js';
import { directivesOf } from './page-check.js';

/**
 * The routes of the pages with the story form (src/components/stories/StoryForm.astro): /home and
 * each story. `:name` stands for one segment, as in the hosts' `_headers` patterns; an edition's
 * prefix (/hi) is read from the built pages. A few patterns rather than a rule per page: Cloudflare
 * Pages takes at most 100 rules.
 */
export const STORY_FORM_ROUTES = ['/home', '/salaamstree/:category/:story'];

/** Whether a built page holds the story form: its section names where stories go. */
export const hasStoryForm = (html) => /\sdata-story-endpoint[\s=>]/.test(html);

/** `path` and its twin with or without the final slash: a host answers both for a folder. */
const bothSpellings = (path) => (path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`]);

/**
 * The `_headers` patterns of the pages where she may record: each route of STORY_FORM_ROUTES under
 * every prefix a built form page has it at. Throws if a form page has no route here, or a route
 * covers a page without the form: the microphone goes exactly where the form is.
 * @param {string[]} formPages the site paths of the pages with the form (`/home/`, `/hi/home/`, …)
 * @param {string[]} allPages the site paths of every page
 */
export function recordingPatterns(formPages, allPages) {
  const patterns = new Set();
  for (const page of formPages) {
    const path = page.replace(/(.)\/$/, '$1');
    const found = STORY_FORM_ROUTES.flatMap((route) => {
      const segments = route.split('/').length - 1;
      const prefix = path.split('/').slice(0, -segments).join('/');
      return matches(route, path.slice(prefix.length)) ? [`${prefix}${route}`] : [];
    });
    if (found.length === 0) throw new Error(`${page} has the story form but no route in STORY_FORM_ROUTES (src/build-time/security/headers.js): the microphone would be refused there`);
    for (const pattern of found) patterns.add(pattern);
  }
  const rules = [...patterns].sort().flatMap((pattern) => [pattern, `${pattern}/`]);
  const wrong = allPages.filter((page) => !formPages.includes(page) && bothSpellings(page).some((path) => rules.some((rule) => matches(rule, path))));
  if (wrong.length > 0) throw new Error(`Pages without the story form would get the microphone: ${wrong.join(', ')}`);
  return rules;
}

/**
 * The longest line Cloudflare Pages reads in `_headers`, counting its spacing, the header's name
 * and its value ("Limits", developers.cloudflare.com/pages/configuration/headers/). A policy with
 * every page's hashes grows with the site: past this the host would not send it as written.
 */
export const HEADERS_LINE_MAX = 2000;

/**
 * Throws, naming the rule and the header, when a line of `_headers` text is longer than
 * HEADERS_LINE_MAX: the build stops rather than deploy headers the host would not read.
 * @param {string} text
 */
export function checkLineLengths(text) {
  let rule = '(before any rule)';
  for (const line of text.split('\n')) {
    const isHeader = /^\s/.test(line);
    if (!isHeader && line.trim() !== '' && !line.startsWith('#')) rule = line.trim();
    if (line.length <= HEADERS_LINE_MAX) continue;
    const what = isHeader ? `its ${line.trim().split(':')[0]} header` : 'its pattern';
    throw new Error(`_headers: ${isHeader ? `the rule ${rule}` : 'a rule'} has a line of ${line.length.toLocaleString('en')} characters (${what}); Cloudflare Pages reads at most ${HEADERS_LINE_MAX.toLocaleString('en')} (src/build-time/security/headers.js)`);
  }
}

/** What the host reads rather than serves. */
const HOST_FILES = new Set(['_headers', '_redirects']);

const BEGIN = '# Security headers: written by src/build-time/security/headers.js after each build. Edit that file, not these lines.';
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
 * @param {{ editorPolicy?: string, hasForm?: (file: string) => boolean }} [options] the policy of
 *   /admin/, when the site has the editor; whether a page of dist/ holds the story form, when the
 *   build already knows (else each page is read)
 */
export function writeSecurityHeaders(dist, pagePolicies, { editorPolicy, hasForm = (file) => hasStoryForm(readFileSync(file, 'utf8')) } = {}) {
  const file = join(dist, '_headers');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const header = ([name, value]) => `  ${name}: ${value}`;
  const site = header(['Content-Security-Policy', sitePolicy(pagePolicies)]);
  const pages = htmlFiles(dist).map((page) => ({ path: sitePathOf(dist, page), hasForm: hasForm(page) }));
  const recording = recordingPatterns(pages.filter(({ hasForm }) => hasForm).map(({ path }) => path), pages.map(({ path }) => path));
  const microphone = header(['Permissions-Policy', permissionsPolicy({ microphone: true })]);
  const editor = (policy) => header(['Content-Security-Policy', [policy, ...HEADER_ONLY_DIRECTIVES].join('; ')]);
  const block = [
    BEGIN,
    '/*',
    ...SECURITY_HEADERS.map(header),
    ...sitePatterns(dist).flatMap((pattern) => [pattern, site]),
    // After `/*`: the later value of a repeated key is the one a browser keeps.
    ...recording.flatMap((pattern) => [pattern, microphone]),
    // `/admin` too: a host may answer it with the folder's page rather than a redirect (npm start does).
    ...(editorPolicy ? [`/${EDITOR_FOLDER}`, `/${EDITOR_FOLDER}/*`].flatMap((pattern) => [pattern, editor(editorPolicy)]) : []),
    END,
  ];
  const text = replaceBlock(existing, block);
  checkLineLengths(text);
  writeFileSync(file, text);
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
