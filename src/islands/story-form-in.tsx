// Each edition's story form island is its own module: a page loads only its own edition's, so
// the form's script carries one language's words, not every edition's (docs/decisions.md).
import type { FormWords } from '../i18n/en';
import type { Locale } from '../i18n/locales';
import StoryForm, { type StoryFormProps } from './StoryForm';

/** The story form island of one edition, its words fixed in its module. */
export function storyFormIn(lang: Locale, strings: FormWords) {
  return function StoryFormIsland(props: StoryFormProps) {
    return <StoryForm {...props} lang={lang} strings={strings} />;
  };
}
