// @vitest-environment jsdom
// The kept-story sender (src/story-outbox/send-kept.ts), which runs on every page with the form:
// it sends a story kept while offline, and never tries a refused one again in silence.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_KEY, RETURNED_CACHE, RETURNED_EVENT, SENT_EVENT, SENT_MESSAGE } from '../../src/story-outbox/contract.js';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const KEY = '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5';
const SENT_LATER = 'The story you kept on this phone has now been sent.';
const RETURNED = 'The story you sent earlier was not accepted.';

let online: boolean;
/** The snackbar's store as the loaded script sees it (each page load is a fresh module). */
let snackbar: { get: () => string };
let events: string[];
const kept = () => JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null');

function answer(response: () => Response | Error) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'HEAD') return new Response(null, { status: 405 });
    const result = response();
    if (result instanceof Error) throw result;
    return result;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Loads the page's script afresh, as a page load does, and lets its first send finish. */
async function openPage() {
  vi.resetModules();
  const { startSendingKept } = await import('../../src/story-outbox/send-kept');
  const store = await import('../../src/stores/snackbar');
  snackbar = store.snackbar;
  // As the form's page does (src/components/stories/StoryForm.astro).
  startSendingKept(store.showSnackbar);
  await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.length > 0 || !kept()?.outbox || !online).toBe(true));
  await new Promise((done) => setTimeout(done, 0));
}

beforeEach(() => {
  online = true;
  events = [];
  localStorage.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  document.body.innerHTML = `<section data-story-endpoint="/api/stories" data-sent-later="${SENT_LATER}" data-returned="${RETURNED}"></section>`;
  for (const type of [SENT_EVENT, RETURNED_EVENT]) addEventListener(type, () => events.push(type));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const keepOutbox = (extra: object = {}) =>
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...STORY, outbox: { key: KEY, story: STORY, ...extra } }));

describe('a story kept while the connection was down', () => {
  it('kept by our service worker too (queued) is still sent by the page: only a collector’s answer removes it', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: '', Phone: '', Story: '', outbox: { key: KEY, story: STORY, queued: true } }));
    const fetch = answer(() => new Response('{"ok":true,"outcome":"saved"}', { status: 201 }));
    await openPage();
    expect(fetch).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(kept()).toBeNull());
  });

  it('kept by our service worker too, where Background Sync sends it: a returning connection leaves it to the worker, a later visit sends it', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: '', Phone: '', Story: '', outbox: { key: KEY, story: STORY, queued: true } }));
    vi.stubGlobal('SyncManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: Object.assign(new EventTarget(), { controller: {} }) });
    online = false;
    const fetch = answer(() => new Response('{"ok":true,"outcome":"saved"}', { status: 201 }));
    await openPage();
    online = true;
    dispatchEvent(new Event('online'));
    await new Promise((done) => setTimeout(done, 10));
    expect(fetch).not.toHaveBeenCalled();
    await openPage();
    await vi.waitFor(() => expect(kept()).toBeNull());
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('answered "queued" by our service worker stays on the phone, with its key', async () => {
    keepOutbox();
    answer(() => new Response('{"ok":true,"queued":true}', { status: 202, headers: { 'X-Stree-Queued': '1' } }));
    await openPage();
    await new Promise((done) => setTimeout(done, 0));
    expect(kept()).toEqual({ ...STORY, outbox: { key: KEY, story: STORY } });
    expect(events).toEqual([]);
  });

  it('is sent when the page opens online, with its own key, and then leaves the phone', async () => {
    keepOutbox();
    const fetch = answer(() => new Response('{"ok":true,"outcome":"saved"}', { status: 201 }));
    await openPage();
    expect(fetch).toHaveBeenCalledOnce();
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)['Idempotency-Key']).toBe(KEY);
    await vi.waitFor(() => expect(kept()).toBeNull());
    expect(snackbar.get()).toBe(SENT_LATER);
    expect(events).toContain(SENT_EVENT);
  });

  it('waits for the connection, and goes when it comes back', async () => {
    keepOutbox();
    online = false;
    const fetch = answer(() => new Response('{"ok":true,"outcome":"saved"}', { status: 201 }));
    await openPage();
    expect(fetch).not.toHaveBeenCalled();
    online = true;
    dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(kept()).toBeNull());
  });

  it('stays kept when the connection fails again', async () => {
    keepOutbox();
    answer(() => new TypeError('Failed to fetch'));
    vi.mocked(fetch).mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await openPage();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2)); // the send, then the probe
    expect(kept().outbox.key).toBe(KEY);
  });

  it('refused by the collector goes back into the form with why, and is not sent again', async () => {
    keepOutbox();
    const fetch = answer(() => new Response('{"ok":false,"outcome":"refused","error":"Write your story."}'));
    await openPage();
    await vi.waitFor(() => expect(kept()).toEqual({ ...STORY, returned: 'Write your story.' }));
    expect(events).toContain(RETURNED_EVENT);
    expect(snackbar.get()).toBe(RETURNED);
    dispatchEvent(new Event('online'));
    await new Promise((done) => setTimeout(done, 0));
    expect(fetch).toHaveBeenCalledOnce();
  });

  it.each([
    ['"try again" from the collector', () => new Response('{"ok":false,"outcome":"retry","error":"Busy."}')],
    ['a page that is not the collector’s answer', () => new Response('<title>Error</title>', { headers: { 'Content-Type': 'text/html' } })],
    ['a 500', () => new Response('', { status: 500 })],
  ])('answered with %s stays kept, with its key, for the next connection or visit', async (_, response) => {
    keepOutbox();
    answer(response);
    await openPage();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 0));
    expect(kept()).toEqual({ ...STORY, outbox: { key: KEY, story: STORY } });
    expect(events).toEqual([]);
    const sends = vi.mocked(fetch).mock.calls.length;
    dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(sends));
  });

  it('kept before a quick exit, that the browser would not send, stays kept unseen', async () => {
    keepOutbox({ quiet: true });
    answer(() => new TypeError('Failed to fetch'));
    await openPage();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2)); // the send, then the probe that answers
    await new Promise((done) => setTimeout(done, 0));
    expect(kept().outbox).toEqual({ key: KEY, story: STORY, quiet: true });
    expect(events).toEqual([]);
  });

  it('kept before a quick exit is sent without a word on screen', async () => {
    keepOutbox({ quiet: true });
    answer(() => new Response('{"ok":true,"outcome":"saved"}', { status: 201 }));
    await openPage();
    await vi.waitFor(() => expect(kept()).toBeNull());
    expect(snackbar.get()).toBe('');
  });

  it('kept before a quick exit and refused leaves the phone without a word on screen', async () => {
    keepOutbox({ quiet: true });
    answer(() => new Response('{"ok":false,"outcome":"refused","error":"Write your story."}', { status: 422 }));
    await openPage();
    await vi.waitFor(() => expect(kept()).toBeNull());
    expect(snackbar.get()).toBe('');
    expect(events).toEqual([]);
  });
});

