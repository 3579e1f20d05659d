import { en } from './en';

export type { Strings } from './en';
export type Locale = 'en';

const editions = { en } as const;

/** The interface strings for a locale; English until the Hindi edition lands. */
export function getStrings(locale: Locale = 'en') {
  return editions[locale];
}
