// Stories sent while the connection is down: kept in IndexedDB by workbox-background-sync and
// sent when it comes back (Background Sync), or when the worker next starts where the browser
// has no Background Sync. The page learns which from the answer (src/story-outbox/send.ts).
// Only what no connection carried is kept: a lost connection, or an answer from another origin the
// browser would not let us read (Google's quota page). A request our own inbox's browser refused,
// and a collector's refusal, are told to her at once, and a kept story refused later goes back to
// her form (docs/stories.md). A kept story leaves the queue only when a collector's answer says
// saved or refused, and a copy stands for it while it is sent (./worker-copy.ts). A story with a
// recording goes in parts (./deliver.ts), as the page sends it.
import { Queue } from 'workbox-background-sync';
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import {
  BLOCKED_HEADER, KEY_HEADER, LANG_PARAM, QUEUED_HEADER, QUIET_MESSAGE, RETURNED_CACHE, RETURNED_MESSAGE, SENT_MESSAGE,
  isReachable, newStoryKey, patienceFor,
} from './contract.js';
import { FIELDS, HONEYPOT } from './fields.js';
import { PART, RECORDING } from './recording.js';
import { KEEP_PATH, base64Of, deliver, wholeSource, withStoryLock, type Reply } from './deliver';
import { dropCopy, hasCopy, keepCopy, restoreCopies, type QueueEntry } from './worker-copy';
import { answerOf, keyOf, storyRequest } from './story-request';
import { INBOX_PATH } from '../lib/addresses';

declare const self: ServiceWorkerGlobalScope;
/** PUBLIC_STORY_ENDPOINT at build time; empty means the inbox beside the site (INBOX_PATH, below the base). */
declare const STORY_ENDPOINT: string;

/**
 * A year: workbox drops what is older when it next sends, and nothing may leave the phone unconfirmed;
 * a collector down for weeks, or a phone long without a connection, still delivers it.
 */
const KEEP_MINUTES = 60 * 24 * 365;
/** Where, in RETURNED_CACHE, the time of her last quick exit is kept: stories kept before it never show again. */
const QUIET_SINCE = '__quiet-since';

const endpoint = new URL(STORY_ENDPOINT || INBOX_PATH.slice(1), self.registration.scope);
/** Copies left by a worker stopped mid-send, back in the queue: once, before anything is sent. */
let restoring: Promise<void> | undefined;
// Declared after `restoring`: without Background Sync, the queue calls sendKept as it is made.
const queue = new Queue('stories', { onSync: sendKept, maxRetentionTime: KEEP_MINUTES });
const inScope = (path: string) => new URL(path, self.registration.scope).href;
const isOwnOrigin = (url: string) => new URL(url).origin === self.location.origin;

export const isStoryPost: RouteMatchCallback = ({ url }) =>
  url.origin === endpoint.origin && url.pathname === endpoint.pathname;

/** The page handing over a voice story the connection cut short (KEEP_PATH). */
export const isKeepPost: RouteMatchCallback = ({ url }) => url.href === inScope(KEEP_PATH);

/** The body of a step of a delivery in parts (a part, or a story that announces its recording): useless alone in a queue. */
function isStep(body: Record<string, unknown> | undefined) {
  const recording = body?.[RECORDING];
  return body !== undefined && (PART in body || (typeof recording === 'object' && recording !== null && !('data' in recording)));
}

const jsonObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Keeps `request` to send later, and answers the page so (QUEUED_HEADER says why). */
async function keep(request: Request, why: '1' | 'unconfirmed', key = keyOf(request)) {
  await queue.pushRequest({ request, ...(key ? { metadata: { key } } : {}) });
  return keptAnswer(why);
}

