import type { StoryCardProps } from '../islands/StoryCard';
import { islandImage } from './island-image';
import { storyPath } from './paths';
import type { CategoryWithStories } from './stories';

/** The cards of a category's first `limit` stories (all when no limit), linked to their pages. */
export function storyCards({ category, stories }: CategoryWithStories, limit = stories.length): Promise<StoryCardProps[]> {
  return Promise.all(
    stories.slice(0, limit).map(async (story, index) => ({
      href: storyPath(category.data.title, index),
      name: story.data.name,
      summary: story.data.summary,
      portrait: (await islandImage(story.data.image, story.data.imageAlt, { width: 144, height: 144 })).src,
    })),
  );
}
