// The site's addresses (src/lib/addresses.ts) bound to this build's deploy base, for pages and
// components. Code outside a page build (the service worker, `npm start`) passes its base itself.
import {
  DEFAULT_LOCALE,
  LOCALES,
  belowBase,
  editionFolder,
  categoryPagePath,
  editionOfPath,
  inEdition,
  storyPagePath,
  withBase as withDeployBase,
  type Locale,
} from './addresses';
import { EDITIONS } from './editions';

export { pathSegment } from './addresses';

const base = () => import.meta.env.BASE_URL;

/** Prefixes a site path with the deploy base (`/` at a domain root, `/stree/` under a sub-path). */
export function withBase(path: string): string {
  return withDeployBase(path, base());
}

/** The address of a site path in one edition, with the deploy base: what a link's href needs. */
export function localeHref(path: string, locale: Locale): string {
  return withBase(inEdition(path, locale));
}

/** The edition a page belongs to, from its address (with the base). */
export function localeOf(pathname: string): Locale {
  return editionOfPath(belowBase(pathname, base())).locale;
}

/** The address of the same page in another edition (with the base): the language link's href. */
export function samePageIn(pathname: string, locale: Locale): string {
  return localeHref(editionOfPath(belowBase(pathname, base())).path, locale);
}

/** A link to one edition of a page, named in that edition's own language. */
export interface EditionLink {
  locale: Locale;
  /** The edition's name in its own script: `English`, `हिन्दी`, `ગુજરાતી`. */
  name: string;
  href: string;
}

/**
 * Every other edition of a page, in the table's order: each one's locale, its own name and the
 * same page's address there (or `path` there, for a page with no twin).
 */
export function otherEditions(pathname: string, path?: string): EditionLink[] {
  const current = localeOf(pathname);
  return EDITIONS.filter(({ code }) => code !== current).map(({ code, name }) => ({
    locale: code,
    name,
    href: path ? localeHref(path, code) : samePageIn(pathname, code),
  }));
}

/** The `params.locale` of each edition, for a page's getStaticPaths: English lives at the root. */
export function localeParams(): { locale: string | undefined }[] {
  return LOCALES.map((locale) => ({ locale: editionFolder(locale).replace(/\/$/, '') || undefined }));
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

/** `/salaamstree/{category title}/`, with the base. */
export function categoryPath(categoryTitle: string, locale: Locale = DEFAULT_LOCALE): string {
  return withBase(categoryPagePath(categoryTitle, locale));
}

/** `/salaamstree/{category title}/{index}`, with the base; index 0-based within the category (specification §2). */
export function storyPath(categoryTitle: string, index: number, locale: Locale = DEFAULT_LOCALE): string {
  return withBase(storyPagePath(categoryTitle, index, locale));
}

/** Where a /home section lives, seen from /home itself or from any other page of the edition. */
export function sectionHref(id: string, onHome: boolean, locale: Locale = DEFAULT_LOCALE): string {
  return onHome ? `#${id}` : localeHref(`/home#${id}`, locale);
}
