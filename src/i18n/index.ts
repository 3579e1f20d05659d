import { en } from './en';
import { gu } from './gu';
import { hi } from './hi';
import { DEFAULT_LOCALE, type Locale } from './locales';
import type { Strings } from './en';

export type { Strings } from './en';
export { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

/** Every edition's interface strings: an edition in src/lib/editions.ts without its module fails here. */
const STRINGS: Record<Locale, Strings> = { en, hi, gu };

/** The interface strings of a locale. */
export function getStrings(locale: Locale = DEFAULT_LOCALE): Strings {
  return STRINGS[locale];
}
