// The working folder of a recording sent in parts (docs/stories.md, "A recording in parts"): for
// each key whose story announced a recording, `parts/<key>/` beside the CSV holds the announced
// story and each part that arrived, each file written whole. It is on disk, so a restart forgets
// no part; it is never served (it is outside dist/) and only the server's account can open it.
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolder, writeWhole } from './durable.js';

/** The folder beside the CSV that holds recordings still arriving, one folder per key. */
export const PARTS_FOLDER = 'parts';
const STORY_FILE = 'story.json';
const PART_FILE = /^(0|[1-9][0-9]*)\.part$/;

/**
 * The recordings in parts kept under `folder` (the CSV's folder). Keys are 16 to 128 letters,
 * digits, `-` and `_` (checked before they get here), so a key is a safe folder name.
 * @param {string} folder
 */
export function partsStore(folder) {
  const root = join(folder, PARTS_FOLDER);
  const folderOf = (key) => join(root, key);

  return {
    root,

    /**
     * What was kept when the story was announced, or undefined when no story was announced with `key`.
     * @param {string} key
     * @returns {Promise<any>}
     */
    async announced(key) {
      try {
        return JSON.parse(await readFile(join(folderOf(key), STORY_FILE), 'utf8'));
      } catch (error) {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }
    },

    /** Keeps the announced story (`entry`, as JSON) for `key`, in a new folder of its own. */
    async announce(key, entry) {
      await makeFolder(folderOf(key));
      await writeWhole(join(folderOf(key), STORY_FILE), Buffer.from(JSON.stringify(entry)));
    },

    /** The indexes of the parts held for `key`, in order. */
    async held(key) {
      const names = await readdir(folderOf(key)).catch((error) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.flatMap((name) => (PART_FILE.test(name) ? [Number(name.slice(0, -'.part'.length))] : [])).sort((a, b) => a - b);
    },

    /** The bytes of part `index` of `key`'s recording (it must be held). */
    part(key, index) {
      return readFile(join(folderOf(key), `${index}.part`));
    },

    /** Keeps part `index` of `key`'s recording, whole or not at all. */
    keep(key, index, bytes) {
      return writeWhole(join(folderOf(key), `${index}.part`), bytes);
    },

    /** The `count` parts of `key`'s recording joined, in order (all must be held). */
    async joined(key, count) {
      const parts = [];
      for (let index = 0; index < count; index += 1) parts.push(await this.part(key, index));
      return Buffer.concat(parts);
    },

    /** Removes `key`'s working folder, once its story is saved or refused. */
    forget(key) {
      return rm(folderOf(key), { recursive: true, force: true });
    },
  };
}
