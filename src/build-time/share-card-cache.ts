// A share card is drawn once for what it shows, not once per build: a rebuild after an editor
// changed one story draws that story's cards and reads every other card from the build cache.
// The cache sits in Astro's cacheDir, the folder hosts keep between builds (README, "Build cache").
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Set by the project's integration from Astro's `cacheDir`; the build's pages run in another module graph. */
export const CARD_CACHE_ENV = 'STREE_SHARE_CARD_CACHE';
// Astro's default cacheDir, for a renderer called outside a build (tests, scripts).
const DEFAULT_FOLDER = join(process.cwd(), 'node_modules', '.astro', 'share-cards');

// Made once per folder, not once per card.
const madeFolders = new Map<string, Promise<unknown>>();

/** The cached PNG for `source` (everything that decides the picture's pixels), drawn by `draw` when missing. */
export async function cachedCard(source: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const folder = process.env[CARD_CACHE_ENV] || DEFAULT_FOLDER;
  const file = join(folder, `${createHash('sha256').update(source).digest('hex')}.png`);
  // Asynchronous: thousands of cards are read and written while the build renders pages.
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    // Not drawn yet (or the cache was emptied): draw it below.
  }
  const png = await draw();
  if (!madeFolders.has(folder)) madeFolders.set(folder, mkdir(folder, { recursive: true }));
  await madeFolders.get(folder);
  // Written aside, then renamed: a build stopped mid-write never leaves half a picture to be reused.
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, png);
  await rename(partial, file);
  return png;
}
