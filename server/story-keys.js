// Each story once (docs/stories.md, "The local inbox"): the keys of the stories saved, kept in
// `{file}.keys` beside the CSV so that a restart forgets none, each with what it was sent with.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { FIELDS, textKey } from '../src/story-outbox/fields.js';
import { RECORDING } from '../src/story-outbox/recording.js';
import { PRIVATE_FILE } from './durable.js';
import { HttpError } from './http-error.js';

/** A post without a key (a plain form) is a repeat when the same words arrived this recently: a reload, a resend. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The same key sent again with another story (draft-ietf-httpapi-idempotency-key-header: 422). */
export const OTHER_STORY = 'This key came before with another story. A new story needs a new key.';

const sha256 = (value) => createHash('sha256').update(value).digest('hex');

/**
 * What a story with a key is known by, to tell it from another sent with the same key: its words
 * as checked, and its recording's type and size. The same for a recording announced
 * (`{type, size, parts}`) and sent whole (`{type, bytes}`), so the two forms of one story agree.
 * @param {{ Name: string, Phone: string, Story: string, Recording?: { type: string, size?: number, bytes?: Uint8Array } }} story
 */
export function fingerprintOf(story) {
  const recording = story[RECORDING];
  const size = recording ? (recording.size ?? recording.bytes?.length) : undefined;
  return sha256(JSON.stringify([...FIELDS.map((field) => story[field]), recording?.type ?? null, size ?? null]));
}

/**
 * The key a story without one is known by (`textKey`, as the Apps Script makes it too). The
 * recording counts as its base64, as keys written before this version were made.
 */
function keyOfWords(story) {
  const bytes = story[RECORDING]?.bytes;
  return textKey(story, bytes ? Buffer.from(bytes).toString('base64') : undefined, sha256);
}

/**
 * Keys saved before: a text key with when it came; a phone's key (for ever) with its story's
 * fingerprint, or alone on its line as versions before this one wrote it.
 */
function readKeys(keyFile) {
  let text;
  try {
    text = readFileSync(keyFile, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return text.split('\n').filter(Boolean).map((line) => {
    const [key, second] = line.split(' ');
    if (key.startsWith('text:')) return { key, at: second ? Date.parse(second) : Infinity };
    return { key, at: Infinity, fingerprint: second };
  });
}

/**
 * The keys of the stories saved through `append`. `once(story, key)` saves a story whose key was
 * not saved before. A request that comes while the first with its key is still being written
 * waits for that write, and writes itself only if it failed: whichever copy arrives, the story is
 * saved exactly once. A story without a key (a plain form post) is known by its words: a repeat
 * within REPEAT_WINDOW_MS is not saved. A key saved with another story is refused (422).
 * @param {(story: any) => Promise<void>} append
 * @param {string} keyFile
 */
export function storyKeys(append, keyFile) {
  /** @type {Map<string, { write: Promise<void>, at: number, fingerprint?: string }>} */
  const writes = new Map(readKeys(keyFile).map(({ key, at, fingerprint }) => [key, { write: Promise.resolve(), at, fingerprint }]));

  /** An earlier story with the key: with another fingerprint it is refused (422). */
  const sameStory = (entry, fingerprint) => {
    // Keys from before fingerprints were kept: any story with one is its repeat, as it was then.
    if (fingerprint && entry.fingerprint && entry.fingerprint !== fingerprint) throw new HttpError(422, OTHER_STORY);
    return true;
  };

  return {
    /**
     * Whether a story was saved with `key`; refused (422) if it was another story than `fingerprint`'s.
     * @param {string} key
     * @param {string} fingerprint
     */
    async saved(key, fingerprint) {
      for (let entry = writes.get(key); entry; entry = writes.get(key)) {
        try {
          await entry.write;
        } catch {
          continue; // that write failed and forgot the key: look again, another request may be writing it
        }
        return sameStory(entry, fingerprint);
      }
      return false;
    },

    /**
     * Saves `story` unless a story with its key (or, without one, its words) was saved before.
     * @param {any} story with its `Received` time
     * @param {string | undefined} key
     * @returns {Promise<boolean>} whether it was written now
     */
    async once(story, key) {
      const now = Date.parse(story.Received);
      const fingerprint = key === undefined ? undefined : fingerprintOf(story);
      const ownKey = key ?? keyOfWords(story);
      const since = key === undefined ? now - REPEAT_WINDOW_MS : -Infinity;
      // No pause between the last look and the write going into the map: two copies arriving at
      // once cannot both find the key missing.
      for (let entry = writes.get(ownKey); entry && entry.at > since; entry = writes.get(ownKey)) {
        try {
          await entry.write;
        } catch {
          continue;
        }
        if (sameStory(entry, fingerprint)) return false;
      }
      const write = append(story);
      writes.set(ownKey, { write, at: now, fingerprint });
      write.catch(() => writes.delete(ownKey));
      await write;
      // The row is saved whatever happens here; a key lost now only matters after a restart.
      const line = key === undefined ? `${ownKey} ${story.Received}` : `${ownKey} ${fingerprint}`;
      await appendFile(keyFile, `${line}\n`, { mode: PRIVATE_FILE }).catch((error) => console.error('Story inbox: could not record a key:', error));
      return true;
    },
  };
}
