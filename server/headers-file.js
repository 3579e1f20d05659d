// The `_headers` file of Netlify and Cloudflare Pages: a path pattern on a line of its own, then
// its headers indented below it. `npm start` reads it so that what we test is what gets deployed.
import { matches } from '../src/build-time/security/header-patterns.js';

/**
 * The rules of a `_headers` file, in order.
 * @param {string} text
 * @returns {{ pattern: string, headers: [string, string][] }[]}
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon > 0 && rule) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers every rule matching `path` sets, in file order; a header set by several rules gets
 * their values joined with ", ", as Cloudflare Pages does.
 * @param {ReturnType<typeof parseHeadersFile>} rules
 * @param {string} path a decoded URL path
 */
export function headersFor(rules, path) {
  const merged = new Map();
  for (const rule of rules.filter(({ pattern }) => matches(pattern, path))) {
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = merged.get(key);
      merged.set(key, previous ? [previous[0], `${previous[1]}, ${value}`] : [name, value]);
    }
  }
  return [...merged.values()];
}
