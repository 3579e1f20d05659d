// What keeps the local inbox standing when it is sent far more than stories (docs/stories.md,
// "The local inbox"): a cap on the recording bytes it takes in an hour, and room left on its disk.
// Past either it writes nothing and answers `retry`: a phone keeps the story and sends it later.
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RECORDING_BYTES_MAX } from '../src/story-outbox/recording.js';
import { HttpError } from './http-error.js';

/**
 * The recording bytes the inbox takes in any hour, from every sender together: some 60 five-minute
 * stories (more than an organisation hears in a day), and well short of filling a disk in a day.
 */
export const RECORDING_BYTES_PER_HOUR = 60 * RECORDING_BYTES_MAX;

/** Free space the inbox leaves on its disk, for the machine and the other programs on it. */
export const DISK_MARGIN_BYTES = 256 * 1024 * 1024;

const HOUR_MS = 60 * 60 * 1000;
/** A phone asked to try again later is asked for an hour: the cap frees as the hour goes by. */
const RETRY_AFTER = { 'Retry-After': String(HOUR_MS / 1000) };

export const OVER_BUDGET = 'The inbox has taken all the recordings it can this hour. Nothing was written: send it again later.';
export const DISK_FULL = 'The inbox has no room left on its disk. Nothing was written: send it again later.';

/**
 * The bytes taken in the last hour, counted as they are written. `take(bytes)` counts them if they
 * fit, and returns a function that gives them back (when nothing was written after all); past the
 * cap it throws a 503 (`retry`).
 * @param {number} bytesPerHour
 * @param {() => number} [now]
 */
export function byteBudget(bytesPerHour, now = Date.now) {
  /** @type {{ at: number, bytes: number }[]} */
  let taken = [];
  return {
    /** @param {number} bytes */
    take(bytes) {
      const since = now() - HOUR_MS;
      taken = taken.filter(({ at }) => at > since);
      const used = taken.reduce((sum, entry) => sum + entry.bytes, 0);
      if (used + bytes > bytesPerHour) throw new HttpError(503, OVER_BUDGET, { headers: RETRY_AFTER });
      const entry = { at: now(), bytes };
      taken.push(entry);
      return () => {
        taken = taken.filter((other) => other !== entry);
      };
    },
  };
}

/**
 * Throws a 503 (`retry`) unless the disk that holds `folder` keeps `margin` bytes free once
 * `bytes` more are written. `folder` may not exist yet: the first folder above it that does is asked.
 * @param {string} folder
 * @param {number} bytes
 * @param {number} margin
 */
export async function ensureRoom(folder, bytes, margin) {
  let stats;
  for (let asked = folder; !stats; asked = dirname(asked)) {
    try {
      stats = await statfs(asked);
    } catch (error) {
      if (error.code !== 'ENOENT' || asked === dirname(asked)) throw error;
    }
  }
  if (stats.bavail * stats.bsize - bytes < margin) throw new HttpError(503, DISK_FULL, { headers: RETRY_AFTER });
}
