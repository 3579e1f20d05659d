import { en } from './en';
import { hi } from './hi';

export type { Strings } from './en';

/** Every edition of the site; English is the default and lives at the site's root. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const editions = { en, hi } as const;

/** The interface strings of a locale. */
export function getStrings(locale: Locale = DEFAULT_LOCALE) {
  return editions[locale];
}
