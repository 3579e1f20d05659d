import { getCollection, type CollectionEntry } from 'astro:content';
import { categoryOfId } from '../lib/category-folder';
import { withBase } from '../lib/paths';
import { byOrder } from '../lib/sort';

export type Profile = CollectionEntry<'profiles'>;
export type ProfileCategory = CollectionEntry<'profileCategories'>;

/** A profile's page: /inspiring-women/{file name}/ (the file's folder is its category). */
export function profileSlug(profile: Profile): string {
  return profile.id.split('/').at(-1)!;
}

export function profilePath(profile: Profile): string {
  return withBase(`/inspiring-women/${profileSlug(profile)}/`);
}

/** Every profile category in order, each with its profiles in order. */
export async function profilesByCategory() {
  const [categories, profiles] = await Promise.all([getCollection('profileCategories'), getCollection('profiles')]);
  return categories.sort(byOrder).map((category) => ({
    category,
    profiles: profiles.filter((profile) => categoryOfId(profile.id) === category.id).sort(byOrder),
  }));
}
