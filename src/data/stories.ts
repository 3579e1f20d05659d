import { getCollection, type CollectionEntry } from 'astro:content';
import { categoryOfId } from '../lib/category-folder';
import { byOrder } from '../lib/sort';

export type StoryCategory = CollectionEntry<'storyCategories'>;
export type Story = CollectionEntry<'stories'>;

export interface CategoryWithStories {
  category: StoryCategory;
  /** In page order; a story's index here is its index in its address. */
  stories: Story[];
}

/** Every story category in order, each with its stories in order. */
export async function storiesByCategory(): Promise<CategoryWithStories[]> {
  const [categories, stories] = await Promise.all([getCollection('storyCategories'), getCollection('stories')]);
  return categories.sort(byOrder).map((category) => ({
    category,
    stories: stories.filter((story) => categoryOfId(story.id) === category.id).sort(byOrder),
  }));
}
