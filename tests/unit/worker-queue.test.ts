// The service worker's half of the story outbox (src/story-outbox/worker-queue.ts) under Node, with
// stand-ins for the worker's globals and workbox's Queue: only a lost connection keeps a story;
// a refusal is told at once; a kept story refused later goes back to her form.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCKED_HEADER, QUEUED_HEADER, QUIET_MESSAGE, RETURNED_CACHE, RETURNED_MESSAGE, SENT_MESSAGE } from '../../src/story-outbox/contract.js';

const SCOPE = 'https://stree.example/';
const INBOX = `${SCOPE}api/stories`;
const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };

interface Entry {
  request: Request;
  timestamp?: number;
  metadata?: Record<string, unknown>;
}

/** workbox-background-sync's Queue, in memory; the worker's onSync is kept for the tests to call. */
const fake = vi.hoisted(() => ({
  entries: [] as Entry[],
  onSync: undefined as undefined | ((options: { queue: unknown }) => Promise<void>),
  queue: undefined as unknown,
  registerSync: 0,
}));
vi.mock('workbox-background-sync', () => ({
  Queue: class {
    constructor(_name: string, { onSync }: { onSync: typeof fake.onSync }) {
      fake.onSync = onSync;
      fake.queue = this;
    }
    async pushRequest({ request }: { request: Request }) {
      fake.entries.push({ request, timestamp: Date.now() });
    }
    async shiftRequest() {
      return fake.entries.shift();
    }
    async unshiftRequest(entry: Entry) {
      fake.entries.unshift(entry);
    }
    async size() {
      return fake.entries.length;
    }
    async registerSync() {
      fake.registerSync += 1;
    }
  },
}));

/** Cache Storage, in memory. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (url: string) => store.get(url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    };
  };
  return { open, stores };
}

let messages: unknown[];
let listeners: Map<string, (event: unknown) => void>;
let caches: ReturnType<typeof fakeCaches>;
let worker: typeof import('../../src/story-outbox/worker-queue');

/** The network: the story POST gets `post`; a reachability probe (HEAD) gets `probe`. */
function network(post: Response | Error, probe: Response | Error = new Response(null, { status: 405 })) {
  const fetch = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const result = method === 'HEAD' ? probe : post;
    if (result instanceof Error) throw result;
    return result.clone();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const storyPost = (init: RequestInit = {}) =>
  new Request(INBOX, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(STORY), ...init });

const SAVED = '{"ok":true,"outcome":"saved"}';
const REFUSED = '{"ok":false,"outcome":"refused","error":"Write your story."}';
const keptPage = (lang: string) => `${SCOPE}${lang === 'hi' ? 'hi/' : ''}story-kept/`;
const handle = (request: Request) => worker.sendOrKeep(keptPage)({ request } as never) as Promise<Response>;
const sync = () => fake.onSync!({ queue: fake.queue });
const returned = async () => {
  const store = caches.stores.get(RETURNED_CACHE);
  const kept = [...(store?.entries() ?? [])].filter(([url]) => url.includes('/__returned/'));
  return Promise.all(kept.map(([, response]) => response.clone().json()));
};

beforeEach(async () => {
  vi.resetModules();
  fake.entries = [];
  fake.registerSync = 0;
  messages = [];
  listeners = new Map();
  caches = fakeCaches();
  vi.stubGlobal('STORY_ENDPOINT', '');
  vi.stubGlobal('caches', caches);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('self', {
    registration: { scope: SCOPE },
    clients: { matchAll: async () => [{ postMessage: (message: unknown) => messages.push(message) }] },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  });
  worker = await import('../../src/story-outbox/worker-queue');
});

afterEach(() => vi.unstubAllGlobals());

