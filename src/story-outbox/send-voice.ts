// A voice story from the page (docs/stories.md, "A recording in parts"): the story, then each part
// the collector lacks, cut from the kept recording as it goes. Fetched only for a story with a
// recording: with the recorder's chunk by the form, by ./send-kept.ts for a kept one. When the connection cuts it short, our service worker (if one runs) is handed the
// whole story to finish when the connection returns, even with the page closed; the page keeps
// its own copy until a collector confirms, whoever sends it (docs/decisions.md).
import { KEY_HEADER, QUEUED_HEADER } from './contract.js';
import { KEEP_PATH, blobSource, deliver, withStoryLock } from './deliver';
import { RECORDING } from './recording.js';
import { postStory, resultOf, type SendInParts, type SendResult } from './send';

/** How sendStory sends a story with `recording`: the story, then the recording in parts; it says how it went. */
export const inParts = (recording: Blob): SendInParts => (endpoint, story, key, isOnline) =>
  // One delivery of a story at a time on this phone (another tab, the service worker): the next
  // waits, and its first request then hears "saved" instead of sending the parts again.
  withStoryLock(key, () => deliverInParts(recording, endpoint, story, key, isOnline));

async function deliverInParts(recording: Blob, endpoint: string, story: Record<string, unknown>, key: string, isOnline: () => boolean): Promise<SendResult> {
  const reply = await deliver((body) => postStory(endpoint, body, key, isOnline), story, blobSource(recording));
  const result = resultOf(reply);
  // Only a request that got no answer is handed over: an answer (try again, not saved) came from a
  // collector the page reaches, and the page tries again itself.
  if (!('failure' in reply) || result.ok || result.reason === 'blocked' || !(await keepInWorker(story, key, recording))) return result;
  // A lost connection is now what the worker waits out, as for a written story; a stall or an answer
  // the browser would not read stays told as it was.
  return result.reason === 'offline' || result.reason === 'network' ? { ok: true, queued: true } : result;
}

/** Hands the story, whole, to the service worker's queue; false when no worker took it. */
async function keepInWorker(story: Record<string, unknown>, key: string, recording: Blob): Promise<boolean> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return false;
  // Multipart: the recording goes as the Blob it is, never as a megabyte of base64 in the page.
  const form = new FormData();
  for (const [name, value] of Object.entries(story)) form.append(name, String(value));
  form.append(RECORDING, recording);
  try {
    const response = await fetch(new URL(KEEP_PATH, worker.scriptURL), { method: 'POST', headers: { [KEY_HEADER]: key }, body: form });
    return response.headers.has(QUEUED_HEADER);
  } catch {
    return false;
  }
}
