// The story form's words in every language, for the form's script: importing only each module's
// `form`, the script carries these and none of the site's other strings (docs/architecture.md).
import { form as en } from './en';
import { form as hi } from './hi';
import type { Locale } from './locales';

export const FORM_STRINGS: Record<Locale, typeof en> = { en, hi };