describe('a story POST', () => {
  it('is the endpoint’s path, whatever its query', () => {
    expect(worker.isStoryPost({ url: new URL(`${INBOX}?lang=hi`) } as never)).toBe(true);
    expect(worker.isStoryPost({ url: new URL(`${SCOPE}home`) } as never)).toBe(false);
  });

  it('goes straight through when the network answers, whatever it answers', async () => {
    network(new Response('{"error":"Write your story."}', { status: 422 }));
    const response = await handle(storyPost());
    expect(response.status).toBe(422);
    expect(fake.entries).toEqual([]);
  });

  it('with no connection is kept, and the page is told so', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const response = await handle(storyPost());
    expect(response.status).toBe(202);
    expect(response.headers.get(QUEUED_HEADER)).toBe('1');
    expect(fake.entries).toHaveLength(1);
  });

  it('refused by the browser while the collector answers is not kept: the page is told it was blocked', async () => {
    network(new TypeError('Failed to fetch'));
    const response = await handle(storyPost());
    expect(response.headers.get(BLOCKED_HEADER)).toBe('1');
    expect(fake.entries).toEqual([]);
  });

  it('that the page gave up on (its 20 s) is not kept: she may still change her words', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const controller = new AbortController();
    controller.abort();
    await expect(handle(storyPost({ signal: controller.signal }))).rejects.toThrow();
    expect(fake.entries).toEqual([]);
  });

  it('posted by the plain form with no connection is kept with a key of its own, and answered 303 to "kept" in her language', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const request = storyPost({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...STORY, website: '' }).toString() });
    Object.defineProperty(request, 'mode', { value: 'navigate' });
    Object.defineProperty(request, 'url', { value: `${INBOX}?lang=hi` });
    const response = await handle(request);
    // A redirect with GET: a reload shows the page again and never posts the story a second time.
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SCOPE}hi/story-kept/`);
    expect(fake.entries).toHaveLength(1);
    // Kept as the form's script sends it: the collector's JSON answer will say saved, refused or try again.
    const kept = fake.entries[0]!.request;
    expect(kept.headers.get('content-type')).toBe('application/json');
    expect(kept.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(await kept.json()).toEqual(STORY);
  });

  it('posted by the plain form with a recording (multipart, no connection) is kept with the file as the Recording member', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    // Every byte value, and more than one slice of the encoder: the copy must be exact.
    const audio = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...STORY, website: '' })) form.append(name, value);
    form.append('Recording', new File([audio], 'story.ogg', { type: 'audio/ogg' }));
    const request = new Request(`${INBOX}?lang=en`, { method: 'POST', body: form });
    Object.defineProperty(request, 'mode', { value: 'navigate' });
    const response = await handle(request);
    expect(response.status).toBe(303);
    expect(fake.entries).toHaveLength(1);
    const kept = fake.entries[0]!.request;
    expect(kept.headers.get('content-type')).toBe('application/json');
    const body = await kept.json();
    expect(body).toEqual({ ...STORY, Recording: { type: 'audio/ogg', data: expect.any(String) } });
    expect(Buffer.from(body.Recording.data, 'base64')).toEqual(Buffer.from(audio));
  });

  it('posted multipart with the file field left empty is kept as a written story, with no Recording', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const form = new FormData();
    for (const [name, value] of Object.entries(STORY)) form.append(name, value);
    form.append('Recording', new File([], '', { type: 'application/octet-stream' }));
    const request = new Request(INBOX, { method: 'POST', body: form });
    Object.defineProperty(request, 'mode', { value: 'navigate' });
    await handle(request);
    expect(await fake.entries[0]!.request.json()).toEqual(STORY);
  });

  it('posted by the plain form to a collector on another origin is kept as a CORS-simple request with ?key=', async () => {
    vi.stubGlobal('STORY_ENDPOINT', 'https://script.google.com/macros/s/ID/exec');
    vi.resetModules();
    worker = await import('../../src/story-outbox/worker-queue');
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const request = new Request('https://script.google.com/macros/s/ID/exec?lang=en', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(STORY).toString(),
    });
    Object.defineProperty(request, 'mode', { value: 'navigate' });
    const response = await handle(request);
    expect(response.headers.get('location')).toBe(`${SCOPE}story-kept/`);
    const kept = fake.entries[0]!.request;
    expect(new URL(kept.url).searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(kept.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(await kept.json()).toEqual(STORY);
  });
});

describe('sending what was kept', () => {
  beforeEach(() => {
    fake.entries.push({ request: storyPost(), timestamp: Date.now() });
  });

  it('once it is saved tells open pages it was sent', async () => {
    network(new Response(SAVED, { status: 201 }));
    await sync();
    expect(fake.entries).toEqual([]);
    expect(messages).toEqual([SENT_MESSAGE]);
  });

  it('with the connection still down keeps it first in line and asks for another try', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    await expect(sync()).rejects.toThrow();
    expect(fake.entries).toHaveLength(1);
    expect(messages).toEqual([]);
  });

  it('refused by the collector (even with a 200, as Apps Script answers) goes back to her form with why', async () => {
    network(new Response(REFUSED));
    await sync();
    expect(fake.entries).toEqual([]);
    expect(await returned()).toEqual([{ story: STORY, detail: 'Write your story.' }]);
    expect(messages).toEqual([RETURNED_MESSAGE]);
  });

  it('refused with its recording (over the size limit) goes back to her with the recording, not without it', async () => {
    const Recording = { type: 'audio/webm;codecs=opus', data: 'T2dnUw==' };
    fake.entries = [{ request: storyPost({ body: JSON.stringify({ ...STORY, Recording }) }), timestamp: Date.now() }];
    network(new Response('{"ok":false,"outcome":"refused","error":"Too long.","fields":{"Recording":"At most 1 MB."}}'));
    await sync();
    expect(await returned()).toEqual([{ story: { ...STORY, Recording }, detail: 'Too long.' }]);
  });

  it('refused by the browser while the collector answers goes back to her too, not tried forever', async () => {
    network(new TypeError('Failed to fetch'));
    await sync();
    expect(fake.entries).toEqual([]);
    expect(await returned()).toEqual([{ story: STORY, detail: '' }]);
  });

  it.each([
    ['"try again" in a 200 (a busy lock, as Apps Script answers)', () => new Response('{"ok":false,"outcome":"retry","error":"Busy."}')],
    ['a 503', () => new Response('', { status: 503 })],
    ['a 200 page that is not the collector’s (Google’s error page)', () => new Response('<title>Error</title>', { headers: { 'Content-Type': 'text/html' } })],
    ['a 200 JSON that is not the collector’s', () => new Response('{"ok":true}')],
  ])('answered with %s stays kept, first in line, however often: it is never dropped unconfirmed', async (_, response) => {
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      network(response());
      await expect(sync()).rejects.toThrow(/did not confirm/);
      expect(fake.entries).toHaveLength(1);
    }
    expect(await returned()).toEqual([]);
    expect(messages).toEqual([]);
    network(new Response(SAVED));
    await sync();
    expect(fake.entries).toEqual([]);
    expect(messages).toEqual([SENT_MESSAGE]);
  });

  it('a plain form post the inbox answered with its redirect was saved', async () => {
    fake.entries = [{ request: storyPost(), timestamp: Date.now() }];
    vi.stubGlobal('fetch', vi.fn(async () => Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' })));
    await sync();
    expect(messages).toEqual([SENT_MESSAGE]);
    expect(await returned()).toEqual([]);
  });

  it('kept before a quick exit and then refused is dropped: nothing of it shows again', async () => {
    await new Promise<void>((done) => {
      listeners.get('message')!({ data: QUIET_MESSAGE, waitUntil: (promise: Promise<void>) => void promise.then(done) });
    });
    network(new Response(REFUSED));
    await sync();
    expect(fake.entries).toEqual([]);
    expect(await returned()).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('kept before a quick exit and then refused by the browser stays kept, unseen: no collector refused it', async () => {
    await new Promise<void>((done) => {
      listeners.get('message')!({ data: QUIET_MESSAGE, waitUntil: (promise: Promise<void>) => void promise.then(done) });
    });
    network(new TypeError('Failed to fetch'));
    await expect(sync()).rejects.toThrow();
    expect(fake.entries).toHaveLength(1);
    expect(await returned()).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('kept as a plain form post by an earlier worker, and refused, goes back with its fields read from the form encoding', async () => {
    fake.entries = [{
      request: storyPost({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...STORY, website: '' }).toString() }),
      timestamp: Date.now(),
    }];
    network(new Response(REFUSED, { status: 422 }));
    await sync();
    expect(await returned()).toEqual([{ story: STORY, detail: 'Write your story.' }]);
  });
});
