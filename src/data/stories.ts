import { getCollection } from 'astro:content';
import type { Locale } from '../i18n';
import { categoryOfId } from '../lib/category-folder';
import { byOrder } from '../lib/sort';
import { localise, type Localised } from './localise';

export type StoryCategory = Localised<'storyCategories'>;
export type Story = Localised<'stories'>;

export interface CategoryWithStories {
  category: StoryCategory;
  /** In page order; a story's index here is its index in its address. */
  stories: Story[];
}

/**
 * Whether a story is on the site: a draft is one she sent that no editor has checked yet, and no
 * page, card or share card shows it (CONTENT.md, "From a received story to a page").
 */
export const isPublished = (story: { data: { draft?: boolean } }) => !story.data.draft;

/** Every story category in order, each with its stories in order, in one edition. */
export async function storiesByCategory(locale: Locale): Promise<CategoryWithStories[]> {
  const [categories, stories] = await Promise.all([
    getCollection('storyCategories'),
    getCollection('stories', isPublished),
  ]);
  const [localCategories, localStories] = await Promise.all([
    localise('storyCategories', categories.sort(byOrder), locale),
    localise('stories', stories.sort(byOrder), locale),
  ]);
  return localCategories.map((category) => ({
    category,
    stories: localStories.filter((story) => categoryOfId(story.id) === category.id),
  }));
}
