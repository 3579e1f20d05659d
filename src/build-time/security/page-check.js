// What a built page must never hold, since no hash may allow it without 'unsafe-hashes': event
// handlers and styles in attributes, javascript: addresses. And the policy Astro gave the page.
import { createHash } from 'node:crypto';
import { parse } from 'parse5';

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

/**
 * Every element under `root`, a <template>'s content included, in document order. A loop rather
 * than nested generators: with thousands of pages of a thousand elements each, walking was a tenth
 * of the checks.
 */
function elementsOf(root) {
  const found = [];
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node.tagName) found.push(node);
    if (node.content) pending.push(node.content);
    const children = node.childNodes ?? [];
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
  return found;
}

// Without scripting, <noscript> holds markup rather than text: what is in it is checked too.
const parsePage = (html) => parse(html, { scriptingEnabled: false });

/** The problems of a parsed page's elements, as `unsafeMarkup` lists them. */
function problemsIn(elements) {
  const problems = [];
  for (const element of elements) {
    const tag = element.tagName;
    for (const { name, value } of element.attrs ?? []) {
      if (/^on[a-z]+$/.test(name)) problems.push(`<${tag} ${name}="…">: an event handler in HTML`);
      if (name === 'style') problems.push(`<${tag} style="${value}">: a style attribute; use a class`);
      if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value)) problems.push(`<${tag} ${name}="${value}">: a javascript: address`);
    }
  }
  return problems;
}

/**
 * Each piece of markup in `html` that the policy would block or could only allow unsafely.
 * @param {string} html one page of dist/
 * @returns {string[]}
 */
export function unsafeMarkup(html) {
  return problemsIn(elementsOf(parsePage(html)));
}

/**
 * The policy of a page's `<meta http-equiv="content-security-policy">`, or undefined.
 * @param {string} html
 * @returns {string | undefined}
 */
export function metaPolicy(html) {
  const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/i);
  return meta?.[1].replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/**
 * A policy's directives by name, each with its sources.
 * @param {string} policy
 * @returns {Map<string, string[]>}
 */
export function directivesOf(policy) {
  return new Map(
    policy.split(';').map((part) => part.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...sources]) => [name, sources]),
  );
}

/** Script types a browser runs; JSON or template blocks are data and need no hash. */
const RUNNABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

// Every page inlines the same few styles and scripts: each is hashed once.
const hashed = new Map();

/** The CSP source for `text`: its SHA-256, as a browser computes it over the UTF-8 bytes. */
export function hashSource(text) {
  let source = hashed.get(text);
  if (source === undefined) {
    source = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    hashed.set(text, source);
  }
  return source;
}

const textOf = (node) => (node.childNodes ?? []).map((child) => child.value ?? '').join('');
const attrOf = (node, name) => node.attrs?.find((a) => a.name === name)?.value;

/** The CSP sources of the inline scripts and styles among a parsed page's elements, `styleHashes` added to its styles. */
function inlineSources(elements, styleHashes) {
  // Inside <noscript> too: a page read without scripting shows it as markup.
  const used = { 'script-src': new Set(), 'style-src': new Set(styleHashes.map((hash) => `'${hash}'`)) };
  for (const element of elements) {
    const isScript = element.tagName === 'script' && attrOf(element, 'src') === undefined
      && RUNNABLE.has((attrOf(element, 'type') ?? '').toLowerCase());
    if (isScript) used['script-src'].add(hashSource(textOf(element)));
    if (element.tagName === 'style') used['style-src'].add(hashSource(textOf(element)));
  }
  return used;
}

/** `html` whose <meta> `policy` keeps, of its hashes, only those in `used`. */
function narrowed(html, policy, used) {
  const directives = [...directivesOf(policy)]
    .map(([name, sources]) => {
      const kept = name in used ? sources.filter((source) => !source.startsWith("'sha") || used[name].has(source)) : sources;
      return [name, ...kept].join(' ');
    })
    .join('; ');
  const escaped = directives.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return html.replace(/(<meta http-equiv="content-security-policy" content=")[^"]*"/i, `$1${escaped}"`);
}

/**
 * `html` with its policy's script-src and style-src narrowed to the inline code the page holds.
 * Astro writes the hashes of every inline script and style of the whole site into every page's
 * <meta>: about 30 of them, 1.4 KB that does not compress, on pages that use five.
 * @param {string} html one page of dist/
 * @param {{ styleHashes?: string[] }} [options] styles a library inserts at run time, kept everywhere
 */
export function narrowPolicy(html, { styleHashes = [] } = {}) {
  const policy = metaPolicy(html);
  if (!policy) return html;
  return narrowed(html, policy, inlineSources(elementsOf(parsePage(html)), styleHashes));
}

/**
 * Both checks of a built page from one parse, the slow part with thousands of pages: the page
 * with its policy narrowed (`narrowPolicy`), and its unsafe markup (`unsafeMarkup`).
 * @param {string} html one page of dist/
 * @param {{ styleHashes?: string[] }} [options] as for `narrowPolicy`
 * @returns {{ html: string, problems: string[] }}
 */
export function checkPage(html, { styleHashes = [] } = {}) {
  const elements = elementsOf(parsePage(html));
  const policy = metaPolicy(html);
  return {
    html: policy ? narrowed(html, policy, inlineSources(elements, styleHashes)) : html,
    problems: problemsIn(elements),
  };
}
