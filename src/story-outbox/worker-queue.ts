// Stories sent while the connection is down: kept in IndexedDB by workbox-background-sync and
// sent when it comes back (Background Sync), or when the worker next starts where the browser
// has no Background Sync. The page learns which from the answer (src/lib/send-story.ts).
import { Queue } from 'workbox-background-sync';
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import { QUEUED_HEADER, SENT_MESSAGE } from './contract.js';

declare const self: ServiceWorkerGlobalScope;
/** PUBLIC_STORY_ENDPOINT at build time; empty means the inbox beside the site, at {base}api/stories. */
declare const STORY_ENDPOINT: string;

type QueueEntry = NonNullable<Awaited<ReturnType<Queue['shiftRequest']>>>;

/** A month: a story outlives any likely time without a connection; a lost one is worse than a late one. */
const KEEP_MINUTES = 60 * 24 * 30;
/** Answers that mean "not now" rather than "never". */
const TRY_AGAIN = (status: number) => status >= 500 || status === 408 || status === 429;

const endpoint = new URL(STORY_ENDPOINT || 'api/stories', self.registration.scope);
const queue = new Queue('stories', { onSync: sendKept, maxRetentionTime: KEEP_MINUTES });

export const isStoryPost: RouteMatchCallback = ({ url }) =>
  url.origin === endpoint.origin && url.pathname === endpoint.pathname;

/** Sends the story; if the network fails, keeps it and tells the page so with QUEUED_HEADER. */
export const sendOrKeep: RouteHandlerCallback = async ({ request }) => {
  const copy = request.clone(); // a body is read once: one for the network, one for the queue
  try {
    return await fetch(request);
  } catch (error) {
    // The page stopped waiting (its 20 s limit) and offers a retry itself: keeping a copy too
    // would send words she may still change.
    if (request.signal.aborted) throw error;
    await queue.pushRequest({ request: copy });
    return new Response(JSON.stringify({ ok: true, queued: true }), {
      status: 202,
      headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: '1' },
    });
  }
};

/** Sends every kept story in order; the first that cannot go yet stays first, for the next try. */
async function sendKept({ queue }: { queue: Queue }) {
  let sent = 0;
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      await sendOne(queue, entry);
      sent += 1;
    }
  } finally {
    if (sent > 0) {
      for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(SENT_MESSAGE);
    }
  }
}

async function sendOne(queue: Queue, entry: QueueEntry) {
  let response: Response;
  try {
    response = await fetch(entry.request.clone());
  } catch (error) {
    await queue.unshiftRequest(entry);
    throw error; // the browser fires the sync again later
  }
  if (TRY_AGAIN(response.status)) {
    await queue.unshiftRequest(entry);
    throw new Error(`The story inbox answered ${response.status}; trying again later`);
  }
  // Any other refusal would refuse every retry too: the inbox checks exactly what the form checks
  // (src/lib/story-fields.js), so it cannot happen to a story the form let through.
}

// Chrome gives up on a sync after a few failed tries. Each start of the worker (a later visit)
// asks again while stories wait; browsers without Background Sync send them at start anyway.
void queue.size().then((waiting) => (waiting > 0 ? queue.registerSync() : undefined));
