// How a `_headers` pattern matches a path, shared by the build (which checks where its rules land)
// and `npm start` (server/headers-file.js, which sends them as the host would).

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
