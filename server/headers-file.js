// The `_headers` file of Netlify and Cloudflare Pages: a path pattern on a line of its own, then
// its headers indented below it. `npm start` reads it so that what we test is what gets deployed.

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
 * Whether a rule's pattern covers `path`: `*` matches anything, `:name` one path segment, as
 * Cloudflare Pages compiles them (workers-sdk, rules-engine.ts).
 * @param {string} pattern
 * @param {string} path
 */
export function matches(pattern, path) {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part, i) => (i % 2 === 0 ? part.replace(/[.+?^${}()|[\]\\]/g, '\\$&') : part === '*' ? '.*' : '[^/]+'))
    .join('');
  return new RegExp(`^${source}$`).test(path);
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
