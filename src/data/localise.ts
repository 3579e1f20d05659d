// An entry in one edition: its English data with the translation's words laid over it
// (src/content/{locale}/, docs/design.md "Hindi edition"). An entry with no translation keeps its
// English words and says so, so the page can show them under a notice in the edition's language.
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { DEFAULT_LOCALE, type Locale } from '../i18n';

type Translated = 'settings' | 'banner' | 'focus' | 'problems' | 'solutions' | 'testimonials' | 'storyCategories' | 'stories' | 'profileCategories' | 'profiles' | 'products' | 'staySafe';

export type Localised<C extends Translated> = CollectionEntry<C> & {
  /** False where the edition has no translation yet: `data` is then the English. */
  isTranslated: boolean;
  /** The English data, for what stays English in every edition (a category's address). */
  english: CollectionEntry<C>['data'];
  /** The entry whose Markdown body to render: the translation where there is one. */
  source: CollectionEntry<CollectionKey>;
};

/** `entries` of `collection` in `locale`, in the same order. */
export async function localise<C extends Translated>(collection: C, entries: CollectionEntry<C>[], locale: Locale): Promise<Localised<C>[]> {
  const keep = (entry: CollectionEntry<C>, isTranslated: boolean): Localised<C> => ({ ...entry, isTranslated, english: entry.data, source: entry });
  if (locale === DEFAULT_LOCALE) return entries.map((entry) => keep(entry, true));
  const translations = await getCollection(`${collection}_${locale}` as CollectionKey);
  const byId = new Map(translations.map((translation) => [translation.id, translation]));
  return entries.map((entry) => {
    const translation = byId.get(entry.id);
    if (!translation) return keep(entry, false);
    return { ...entry, data: { ...entry.data, ...translation.data }, isTranslated: true, english: entry.data, source: translation };
  });
}
