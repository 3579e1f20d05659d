// Expected values for e2e tests come from the editors' files, never from the built output.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { articleSections } from '../../src/lib/article';

const CONTENT = join(process.cwd(), 'src', 'content');

export function readJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(join(CONTENT, path), 'utf8')) as T;
}

export function readFolder<T = Record<string, unknown>>(folder: string): T[] {
  return readdirSync(join(CONTENT, folder))
    .filter((file) => file.endsWith('.json'))
    .map((file) => readJson<T>(join(folder, file)));
}

export interface Settings {
  email: string;
  phones: string[];
  copyrightYear: number;
  about: string;
  office: { city: string; state: string; country: string };
  social: Record<string, string>;
  /** The fields still holding sample values: shown as samples, never as working links. */
  samples: string[];
}

export const settings = readJson<Settings>('settings/site.json');

/** The parts of the stay-safe article in one edition, as its file gives them (src/content/stay-safe/). */
export function staySafeSections(locale: 'en' | 'hi' | 'gu') {
  const file = join(CONTENT, locale === 'en' ? '' : locale, 'stay-safe', 'stay-safe.md');
  return articleSections(readFileSync(file, 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ''));
}

/** Story categories in page order, each with its story names in order. */
export function storyCategories() {
  return readFolder<{ title: string; order: number }>('story-categories').sort((a, b) => a.order - b.order);
}

export function bannerHeadings() {
  return readFolder<{ heading: string; order: number }>('banner')
    .sort((a, b) => a.order - b.order)
    .map((slide) => slide.heading);
}

export function focusTitles() {
  return readFolder<{ title: string; order: number }>('focus')
    .sort((a, b) => a.order - b.order)
    .map((slide) => slide.title);
}

function frontmatterField(source: string, field: string) {
  return source.match(new RegExp(`^${field}:\\s*["']?(.+?)["']?\\s*$`, 'm'))?.[1] ?? '';
}

/** One field of a Markdown entry's front matter, e.g. `frontmatter('stories/health/x.md', 'summary')`. */
export function frontmatter(path: string, field: string): string {
  return frontmatterField(readFileSync(join(CONTENT, path), 'utf8'), field);
}

/** The names of a story category's stories, in page order. */
export function storyNames(categoryId: string): string[] {
  const dir = join(CONTENT, 'stories', categoryId);
  return readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .map((source) => ({ name: frontmatterField(source, 'name'), order: Number(frontmatterField(source, 'order')) }))
    .sort((a, b) => a.order - b.order)
    .map((story) => story.name);
}

/** Story categories in page order, with their ids (file names). */
export function storyCategoryIds() {
  return readdirSync(join(CONTENT, 'story-categories'))
    .map((file) => ({ id: file.replace(/\.json$/, ''), ...readJson<{ title: string; order: number }>(`story-categories/${file}`) }))
    .sort((a, b) => a.order - b.order);
}
