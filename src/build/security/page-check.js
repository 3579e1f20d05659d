// What a built page must never hold, since no hash may allow it without 'unsafe-hashes': event
// handlers and styles in attributes, javascript: addresses. And the policy Astro gave the page.
import { parse } from 'parse5';

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

function* elements(node) {
  if (node.tagName) yield node;
  for (const child of node.childNodes ?? []) yield* elements(child);
  if (node.content) yield* elements(node.content);
}

/**
 * Each piece of markup in `html` that the policy would block or could only allow unsafely.
 * @param {string} html one page of dist/
 * @returns {string[]}
 */
export function unsafeMarkup(html) {
  // Without scripting, <noscript> holds markup rather than text: what is in it is checked too.
  const document = parse(html, { scriptingEnabled: false });
  const problems = [];
  for (const element of elements(document)) {
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
