// The site's addresses, written once: where each edition lives (English at the root, every other
// language in a folder named by its code), and where the inbox and the pages the form leads to are.
// Pure, importing only the editions table (with its `.ts`, which Node needs), so that pages, the
// build, the service worker and Node's `npm start` (which strips the types) all read the same
// rules; the deploy base is an argument.
import { DEFAULT_LOCALE, LOCALES, type Locale } from './editions.ts';

export { DEFAULT_LOCALE, LOCALES, type Locale };

/** Whether `code` names one of the site's editions (`gu`, not `gu-IN`). */
export function isLocale(code: string | undefined): code is Locale {
  return (LOCALES as readonly string[]).includes(code ?? '');
}

/** The edition a language code belongs to: `gu`, `gu-IN` and `GU` are Gujarati; anything else English. */
export function localeOfLanguage(code: string | undefined): Locale {
  const primary = (code ?? '').toLowerCase().split('-')[0];
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

/** An edition's folder below the base, as a relative path: `''` for English, `'hi/'` for Hindi. */
export function editionFolder(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `${locale}/`;
}

/** A site path in one edition, below the base: `/home` in Hindi is `/hi/home`. */
export function inEdition(path: string, locale: Locale): string {
  return `/${editionFolder(locale)}${path.replace(/^\//, '')}`;
}

/** A path below the base split into its edition and the path without the edition's folder. */
export function editionOfPath(path: string): { locale: Locale; path: string } {
  const [, first = '', ...rest] = path.split('/');
  return first !== DEFAULT_LOCALE && isLocale(first)
    ? { locale: first, path: `/${rest.join('/')}` }
    : { locale: DEFAULT_LOCALE, path };
}

/** `path` below the deploy `base` (`/` at a domain root, `/stree/` under a sub-path). */
export function withBase(path: string, base: string): string {
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

/** The part of a pathname below the deploy `base`, starting with `/`. */
export function belowBase(pathname: string, base: string): string {
  const root = base.replace(/\/$/, '');
  return pathname.startsWith(root) ? pathname.slice(root.length) || '/' : pathname;
}

/** The local story inbox, beside the site: the form's endpoint when none is configured. */
export const INBOX_PATH = '/api/stories';

/** The page a story kept on her phone leads to, in her edition (below the base): it goes out later. */
export function keptStoryPath(locale: Locale): string {
  return inEdition('/story-kept/', locale);
}

/** The page a sent story leads to, in her edition (below the base). */
export function thankYouPath(locale: Locale): string {
  return inEdition('/story-sent/', locale);
}

/**
 * A title as one path segment: percent-encoded, except the sub-delimiters a path may hold as
 * they are (`&`, `+`, `,` …). Servers decode paths with `decodeURI`, which leaves `%26` as it
 * is, so an encoded `&` would never match the folder `Safety & Justice/` on disk.
 */
export function pathSegment(title: string): string {
  return encodeURIComponent(title).replace(/%(26|2B|2C|3B|3D|3A|40|24)/g, (code) => decodeURIComponent(code));
}

/** `/salaamstree/{category title}/` below the base: the English title as one segment in every edition. */
export function categoryPagePath(categoryTitle: string, locale: Locale): string {
  return inEdition(`/salaamstree/${pathSegment(categoryTitle)}/`, locale);
}

/** `/salaamstree/{category title}/{index}` below the base, index 0-based within the category. */
export function storyPagePath(categoryTitle: string, index: number, locale: Locale): string {
  return `${categoryPagePath(categoryTitle, locale)}${index}`;
}
