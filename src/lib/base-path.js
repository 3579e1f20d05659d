// The deploy base, shared by the Astro config, the service-worker build and `npm start`: one
// spelling of BASE_PATH for all three, whatever slashes the person deploying typed.

/**
 * `/` for a domain root, else `/{path}/`: `stree`, `/stree` and `/stree/` all give `/stree/`.
 * @param {string | undefined} value
 */
export function normaliseBase(value) {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}
