// Expected values for e2e tests come from the editors' files, never from the built output.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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
}

export const settings = readJson<Settings>('settings/site.json');

/** Story categories in page order, each with its story names in order. */
export function storyCategories() {
  return readFolder<{ title: string; order: number }>('story-categories').sort((a, b) => a.order - b.order);
}
