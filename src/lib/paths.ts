import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales';

const baseUrl = () => import.meta.env.BASE_URL.replace(/\/$/, '');

/** Prefixes a site path with the deploy base (`/` at a domain root, `/stree/` under a sub-path). */
export function withBase(path: string): string {
  return `${baseUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A site path in one edition, below the base: `/home` in Hindi is `/hi/home`; English has no prefix. */
export function inLocale(path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}

/** The address of a site path in one edition, with the deploy base: what a link's href needs. */
export function localeHref(path: string, locale: Locale): string {
  return withBase(inLocale(path, locale));
}

/** The path of a page below the base and its language prefix: `/stree/hi/home/` → `/home/`. */
function pagePathOf(pathname: string): { locale: Locale; path: string } {
  const below = pathname.startsWith(baseUrl()) ? pathname.slice(baseUrl().length) || '/' : pathname;
  const [, first = '', ...rest] = below.split('/');
  const locale = LOCALES.find((l) => l !== DEFAULT_LOCALE && l === first);
  return locale ? { locale, path: `/${rest.join('/')}` } : { locale: DEFAULT_LOCALE, path: below };
}

/** The edition a page belongs to, from its address (with the base). */
export function localeOf(pathname: string): Locale {
  return pagePathOf(pathname).locale;
}

/** The address of the same page in another edition (with the base): the language link's href. */
export function samePageIn(pathname: string, locale: Locale): string {
  return localeHref(pagePathOf(pathname).path, locale);
}

/**
 * The other edition of a page: its locale and the same page's address there (or `path` there,
 * for a page with no twin). Two editions today; with more, the next in LOCALES' order.
 */
export function otherEdition(pathname: string, path?: string): { locale: Locale; href: string } {
  const current = localeOf(pathname);
  const locale = LOCALES[(LOCALES.indexOf(current) + 1) % LOCALES.length]!;
  return { locale, href: path ? localeHref(path, locale) : samePageIn(pathname, locale) };
}

/** The `params.locale` of each edition, for a page's getStaticPaths: English lives at the root. */
export function localeParams(): { locale: string | undefined }[] {
  return LOCALES.map((locale) => ({ locale: locale === DEFAULT_LOCALE ? undefined : locale }));
}

/** The edition a route's `params.locale` names. */
export function localeOfParam(param: string | undefined): Locale {
  return LOCALES.find((locale) => locale === param) ?? DEFAULT_LOCALE;
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

/** `/salaamstree/{category title}/`, the English title as one path segment in every edition. */
export function categoryPath(categoryTitle: string, locale: Locale = DEFAULT_LOCALE): string {
  return localeHref(`/salaamstree/${pathSegment(categoryTitle)}/`, locale);
}

/** `/salaamstree/{category title}/{index}`, index 0-based within the category (specification §2). */
export function storyPath(categoryTitle: string, index: number, locale: Locale = DEFAULT_LOCALE): string {
  return `${categoryPath(categoryTitle, locale)}${index}`;
}

/** Where a /home section lives, seen from /home itself or from any other page of the edition. */
export function sectionHref(id: string, onHome: boolean, locale: Locale = DEFAULT_LOCALE): string {
  return onHome ? `#${id}` : localeHref(`/home#${id}`, locale);
}
