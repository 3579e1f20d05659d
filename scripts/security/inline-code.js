// What in one built page the Content-Security-Policy has to allow by hash (inline <script> and
// <style> blocks), and what it must never allow (handlers and styles in attributes, javascript:
// addresses): those fail the build instead, since a hash cannot cover them without
// 'unsafe-hashes'.
import { createHash } from 'node:crypto';
import { parse } from 'parse5';

/** Script types a browser runs; JSON or template blocks are data and need no hash. */
const RUNNABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

/** The CSP source for `text`: its SHA-256, as a browser computes it over the UTF-8 bytes. */
export const hashSource = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const textOf = (node) => (node.childNodes ?? []).map((child) => child.value ?? '').join('');
const attrOf = (node, name) => node.attrs?.find((a) => a.name === name)?.value;

function* elements(node) {
  if (node.tagName) yield node;
  for (const child of node.childNodes ?? []) yield* elements(child);
  if (node.content) yield* elements(node.content);
}

/**
 * @param {string} html one page of dist/
 * @returns {{
 *   scripts: string[], styles: string[], problems: string[],
 *   insertAt: number, existingPolicy?: { start: number, end: number },
 *   formOrigins: string[],
 * }}
 */
export function inlineCode(html) {
  // Without scripting, <noscript> holds markup rather than text: a <style> in it is found too.
  const document = parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
  const scripts = [];
  const styles = [];
  const problems = [];
  const formOrigins = new Set();
  let head;
  let charset;
  let existingPolicy;

  for (const element of elements(document)) {
    const tag = element.tagName;
    if (tag === 'head') head ??= element;
    if (tag === 'meta' && attrOf(element, 'charset') !== undefined) charset ??= element;
    if (tag === 'meta' && attrOf(element, 'http-equiv')?.toLowerCase() === 'content-security-policy') {
      existingPolicy = { start: element.sourceCodeLocation.startOffset, end: element.sourceCodeLocation.endOffset };
    }
    if (tag === 'script' && attrOf(element, 'src') === undefined && RUNNABLE.has((attrOf(element, 'type') ?? '').toLowerCase())) {
      scripts.push(textOf(element));
    }
    if (tag === 'style') styles.push(textOf(element));
    if (tag === 'form' && /^https?:\/\//i.test(attrOf(element, 'action') ?? '')) {
      formOrigins.add(new URL(attrOf(element, 'action')).origin);
    }
    for (const { name, value } of element.attrs ?? []) {
      if (/^on[a-z]+$/.test(name)) problems.push(`<${tag} ${name}="…">: an event handler in HTML`);
      if (name === 'style') problems.push(`<${tag} style="${value}">: a style attribute; use a class`);
      if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value)) problems.push(`<${tag} ${name}="${value}">: a javascript: address`);
    }
  }

  // The policy covers only what comes after it: straight after <meta charset>, which has to stay
  // within the first 1024 bytes, or else first thing in <head>.
  const insertAt = charset?.sourceCodeLocation.endOffset ?? head?.sourceCodeLocation?.startTag?.endOffset;
  if (insertAt === undefined) problems.push('no <head> to put the Content-Security-Policy in');
  return { scripts, styles, problems, insertAt: insertAt ?? 0, existingPolicy, formOrigins: [...formOrigins] };
}
