import { en } from './en';
import { hi } from './hi';
import { DEFAULT_LOCALE, type Locale } from './locales';

export type { Strings } from './en';
export { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

const editions = { en, hi } as const;

/** The interface strings of a locale. */
export function getStrings(locale: Locale = DEFAULT_LOCALE) {
  return editions[locale];
}