const keptAnswer = (why: '1' | 'unconfirmed') => new Response(JSON.stringify({ ok: true, queued: true }), {
  status: 202,
  headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: why },
});

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
      // The page stopped waiting (the request stalled): it keeps the story itself and tries again.
      if (request.signal.aborted) throw error;
      const isPlainPost = request.mode === 'navigate';
      // A step of a voice story: the page keeps the story, and hands it over whole (KEEP_PATH).
      if (!isPlainPost && isStep(jsonObject(await copy.clone().text()))) throw error;
      if (navigator.onLine && (await isReachable(request.url))) {
        // The collector answers, yet the request failed. A plain post, or to our own inbox: the
        // browser refused it (the policy, an extension), which no connection changes, so it is not
        // kept to fail in silence. To another origin: also Google's quota or error page, which has
        // no CORS header: kept, and tried again later.
        if (isPlainPost) throw error;
        if (isOwnOrigin(request.url)) {
          return new Response('{"ok":false}', { status: 502, headers: { 'Content-Type': 'application/json', [BLOCKED_HEADER]: '1' } });
        }
        return keep(copy, 'unconfirmed');
      }
      if (isPlainPost) {
        const key = newStoryKey();
        await keep(await asScriptSends(copy, key), '1', key);
        return Response.redirect(keptPage(new URL(request.url).searchParams.get(LANG_PARAM) ?? ''), 303);
      }
      return keep(copy, '1');
    }
  };
}

/**
 * A voice story the page could not finish (src/story-outbox/send-voice.ts), multipart with its
 * key: kept whole, sent in parts when the connection returns, whether or not the page is open.
 */
export const keepWhole: RouteHandlerCallback = async ({ request }) => {
  const key = request.headers.get(KEY_HEADER);
  if (!key) return new Response(null, { status: 400 });
  // Handed over again (a later try cut short too): one copy in the queue is enough.
  if (await isKept(key)) return keptAnswer('1');
  return keep(await asScriptSends(request, key), '1', key);
};

/**
 * Whether the queue holds the story `key`, or a copy of it is being sent. Not its Web Lock: the
 * page handing it over holds that one.
 */
async function isKept(key: string) {
  return (await hasCopy(key))
    || (await queue.getAll()).some((entry) => (entry.metadata as { key?: string } | undefined)?.key === key || keyOf(entry.request) === key);
}

