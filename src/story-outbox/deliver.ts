// A story with a recording, delivered in parts (docs/stories.md, "A recording in parts"): the
// story first, announcing the recording, then each part the collector does not hold, one at a
// time, in order, until it answers saved. The page (./send-voice.ts) and the service worker
// (./worker-queue.ts) both run it, each with its own way of making one request.
import { PART, RECORDING, RECORDING_PART_BYTES, partsOf } from './recording.js';

/**
 * Where, below the service worker's scope, the page hands the worker a voice story whose delivery
 * the connection cut short (./send-voice.ts): a multipart post with the recording and the key
 * header. The worker keeps it whole and sends it in parts when the connection returns. Never the
 * collector's address: a page without our worker gets the site's 404, and keeps the story itself.
 */
export const KEEP_PATH = '__keep-story';

/** The Web Lock held while the story `key` is being delivered. */
export const storyLockName = (key: string) => `stree-story:${key}`;

/**
 * Runs `delivery` while no other delivery of the story `key` runs on this phone: the page, another
 * tab and the service worker share Web Locks. The one that waited then sends the story first,
 * which the collector answers "saved" (the key), rather than every part again. Where the browser
 * has no Web Locks it runs at once; a second delivery is still harmless.
 */
export function withStoryLock<T>(key: string, delivery: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(storyLockName(key), delivery) : delivery();
}

/** A collector's JSON answer: the members a client reads (docs/stories.md, "How a story leaves the phone"). */
export interface Answer {
  outcome?: unknown;
  error?: unknown;
  fields?: unknown;
  have?: unknown;
}

/**
 * What one request brought back: the collector's answer (undefined when the body was not its
 * JSON, such as an error page) with the response's status, or the caller's own word for a
 * request that got no answer to read (a lost connection, a stall, our service worker's reply).
 */
export type Reply<Failure> = { answer: Answer | undefined; status: number } | { failure: Failure };

/** A recording as it is sent in parts: cut from the same bytes the same way on every try. */
export interface RecordingSource {
  type: string;
  size: number;
  /** Part `index` as standard base64; only this part is read and encoded. */
  part(index: number): Promise<string>;
}

/** A recording kept as a Blob: each part is a slice of it, read when it is sent. */
export function blobSource(blob: Blob, type = blob.type): RecordingSource {
  return {
    type,
    size: blob.size,
    part: async (index) => base64Of(new Uint8Array(await blob.slice(index * RECORDING_PART_BYTES, (index + 1) * RECORDING_PART_BYTES).arrayBuffer())),
  };
}

/** A recording kept whole as base64 (`{ type, data }`: a plain post kept offline, an older version's queue). */
export function wholeSource({ type, data }: { type: string; data: string }): RecordingSource {
  const bytes = Uint8Array.from(atob(data), (letter) => letter.charCodeAt(0));
  return blobSource(new Blob([bytes]), type);
}

/** Bytes as standard base64. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with a part's worth of arguments overflows the stack on some phones.
  for (let start = 0; start < bytes.length; start += 0x2000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x2000));
  return btoa(binary);
}

/** The parts a collector says it holds, or undefined when `have` is not a list of this recording's parts. */
function heldParts(have: unknown, count: number): Set<number> | undefined {
  if (!Array.isArray(have) || !have.every((index) => Number.isInteger(index) && index >= 0 && index < count)) return undefined;
  return new Set(have as number[]);
}

/**
 * Sends `story` (and `recording`, in parts) through `post` until the collector answers anything
 * but `incomplete`, and gives that last reply. Bounded: a part the collector does not list as held
 * once it answered, or a `have` that is not a list of parts, ends it with that `incomplete`
 * answer, which the caller takes as not confirmed (kept, tried again later).
 */
export async function deliver<Failure>(
  post: (body: Record<string, unknown>) => Promise<Reply<Failure>>,
  story: Record<string, unknown>,
  recording?: RecordingSource,
): Promise<Reply<Failure>> {
  if (!recording) return post(story);
  const count = partsOf(recording.size);
  let reply = await post({ ...story, [RECORDING]: { type: recording.type, size: recording.size, parts: count } });
  // Each part is sent at most twice (a collector may lose one and ask again); the story once more.
  for (let sent = -1, sends = 0; sends < 2 * count && 'answer' in reply && reply.answer?.outcome === 'incomplete'; sends += 1) {
    const have = heldParts(reply.answer.have, count);
    if (!have || (sent >= 0 && !have.has(sent))) break;
    sent = [...Array(count).keys()].find((index) => !have.has(index)) ?? -1;
    // "Incomplete" while it holds every part: nothing to send that would help now.
    if (sent < 0) break;
    reply = await post({ [PART]: { index: sent, count, data: await recording.part(sent) } });
  }
  return reply;
}
