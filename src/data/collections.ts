import { getCollection, type CollectionEntry } from 'astro:content';
import type { Locale } from '../i18n';
import { byOrder } from '../lib/sort';
import { localise, type Localised } from './localise';

type Listed = 'banner' | 'focus' | 'problems' | 'solutions' | 'testimonials' | 'storyCategories' | 'profileCategories' | 'products';

/** A collection's entries in editor-given order, in one edition. */
export async function ordered<C extends Listed>(collection: C, locale: Locale): Promise<Localised<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return localise(collection, entries.sort(byOrder as (a: CollectionEntry<C>, b: CollectionEntry<C>) => number), locale);
}