describe('a story our service worker confirms', () => {
  let worker: EventTarget;

  beforeEach(() => {
    worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  });

  const workerSays = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));

  it('saved, by its key: it leaves the outbox, and she hears it once, even when the page heard "saved" too', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: '', Phone: '', Story: '', outbox: { key: KEY, story: STORY, queued: true } }));
    online = false;
    answer(() => new Response('{"ok":true,"outcome":"saved"}'));
    await openPage();
    workerSays({ type: SENT_MESSAGE, key: KEY });
    expect(kept()).toBeNull();
    expect(snackbar.get()).toBe(SENT_LATER);
    expect(events).toContain(SENT_EVENT);
    const heard = events.length;
    workerSays({ type: SENT_MESSAGE, key: KEY });
    expect(events).toHaveLength(heard);
  });

  it('saved while she writes a new story: the waiting one leaves the phone, her new words stay', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: 'Sita', Phone: '', Story: 'Something new', outbox: { key: KEY, story: STORY, queued: true } }));
    online = false;
    answer(() => new Response('{"ok":true,"outcome":"saved"}'));
    await openPage();
    workerSays({ type: SENT_MESSAGE, key: KEY });
    expect(kept()).toEqual({ Name: 'Sita', Phone: '', Story: 'Something new' });
  });

  it('saved, another story than the one this phone waits for: that one stays', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: '', Phone: '', Story: '', outbox: { key: KEY, story: STORY, queued: true } }));
    online = false;
    answer(() => new Response('{"ok":true,"outcome":"saved"}'));
    await openPage();
    workerSays({ type: SENT_MESSAGE, key: 'another-key' });
    expect(kept().outbox.key).toBe(KEY);
    expect(snackbar.get()).toBe(SENT_LATER);
  });
});

describe('a story the service worker’s queue gave back', () => {
  function cacheWith(entries: Record<string, object>) {
    const store = new Map(Object.entries(entries).map(([url, body]) => [url, new Response(JSON.stringify(body))]));
    const cache = {
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      match: async (request: Request) => store.get(request.url)?.clone(),
      delete: async (request: Request) => store.delete(request.url),
    };
    vi.stubGlobal('caches', { has: async (name: string) => name === RETURNED_CACHE, open: async () => cache });
    return store;
  }

  it('goes into the form with why, and leaves the cache', async () => {
    const store = cacheWith({ 'http://localhost/__returned/1': { story: STORY, detail: 'Write your story.' } });
    answer(() => new Response('{"ok":true}'));
    await openPage();
    await vi.waitFor(() => expect(kept()).toEqual({ ...STORY, returned: 'Write your story.' }));
    expect(store.size).toBe(0);
  });

  it('waits while the form shows another story she submitted, not this one', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: 'Sita', Phone: '', Story: 'Another', outbox: { key: 'another-key', story: { Name: 'Sita', Phone: '', Story: 'Another' } } }));
    const store = cacheWith({ 'http://localhost/__returned/1': { story: STORY, detail: '', key: KEY } });
    online = false;
    answer(() => new Response('{"ok":true}'));
    await openPage();
    await new Promise((done) => setTimeout(done, 10));
    expect(kept().Name).toBe('Sita');
    expect(store.size).toBe(1);
  });

  it('replaces the form’s words when they are this story’s own, and it leaves the outbox', async () => {
    keepOutbox();
    const store = cacheWith({ 'http://localhost/__returned/1': { story: STORY, detail: 'Write your story.', key: KEY } });
    online = false;
    answer(() => new Response('{"ok":true}'));
    await openPage();
    await vi.waitFor(() => expect(kept()).toEqual({ ...STORY, returned: 'Write your story.' }));
    expect(store.size).toBe(0);
  });

  it('waits while her newer words are in the form', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: 'Sita', Phone: '', Story: 'Something new' }));
    const store = cacheWith({ 'http://localhost/__returned/1': { story: STORY, detail: '' } });
    answer(() => new Response('{"ok":true}'));
    await openPage();
    await new Promise((done) => setTimeout(done, 10));
    expect(kept().Name).toBe('Sita');
    expect(store.size).toBe(1);
  });
});
