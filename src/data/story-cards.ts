import type { ImageMetadata } from 'astro';
import { storyPath } from '../lib/paths';
import type { CategoryWithStories } from './stories';

export interface StoryCardData {
  href: string;
  name: string;
  summary: string;
  image: ImageMetadata;
}

/** The cards of a category's first `limit` stories (all when no limit), linked to their pages. */
export function storyCards({ category, stories }: CategoryWithStories, limit = stories.length): StoryCardData[] {
  return stories.slice(0, limit).map((story, index) => ({
    href: storyPath(category.data.title, index),
    name: story.data.name,
    summary: story.data.summary,
    image: story.data.image,
  }));
}
