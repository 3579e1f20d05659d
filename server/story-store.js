// Where the local inbox keeps stories (docs/stories.md, "The local inbox", "A recording in parts"):
// one CSV row per story, appended and never rewritten; each recording as a file in `recordings/`
// beside it, written before the row that names it; a recording still arriving in parts in its
// working folder (./parts.js) until the last part makes it whole.
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { audioKind } from '../src/story-outbox/audio-signature.js';
import { FIELDS, messageFor, safeCell } from '../src/story-outbox/fields.js';
import { PART, RECORDING, RECORDING_PART_BYTES, partFits } from '../src/story-outbox/recording.js';
import { makeFolder, PRIVATE_FILE, syncFolder, writeAll } from './durable.js';
import { byteBudget, ensureRoom } from './holding.js';
import { HttpError } from './http-error.js';
import { partsStore } from './parts.js';
import { removeRecording, saveRecording, upgradeColumns } from './recordings.js';
import { OTHER_STORY, fingerprintOf, storyKeys } from './story-keys.js';

/** A story's row: the last column names its recording's file, relative to the CSV's folder (empty for a written story). */
export const COLUMNS = ['Received', ...FIELDS, RECORDING];
// Without a BOM, Excel reads UTF-8 as ANSI and Hindi stories turn to mojibake.
const WRITE_BOM = true;

export const NO_STORY = 'No story announced a recording with this key: send the story first, then its parts.';
export const PART_MISFIT = `This part does not fit the recording its story announced: send as many parts as it said, every part but the last ${RECORDING_PART_BYTES} bytes.`;
export const PART_CHANGED = 'A part at this index came before with other bytes: cut the recording the same way on every try.';

/** What the store says after a story or a part: saved (now, or before), or waiting for parts. */
/** @typedef {{ outcome: 'saved', isNew: boolean } | { outcome: 'incomplete', have: number[] }} Progress */

/** The refusal of a recording that is not audio: nothing of it is kept. */
export const notAudio = () => new HttpError(422, messageFor(RECORDING, 'notAudio'), { fields: { [RECORDING]: messageFor(RECORDING, 'notAudio') } });

/**
 * The stories file `file`, its keys, its recordings and the recordings arriving in parts beside it.
 * At most `recordingBytesPerHour` bytes of recordings are written in an hour, and nothing when
 * fewer than `diskMargin` bytes would be left free (both answered 503, `retry`).
 * @param {{ file: string, recordingBytesPerHour: number, diskMargin: number }} options
 */
