// Stories sent while the connection is down: kept in IndexedDB by workbox-background-sync and
// sent when it comes back (Background Sync), or when the worker next starts where the browser
// has no Background Sync. The page learns which from the answer (src/story-outbox/send.ts).
// Only a lost connection keeps a story: a request the browser refuses, or a collector's refusal,
// is told to her at once, and a kept story refused later goes back to her form (docs/stories.md).
// A kept story leaves the queue only when a collector's answer says saved or refused: "try again",
// and any answer that is not the collector's own JSON, keep it for the next try.
import { Queue } from 'workbox-background-sync';
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import {
  BLOCKED_HEADER, LANG_PARAM, QUEUED_HEADER, QUIET_MESSAGE, RETURNED_CACHE, RETURNED_MESSAGE, SENT_MESSAGE, isReachable, newStoryKey,
} from './contract.js';
import { FIELDS, HONEYPOT } from './fields.js';
import { RECORDING } from './recording.js';
import { recordingBody } from './recordings';
import { INBOX_PATH } from '../lib/addresses';
import { storyRequest } from './send';

declare const self: ServiceWorkerGlobalScope;
/** PUBLIC_STORY_ENDPOINT at build time; empty means the inbox beside the site (INBOX_PATH, below the base). */
declare const STORY_ENDPOINT: string;

type QueueEntry = NonNullable<Awaited<ReturnType<Queue['shiftRequest']>>>;

/**
 * A year: workbox drops what is older when it next sends, and nothing may leave the phone unconfirmed;
 * a collector down for weeks, or a phone long without a connection, still delivers it.
 */
const KEEP_MINUTES = 60 * 24 * 365;
/** Where, in RETURNED_CACHE, the time of her last quick exit is kept: stories kept before it never show again. */
const QUIET_SINCE = '__quiet-since';

const endpoint = new URL(STORY_ENDPOINT || INBOX_PATH.slice(1), self.registration.scope);
const queue = new Queue('stories', { onSync: sendKept, maxRetentionTime: KEEP_MINUTES });
const inScope = (path: string) => new URL(path, self.registration.scope).href;

export const isStoryPost: RouteMatchCallback = ({ url }) =>
  url.origin === endpoint.origin && url.pathname === endpoint.pathname;

/**
 * Sends the story; if the connection is lost, keeps it and tells the page so with QUEUED_HEADER.
 * A plain form post (no script ran) is kept as the form's script would send it, with a key of its
 * own, and answered with a 303 to `keptPage(lang)`: a reload shows that page again, never posts.
 */
export function sendOrKeep(keptPage: (lang: string) => string): RouteHandlerCallback {
  return async ({ request }) => {
    const copy = request.clone(); // a body is read once: one for the network, one for the queue
    try {
      return await fetch(request);
    } catch (error) {
      // The page stopped waiting (its 20 s limit) and offers a retry itself: keeping a copy too
      // would send words she may still change.
      if (request.signal.aborted) throw error;
      const isPlainPost = request.mode === 'navigate';
      // The collector answers, yet the request failed: the browser refused it (CORS, the policy).
      // No connection will ever carry it, so it is not kept to fail in silence.
      if (navigator.onLine && (await isReachable(request.url))) {
        if (isPlainPost) throw error;
        return new Response('{"ok":false}', { status: 502, headers: { 'Content-Type': 'application/json', [BLOCKED_HEADER]: '1' } });
      }
      if (isPlainPost) {
        await queue.pushRequest({ request: await asScriptSends(copy) });
        return Response.redirect(keptPage(new URL(request.url).searchParams.get(LANG_PARAM) ?? ''), 303);
      }
      await queue.pushRequest({ request: copy });
      return new Response(JSON.stringify({ ok: true, queued: true }), {
        status: 202,
        headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: '1' },
      });
    }
  };
}

/** Sends every kept story in order; the first that cannot go yet stays first, for the next try. */
async function sendKept({ queue }: { queue: Queue }) {
  const outcomes: string[] = [];
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      outcomes.push(await sendOne(queue, entry));
    }
  } finally {
    const clients = await self.clients.matchAll({ type: 'window' });
    for (const message of [SENT_MESSAGE, RETURNED_MESSAGE]) {
      if (outcomes.includes(message)) for (const client of clients) client.postMessage(message);
    }
  }
}

/**
 * A plain form post as the form's script sends it (src/story-outbox/send.ts): JSON with a key, so
 * that when it goes out the collector answers with JSON that says saved, refused or try again (a
 * form post gets a page, or Apps Script's redirect, which says none of these), and a second send
 * of it is known by its key. A multipart post's recording (the form's file field, to the local
 * inbox) becomes the JSON's `Recording` member; an empty file field means none.
 */
