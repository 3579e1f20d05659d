import { getCollection, type CollectionEntry } from 'astro:content';
import { byOrder } from '../lib/sort';

/** A collection's entries in editor-given order. */
export async function ordered<C extends 'banner' | 'focus' | 'problems' | 'solutions' | 'testimonials' | 'storyCategories' | 'profileCategories' | 'products'>(
  collection: C,
): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return entries.sort(byOrder as (a: CollectionEntry<C>, b: CollectionEntry<C>) => number);
}
