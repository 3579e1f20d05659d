// The service worker's copy of the kept story it is sending. workbox's Queue.shiftRequest takes an
// entry out of IndexedDB before it is sent and puts it back only if fetch throws
// (GoogleChrome/workbox#2599): a worker stopped mid-send (the browser ends a long sync event, the
// phone kills it for memory) would lose the only copy. So a copy is put in Cache Storage before the
// entry leaves the queue, and removed only once the entry is back in the queue or a collector
// answered; at the worker's next start a copy left behind goes back into the queue.
import type { Queue } from 'workbox-background-sync';
import { storyLockName } from './deliver';
import { keyOf } from './story-request';

declare const self: ServiceWorkerGlobalScope;

/** Cache Storage for the copies: one entry per story being sent, under an address never fetched. */
export const SENDING_CACHE = 'stree-sending-stories';

export type QueueEntry = NonNullable<Awaited<ReturnType<Queue['shiftRequest']>>>;

interface Copy {
  url: string;
  headers: [string, string][];
  body: string;
  timestamp?: number;
  metadata?: object;
}

const addressOf = ({ request, timestamp }: QueueEntry) =>
  new URL(`__sending/${timestamp ?? 0}-${encodeURIComponent(keyOf(request) ?? '')}`, self.registration.scope).href;

/** Copies `entry` (still in the queue) into Cache Storage; the copy's address, to drop it later. */
export async function keepCopy(entry: QueueEntry): Promise<string> {
  const { request, timestamp, metadata } = entry;
  const copy: Copy = { url: request.url, headers: [...request.headers], body: await request.clone().text(), timestamp, metadata };
  const address = addressOf(entry);
  await (await caches.open(SENDING_CACHE)).put(address, new Response(JSON.stringify(copy)));
  return address;
}

/** Whether a copy of the story `key` stands for it while it is sent (by this worker, or one stopped mid-send). */
export async function hasCopy(key: string) {
  if (!(await caches.has(SENDING_CACHE))) return false;
  const ending = `-${encodeURIComponent(key)}`;
  return (await (await caches.open(SENDING_CACHE)).keys()).some(({ url }) => url.endsWith(ending));
}

/** Removes a copy once its story is confirmed, given back, or back in the queue. */
export async function dropCopy(address: string) {
  await (await caches.open(SENDING_CACHE)).delete(address);
}

/**
 * Puts every copy left by a worker that stopped mid-send back at the head of the queue, once: not
 * one the queue still holds (stopped before the entry left it, or after it was put back), and not
 * one whose story another worker is sending right now (the one this update replaces): it keeps
 * its copy until it hears.
 */
export async function restoreCopies(queue: Queue) {
  if (!(await caches.has(SENDING_CACHE))) return;
  const cache = await caches.open(SENDING_CACHE);
  const waiting = await queue.getAll();
  const sending = new Set((await navigator.locks?.query())?.held?.map(({ name }) => name));
  for (const address of await cache.keys()) {
    const copy = (await (await cache.match(address))!.json()) as Copy;
    const request = new Request(copy.url, { method: 'POST', headers: copy.headers, body: copy.body, credentials: 'omit' });
    if (sending.has(storyLockName(keyOf(request) ?? ''))) continue;
    const isWaiting = waiting.some((entry) => entry.timestamp === copy.timestamp && entry.request.url === copy.url);
    if (!isWaiting) await queue.unshiftRequest({ request, timestamp: copy.timestamp, ...(copy.metadata ? { metadata: copy.metadata } : {}) });
    await cache.delete(address);
  }
}
