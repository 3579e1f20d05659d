// The story form's words in every language, for the pages that answer a plain form post: the local
// inbox's (server/story-pages.js) and the Apps Script's (its TEXT, written by `npm run apps-script`).
// Imported with their `.ts`, as Node reads this file itself for both, stripping the types.
import { form as en, type Strings } from './en.ts';
import { form as gu } from './gu.ts';
import { form as hi } from './hi.ts';
import type { Locale } from '../lib/editions.ts';

/** Every edition's form words: an edition in src/lib/editions.ts without them fails the type check. */
export const FORM_PAGE_STRINGS: Record<Locale, Strings['form']> = { en, hi, gu };
