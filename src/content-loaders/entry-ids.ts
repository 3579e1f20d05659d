import { readdirSync } from 'node:fs';
import { join, parse } from 'node:path';

/**
 * The ids of a collection's entries, read from its folder's file names, so that a schema can
 * list the valid values of a field that refers to them (Astro's `reference()` only warns).
 */
export function entryIds(folder: string): [string, ...string[]] {
  const dir = join(process.cwd(), 'src', 'content', folder);
  const ids = readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => parse(name).name)
    .sort();
  if (ids.length === 0) throw new Error(`src/content/${folder}/ has no entries`);
  return ids as [string, ...string[]];
}
