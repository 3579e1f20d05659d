// The editions of the site, without their strings: code that runs on the phone (links, the service
// worker's registration) needs these names only, never the whole of every language's strings.
// Which editions exist, and all that differs between them, is written once: src/lib/editions.ts.
export { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/editions';