async function asScriptSends(form: Request) {
  // formData() reads either encoding the form may post: url-encoded or multipart.
  const values = await form.formData();
  const text = (name: string) => {
    const value = values.get(name);
    return typeof value === 'string' ? value : '';
  };
  const body: Record<string, unknown> = {};
  for (const name of FIELDS) body[name] = text(name);
  if (text(HONEYPOT)) body[HONEYPOT] = text(HONEYPOT);
  const file = values.get(RECORDING);
  if (file instanceof Blob && file.size > 0) body[RECORDING] = await recordingBody(file);
  // The JSON carries the recording as an object: storyRequest only stringifies what it is given.
  const { url, init } = storyRequest(endpoint.href, body as Record<string, string>, newStoryKey(), self.registration.scope);
  return new Request(url, init);
}

/** Sends one kept story: SENT_MESSAGE once it is saved, RETURNED_MESSAGE if it went back to her; throws to try later. */
async function sendOne(queue: Queue, entry: QueueEntry): Promise<string> {
  let response: Response;
  try {
    response = await fetch(entry.request.clone());
  } catch (error) {
    // The browser refused it while the collector answers: back to her form, where she sees why.
    // One kept before a quick exit may not show, and no collector refused it: it stays kept.
    if ((await isReachable(entry.request.url)) && !(await isQuiet(entry))) return giveBack(entry, '');
    await queue.unshiftRequest(entry);
    throw error; // the browser fires the sync again later
  }
  // Kept by an earlier version of this worker as the form posted it: the inbox redirects only once saved.
  if (response.type === 'opaqueredirect') return SENT_MESSAGE;
  const answer = (await response.json().catch(() => undefined)) as { outcome?: unknown; error?: unknown } | undefined;
  if (answer?.outcome === 'saved') return SENT_MESSAGE;
  if (answer?.outcome === 'refused') return giveBack(entry, typeof answer.error === 'string' ? answer.error : '');
  // "Try again", or an answer that is not the collector's: nothing says it was saved. It stays first.
  await queue.unshiftRequest(entry);
  throw new Error(`The story collector did not confirm the story (${response.status}); trying again later`);
}

/**
 * A kept story no retry can deliver goes back to her: left in RETURNED_CACHE for the page to put
 * in the form with why (src/story-outbox/send-kept.ts). One kept before a quick exit is dropped.
 */
async function giveBack(entry: QueueEntry, detail: string): Promise<string> {
  if (await isQuiet(entry)) return '';
  const cache = await caches.open(RETURNED_CACHE);
  const story = await storyOf(entry.request);
  await cache.put(inScope(`__returned/${entry.timestamp ?? Date.now()}`), new Response(JSON.stringify({ story, detail })));
  return RETURNED_MESSAGE;
}

/** Whether the story was kept before her last quick exit: nothing of it may show again. */
async function isQuiet(entry: QueueEntry) {
  const cache = await caches.open(RETURNED_CACHE);
  const quietSince = Number(await (await cache.match(inScope(QUIET_SINCE)))?.text());
  return entry.timestamp !== undefined && entry.timestamp <= quietSince;
}

/**
 * Name, Phone and Story of a kept request, whether the form's script or a plain form post sent it,
 * and its Recording when it had one: a refused recording goes back to the phone with her words.
 */
async function storyOf(request: Request) {
  const text = await request.clone().text();
  let values: Record<string, unknown> = {};
  if (request.headers.get('Content-Type')?.startsWith('application/x-www-form-urlencoded')) {
    values = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      values = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not ours to read: she gets an empty form and the message, rather than nothing.
    }
  }
  const story = { Name: String(values.Name ?? ''), Phone: String(values.Phone ?? ''), Story: String(values.Story ?? '') };
  const recording = values[RECORDING] as { type?: unknown; data?: unknown } | undefined;
  return typeof recording?.type === 'string' && typeof recording.data === 'string'
    ? { ...story, [RECORDING]: { type: recording.type, data: recording.data } }
    : story;
}

// Quick exit: what is queued is still sent (she chose to send it), but never shown again.
self.addEventListener('message', (event) => {
  if (event.data !== QUIET_MESSAGE) return;
  event.waitUntil(caches.open(RETURNED_CACHE).then((cache) => cache.put(inScope(QUIET_SINCE), new Response(String(Date.now())))));
});

// Chrome gives up on a sync after a few failed tries. Each start of the worker (a later visit)
// asks again while stories wait; browsers without Background Sync send them at start anyway.
void queue.size().then((waiting) => (waiting > 0 ? queue.registerSync() : undefined));