/** Tells every open page. */
async function tell(message: unknown) {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** Sends every kept story in order; the first that cannot go yet stays first, for the next try. */
async function sendKept({ queue }: { queue: Queue }) {
  await (restoring ??= restoreCopies(queue));
  for (let [next] = await queue.getAll(); next; [next] = await queue.getAll()) {
    const copy = await keepCopy(next);
    // `next`, out of the queue now: the copy stands for it until a collector answers.
    const entry = await queue.shiftRequest();
    if (!entry) {
      await dropCopy(copy);
      return;
    }
    let message: unknown;
    try {
      message = await sendOne(entry);
    } catch (error) {
      await queue.unshiftRequest(entry);
      await dropCopy(copy);
      throw error; // the browser fires the sync again later
    }
    await dropCopy(copy);
    if (message) await tell(message);
  }
}

/**
 * A plain form post as the form's script sends it (src/story-outbox/send.ts): JSON with a key, so
 * that when it goes out the collector answers with JSON that says saved, refused or try again (a
 * form post gets a page, or Apps Script's redirect, which says none of these), and a second send
 * of it is known by its key. A multipart post's recording (the form's file field, to the local
 * inbox, or a voice story the page handed over) becomes the JSON's whole `Recording` member,
 * sent in parts when it goes; an empty file field means none.
 */
async function asScriptSends(form: Request, key: string) {
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
  if (file instanceof Blob && file.size > 0) body[RECORDING] = { type: file.type, data: base64Of(new Uint8Array(await file.arrayBuffer())) };
  const { url, init } = storyRequest(endpoint.href, body, key, self.registration.scope);
  return new Request(url, init);
}

/** One body of a kept story, POSTed where the kept request went; a stall (patienceFor) fails it. */
async function post(kept: Request, body: Record<string, unknown>): Promise<Reply<'failed'>> {
  const text = JSON.stringify(body);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), patienceFor(new Blob([text]).size));
  try {
    const response = await fetch(kept.url, { method: 'POST', headers: kept.headers, body: text, credentials: 'omit', signal: controller.signal });
    return { answer: await answerOf(response), status: response.status };
  } catch {
    return { failure: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/** A request kept by an earlier version of this worker as the form posted it: sent as it is. */
async function postAsKept(kept: Request): Promise<Reply<'failed'>> {
  try {
    const response = await fetch(kept.clone());
    // The inbox redirects a plain form post only once it is saved.
    if (response.type === 'opaqueredirect') return { answer: { outcome: 'saved' }, status: 303 };
    return { answer: await answerOf(response), status: response.status };
  } catch {
    return { failure: 'failed' };
  }
}

/**
 * Sends one kept story, its recording in parts: the message for open pages once it is saved or
 * went back to her (none when it may not show); throws to keep it for a later try.
 */
async function sendOne(entry: QueueEntry): Promise<unknown> {
  const { request } = entry;
  const key = keyOf(request) ?? undefined;
  const body = jsonObject(await request.clone().text());
  const whole = body?.[RECORDING] as { type?: unknown; data?: unknown } | undefined;
  const recording = typeof whole?.type === 'string' && typeof whole.data === 'string' ? wholeSource({ type: whole.type, data: whole.data }) : undefined;
  const story = { ...body };
  if (recording) delete story[RECORDING];
  // One delivery of a story at a time on this phone: the page may be sending it too.
  const reply = body ? await withStoryLock(key ?? '', () => deliver((step) => post(request, step), story, recording)) : await postAsKept(request);
  if ('failure' in reply) {
    // The browser refused it while the collector answers. Our own inbox: back to her form, where
    // she sees why (one kept before a quick exit stays, unseen: no collector refused it). Another
    // origin: also a page the browser may not read (Google's quota page): tried again later.
    if (isOwnOrigin(request.url) && (await isReachable(request.url)) && !(await isQuiet(entry))) return giveBack(entry, '');
    throw new Error('The story could not be sent; trying again later');
  }
  const { answer } = reply;
  const sent = (await isQuiet(entry)) ? undefined : { type: SENT_MESSAGE, key };
  // A step kept alone by a page of an earlier version: the page holds the story and sends it.
  if (isStep(body) && answer && answer.outcome !== 'retry') return answer.outcome === 'saved' ? sent : undefined;
  if (answer?.outcome === 'saved') return sent;
  if (answer?.outcome === 'refused') return giveBack(entry, typeof answer.error === 'string' ? answer.error : '');
  // "Try again", an answer that is not the collector's, or parts it would not take: nothing says it was saved.
  throw new Error(`The story collector did not confirm the story (${reply.status}); trying again later`);
}

/**
 * A kept story no retry can deliver goes back to her: left in RETURNED_CACHE for the page to put
 * in the form with why (src/story-outbox/send-kept.ts). One kept before a quick exit is dropped.
 */
async function giveBack(entry: QueueEntry, detail: string) {
  if (await isQuiet(entry)) return undefined;
  const cache = await caches.open(RETURNED_CACHE);
  const story = await storyOf(entry.request);
  const key = keyOf(entry.request) ?? undefined;
  await cache.put(inScope(`__returned/${entry.timestamp ?? Date.now()}`), new Response(JSON.stringify({ story, detail, key })));
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
  const values: Record<string, unknown> = request.headers.get('Content-Type')?.startsWith('application/x-www-form-urlencoded')
    ? Object.fromEntries(new URLSearchParams(text))
    // Not ours to read: she gets an empty form and the message, rather than nothing.
    : (jsonObject(text) ?? {});
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
// asks again while stories wait, a copy left mid-send included; browsers without Background Sync
// send them at start anyway.
void (restoring ??= restoreCopies(queue)).then(() => queue.size()).then((waiting) => (waiting > 0 ? queue.registerSync() : undefined));
