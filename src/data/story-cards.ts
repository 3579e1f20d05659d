import type { ImageMetadata } from 'astro';
import type { Locale } from '../i18n';
import { storyPath } from '../lib/paths';
import type { CategoryWithStories } from './stories';

export interface StoryCardData {
  href: string;
  name: string;
  summary: string;
  image: ImageMetadata;
  /** False where the edition has no translation yet: the card shows the English words. */
  isTranslated: boolean;
}

/** The cards of a category's first `limit` stories (all when no limit), linked to their pages. */
export function storyCards({ category, stories }: CategoryWithStories, locale: Locale, limit = stories.length): StoryCardData[] {
  return stories.slice(0, limit).map((story, index) => ({
    href: storyPath(category.english.title, index, locale),
    name: story.data.name,
    summary: story.data.summary,
    image: story.data.image,
    isTranslated: story.isTranslated,
  }));
}
