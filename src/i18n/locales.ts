// The editions of the site, without their strings: code that runs on the phone (links, the service
// worker's registration) needs these names only, never the whole of every language's strings.

/** Every edition; English is the default and lives at the site's root. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
