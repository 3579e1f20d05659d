// The story form's words in every language, for the form's script: importing only each module's
// `formWords`, the script carries these and none of the site's other strings, not even the form's
// own that only the server writes (its heading, the inbox's pages) (docs/architecture.md).
import { formWords as en, type FormWords } from './en';
import { formWords as gu } from './gu';
import { formWords as hi } from './hi';
import type { Locale } from './locales';

export const FORM_STRINGS: Record<Locale, FormWords> = { en, hi, gu };
