import { getCollection } from 'astro:content';
import type { Locale } from '../i18n';
import { categoryOfId } from '../lib/category-folder';
import { localeHref } from '../lib/paths';
import { byOrder } from '../lib/sort';
import { localise, type Localised } from './localise';

export type Profile = Localised<'profiles'>;
export type ProfileCategory = Localised<'profileCategories'>;

/** A profile's page: /inspiring-women/{file name}/ (the file's folder is its category). */
export function profileSlug(profile: { id: string }): string {
  return profile.id.split('/').at(-1)!;
}

export function profilePath(profile: { id: string }, locale: Locale): string {
  return localeHref(`/inspiring-women/${profileSlug(profile)}/`, locale);
}

/** Every profile category in order, each with its profiles in order, in one edition. */
export async function profilesByCategory(locale: Locale) {
  const [categories, profiles] = await Promise.all([getCollection('profileCategories'), getCollection('profiles')]);
  const [localCategories, localProfiles] = await Promise.all([
    localise('profileCategories', categories.sort(byOrder), locale),
    localise('profiles', profiles.sort(byOrder), locale),
  ]);
  return localCategories.map((category) => ({
    category,
    profiles: localProfiles.filter((profile) => categoryOfId(profile.id) === category.id),
  }));
}
