// The editions of the site, without their strings: code that runs on the phone (links, the service
// worker's registration) needs these names only, never the whole of every language's strings.
// Which editions exist and where each lives is written once, with the site's addresses.
export { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/addresses';
