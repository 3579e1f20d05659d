// A story told by voice, kept on the phone until a collector saved it (docs/stories.md, "Voice
// stories"): in Cache Storage, which holds a megabyte of audio as it is, where localStorage would
// need it as a string a third larger and is often capped near 5 MB for the whole site. The draft
// (./draft.ts) names the entry; every step fails quietly, so a phone that blocks site data still
// records and sends, keeping the recording for this visit only.
import { RECORDINGS_CACHE, newStoryKey } from './contract.js';
import { loadDraft } from './draft';

/** A recording as the story's JSON carries it (src/story-outbox/recording.js). */
export interface RecordingBody {
  type: string;
  data: string;
}

/** A recording kept on the phone; `seconds` is unknown for a file she picked. */
export interface KeptRecording {
  id: string;
  blob: Blob;
  seconds?: number;
}

/** Never fetched: only a name for the entry, inside the site so no other origin's rules apply. */
const address = (id: string) => new URL(`/__recording/${encodeURIComponent(id)}`, location.href).href;
const SECONDS_HEADER = 'X-Recording-Seconds';

/** Keeps the recording; false where the phone keeps no site data (then it lives for this visit). */
export async function keepRecording({ id, blob, seconds }: KeptRecording): Promise<boolean> {
  try {
    const headers: Record<string, string> = { 'Content-Type': blob.type };
    if (seconds !== undefined) headers[SECONDS_HEADER] = String(seconds);
    await (await caches.open(RECORDINGS_CACHE)).put(address(id), new Response(blob, { headers }));
    return true;
  } catch {
    return false;
  }
}

/** The recording kept under `id`, or undefined when it is gone or storage cannot be read. */
export async function loadRecording(id: string): Promise<KeptRecording | undefined> {
  try {
    const response = await (await caches.open(RECORDINGS_CACHE)).match(address(id));
    if (!response) return undefined;
    const seconds = Number(response.headers.get(SECONDS_HEADER) ?? Number.NaN);
    const blob = await response.blob();
    return { id, blob, ...(Number.isFinite(seconds) ? { seconds } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * Removes every kept recording but those named in `keep` (a story already submitted keeps its
 * own). With none to keep it is one call, started before quick exit's navigation.
 */
export async function forgetRecordings(keep: (string | undefined)[] = []) {
  const kept = new Set(keep.filter(Boolean).map((id) => address(id!)));
  try {
    if (kept.size === 0) {
      await caches.delete(RECORDINGS_CACHE);
      return;
    }
    const cache = await caches.open(RECORDINGS_CACHE);
    for (const request of await cache.keys()) if (!kept.has(request.url)) await cache.delete(request);
  } catch {
    // Nothing kept, or storage blocked: nothing to remove.
  }
}

/** Removes every kept recording the draft no longer names: neither her recording nor a submitted story's. */
export function forgetUnnamedRecordings() {
  const draft = loadDraft();
  return forgetRecordings([draft?.recording, draft?.outbox?.recording]);
}

/**
 * A recording given back in a story's JSON (the worker's queue returns a refused story so):
 * kept on the phone again; its id, or undefined where the phone keeps nothing.
 */
export async function keepBody({ type, data }: RecordingBody): Promise<string | undefined> {
  const recording = { id: newStoryKey(), blob: new Blob([Uint8Array.from(atob(data), (letter) => letter.charCodeAt(0))], { type }) };
  return (await keepRecording(recording)) ? recording.id : undefined;
}
