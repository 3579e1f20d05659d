/** Prefixes a site path with the deploy base (`/` at a domain root, `/stree/` under a sub-path). */
export function withBase(path: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The one address of a page, as the sitemap lists it: pages are folders (`build.format:
 * 'directory'`), so `/home` and `/home/` are the same page and static hosts redirect to the slash.
 */
export function canonicalPath(pathname: string): string {
  return /\/$|\.[a-z0-9]+$/i.test(pathname) ? pathname : `${pathname}/`;
}

/**
 * A title as one path segment: percent-encoded, except the sub-delimiters a path may hold as
 * they are (`&`, `+`, `,` …). Servers decode paths with `decodeURI`, which leaves `%26` as it
 * is, so an encoded `&` would never match the folder `Safety & Justice/` on disk.
 */
export function pathSegment(title: string): string {
  return encodeURIComponent(title).replace(/%(26|2B|2C|3B|3D|3A|40|24)/g, (code) => decodeURIComponent(code));
}

/** `/salaamstree/{category title}/`, the title as one path segment. */
export function categoryPath(categoryTitle: string): string {
  return withBase(`/salaamstree/${pathSegment(categoryTitle)}/`);
}

/** `/salaamstree/{category title}/{index}`, index 0-based within the category (specification §2). */
export function storyPath(categoryTitle: string, index: number): string {
  return `${categoryPath(categoryTitle)}${index}`;
}

/** Where a /home section lives, seen from /home itself or from any other page. */
export function sectionHref(id: string, onHome: boolean): string {
  return onHome ? `#${id}` : withBase(`/home#${id}`);
}