export function storyStore({ file, recordingBytesPerHour, diskMargin }) {
  const folder = dirname(file);
  const budget = byteBudget(recordingBytesPerHour);
  const room = (bytes) => ensureRoom(folder, bytes, diskMargin);
  // One chain per process, so rows land whole and in order however many requests arrive at once.
  let queue = Promise.resolve();
  /** An older file brought to today's columns, once, before the first row this process writes. */
  let upgraded;
  const upgrade = () => {
    upgraded ??= upgradeColumns(file, COLUMNS).catch((error) => {
      upgraded = undefined; // tried again with the next story
      throw error;
    });
    return upgraded;
  };
  const write = async (story) => {
    const recording = story[RECORDING];
    await room(recording?.bytes.length ?? 0);
    // A recording joined from parts was counted part by part as they came.
    const giveBack = recording && !recording.counted ? budget.take(recording.bytes.length) : () => {};
    try {
      await appendStory(file, story);
    } catch (error) {
      giveBack();
      throw error;
    }
  };
  const append = (story) => {
    const written = queue.then(upgrade).then(() => write(story));
    queue = written.catch(() => {}); // one failed write must not block the stories after it
    return written;
  };
  const keys = storyKeys(append, `${file}.keys`);
  const parts = partsStore(folder);
  const oneAtATime = oneAtATimePerKey();

  /**
   * The story announced with `key` once all its parts are held: joined into one file, its row
   * written, then its working folder removed. Before that, the parts held.
   * @returns {Promise<Progress>}
   */
  async function progress(key, pending) {
    const { type, parts: count } = pending.story[RECORDING];
    const have = (await parts.held(key)).filter((index) => index < count);
    if (have.length < count) return { outcome: 'incomplete', have };
    const bytes = await parts.joined(key, count);
    const kind = audioKind(bytes);
    if (!kind) {
      await parts.forget(key);
      throw notAudio();
    }
    const isNew = await keys.once({ ...pending.story, [RECORDING]: { type, bytes, extension: kind.extension, counted: true } }, key);
    await parts.forget(key);
    return { outcome: 'saved', isNew };
  }

  return {
    /** Where recordings in parts wait, one folder per key. */
    partsFolder: parts.root,

    /**
     * Saves a written story, or one whose recording came whole (`{ type, bytes, extension }`),
     * once per key (or, without one, per words within a day).
     * @param {any} story with its `Received` time
     * @param {string | undefined} key
     * @returns {Promise<Progress>}
     */
    async save(story, key) {
      if (key === undefined) return { outcome: 'saved', isNew: await keys.once(story, undefined) };
      return oneAtATime(key, async () => {
        const fingerprint = fingerprintOf(story);
        if (await keys.saved(key, fingerprint)) return { outcome: 'saved', isNew: false };
        // An older page's copy of a story a newer one began to send in parts: it completes it.
        const pending = await parts.announced(key);
        if (pending && pending.fingerprint !== fingerprint) throw new HttpError(422, OTHER_STORY);
        const isNew = await keys.once(story, key);
        if (pending) await parts.forget(key);
        return { outcome: 'saved', isNew };
      });
    },

    /**
     * A story that announces its recording (`{ type, size, parts }`): kept in its working folder
     * the first time; then, and every time after, the parts held, or saved once all are.
     * @param {any} story with its `Received` time
     * @param {string} key
     * @returns {Promise<Progress>}
     */
    announce(story, key) {
      return oneAtATime(key, async () => {
        const fingerprint = fingerprintOf(story);
        if (await keys.saved(key, fingerprint)) {
          await parts.forget(key); // left by a stop between the row and its removal
          return { outcome: 'saved', isNew: false };
        }
        let pending = await parts.announced(key);
        if (pending && pending.fingerprint !== fingerprint) throw new HttpError(422, OTHER_STORY);
        if (!pending) {
          pending = { fingerprint, story };
          const entry = Buffer.from(JSON.stringify(pending));
          await room(entry.length);
          await parts.announce(key, pending);
        }
        return progress(key, pending);
      });
    },

    /**
     * One part of the recording announced with `key` (`{ index, count, data }`, checked by
     * checkPart): kept if it fits what was announced, then the parts held, or saved once all are.
     * @param {{ index: number, count: number, data: string }} part
     * @param {string} key
     * @returns {Promise<Progress>}
     */
    receivePart(part, key) {
      return oneAtATime(key, async () => {
        // Whole already: a copy of a part whose answer was lost changes nothing.
        if (await keys.saved(key, undefined)) return { outcome: 'saved', isNew: false };
        const pending = await parts.announced(key);
        if (!pending) throw partRefused(NO_STORY);
        const { size, parts: count } = pending.story[RECORDING];
        const bytes = Buffer.from(part.data, 'base64');
        if (part.count !== count || !partFits(part, bytes.length, size)) throw partRefused(PART_MISFIT);
        // Told at once, not after two minutes of uploading what cannot be kept.
        if (part.index === 0 && !audioKind(bytes)) {
          await parts.forget(key);
          throw notAudio();
        }
        if ((await parts.held(key)).includes(part.index)) {
          if (!(await parts.part(key, part.index)).equals(bytes)) throw partRefused(PART_CHANGED);
        } else {
          await room(bytes.length);
          const giveBack = budget.take(bytes.length);
          await parts.keep(key, part.index, bytes).catch((error) => {
            giveBack();
            throw error;
          });
        }
        return progress(key, pending);
      });
    },
  };
}

const partRefused = (message) => new HttpError(422, message, { fields: { [PART]: message } });

/**
 * Runs the tasks given for one key one after another, so that a copy of a request arriving while
 * the first is still at work (a retry after a lost answer) sees what the first did.
 * @returns {<T>(key: string, task: () => Promise<T>) => Promise<T>}
 */
function oneAtATimePerKey() {
  /** @type {Map<string, Promise<unknown>>} */
  const last = new Map();
  return (key, task) => {
    const result = (last.get(key) ?? Promise.resolve()).then(task);
    const settled = result.catch(() => {});
    last.set(key, settled);
    void settled.then(() => {
      if (last.get(key) === settled) last.delete(key);
    });
    return result;
  };
}

/**
 * Saves a story: its recording first, as a file on disk (fsynced) that its row then names, so a
 * row never names a file that is not there. If the row cannot be written, the file goes too: a
 * story sent again writes both anew (and a file left by a crash between the two is one no row
 * names, never served, from a story its phone was never told was saved: it sends it again).
 */
async function appendStory(file, story) {
  const recording = story[RECORDING] ? await saveRecording(dirname(file), story[RECORDING], story.Received) : '';
  try {
    await appendRow(file, { ...story, [RECORDING]: recording });
  } catch (error) {
    if (recording) await removeRecording(dirname(file), recording);
    throw error;
  }
}

/** Appends one row (after the header, for a new file) and returns once it is on disk. */
async function appendRow(file, story) {
  await makeFolder(dirname(file));
  const handle = await open(file, 'a', PRIVATE_FILE);
  try {
    const { size } = await handle.stat();
    const isNew = size === 0;
    const row = COLUMNS.map((c) => safeCell(story[c]));
    const rows = isNew ? [COLUMNS, row] : [row];
    const data = Buffer.from(stringify(rows, { bom: WRITE_BOM && isNew }));
    try {
      // One write call per row: a reader never sees half a row.
      await writeAll(handle, data);
    } catch (error) {
      // Take a partial row back off, so the next story starts on a line of its own.
      await handle.truncate(size).catch(() => {});
      throw error;
    }
    if (isNew) await syncFolder(dirname(file));
  } finally {
    await handle.close();
  }
}
