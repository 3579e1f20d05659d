// The service worker's half of the story outbox (src/story-outbox/worker-queue.ts) under Node, with
// stand-ins for the worker's globals and workbox's Queue: only what no connection carried keeps a
// story; a refusal is told at once; a kept story refused later goes back to her form; a kept
// recording goes in parts; and the worker's copy of what it sends outlives the worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCKED_HEADER, QUEUED_HEADER, QUIET_MESSAGE, RETURNED_CACHE, RETURNED_MESSAGE, SENT_MESSAGE } from '../../src/story-outbox/contract.js';
import { RECORDING_PART_BYTES } from '../../src/story-outbox/recording.js';
import { audioBytes, fakeCollector, keyOfRequest } from './fake-collector';

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
    async pushRequest({ request, metadata }: Entry) {
      fake.entries.push({ request, timestamp: Date.now(), ...(metadata ? { metadata } : {}) });
    }
    async shiftRequest() {
      return fake.entries.shift();
    }
    async unshiftRequest(entry: Entry) {
      fake.entries.unshift(entry);
    }
    // As workbox does: a fresh Request per entry, read from the store; nothing removed.
    async getAll() {
      return fake.entries.map((entry) => ({ ...entry, request: entry.request.clone() }));
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
      match: async (url: string | Request) => store.get(typeof url === 'string' ? url : url.url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (url: string | Request) => store.delete(typeof url === 'string' ? url : url.url),
    };
  };
  return { open, stores, has: async (name: string) => stores.has(name) };
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

const KEY = '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5';
const storyPost = (init: RequestInit = {}) =>
  new Request(INBOX, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': KEY }, body: JSON.stringify(STORY), ...init });

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
    location: new URL(`${SCOPE}sw.js`),
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

  it('that the page stopped waiting for (it stalled) is not kept by the worker: the page keeps it', async () => {
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
    expect(messages).toEqual([{ type: SENT_MESSAGE, key: KEY }]);
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
    expect(await returned()).toEqual([{ story: STORY, detail: 'Write your story.', key: KEY }]);
    expect(messages).toEqual([RETURNED_MESSAGE]);
  });

  it('refused with its recording (over the size limit) goes back to her with the recording, not without it', async () => {
    const Recording = { type: 'audio/webm;codecs=opus', data: 'T2dnUw==' };
    fake.entries = [{ request: storyPost({ body: JSON.stringify({ ...STORY, Recording }) }), timestamp: Date.now() }];
    network(new Response('{"ok":false,"outcome":"refused","error":"Too long.","fields":{"Recording":"At most 1 MB."}}'));
    await sync();
    expect(await returned()).toEqual([{ story: { ...STORY, Recording }, detail: 'Too long.', key: KEY }]);
  });

  it('refused by the browser while the collector answers goes back to her too, not tried forever', async () => {
    network(new TypeError('Failed to fetch'));
    await sync();
    expect(fake.entries).toEqual([]);
    expect(await returned()).toEqual([{ story: STORY, detail: '', key: KEY }]);
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
    expect(messages).toEqual([{ type: SENT_MESSAGE, key: KEY }]);
  });

  it('a plain form post kept by an earlier worker as the form posted it, answered with the inbox’s redirect, was saved', async () => {
    fake.entries = [{
      request: storyPost({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(STORY).toString() }),
      timestamp: Date.now(),
    }];
    vi.stubGlobal('fetch', vi.fn(async () => Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' })));
    await sync();
    expect(messages).toEqual([{ type: SENT_MESSAGE }]);
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

describe('a collector on another origin', () => {
  const APPS_SCRIPT = 'https://script.google.com/macros/s/ID/exec';
  const crossOrigin = () => new Request(`${APPS_SCRIPT}?key=${KEY}`, {
    method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(STORY),
  });

  beforeEach(async () => {
    vi.stubGlobal('STORY_ENDPOINT', APPS_SCRIPT);
    vi.resetModules();
    worker = await import('../../src/story-outbox/worker-queue');
  });

  it('that answers with a page the browser may not read (Google’s quota page, no CORS header) keeps the story: the page hears it is not confirmed', async () => {
    network(new TypeError('Failed to fetch'));
    const response = await handle(crossOrigin());
    expect(response.headers.get(QUEUED_HEADER)).toBe('unconfirmed');
    expect(response.headers.has(BLOCKED_HEADER)).toBe(false);
    expect(fake.entries).toHaveLength(1);
    expect(fake.entries[0]!.metadata).toEqual({ key: KEY });
  });

  it('that still shows that page when the story is sent again keeps it for a later try, not given back', async () => {
    fake.entries = [{ request: crossOrigin(), timestamp: Date.now() }];
    network(new TypeError('Failed to fetch'));
    await expect(sync()).rejects.toThrow();
    expect(fake.entries).toHaveLength(1);
    expect(await returned()).toEqual([]);
  });
});

/** Node's own Web Locks, taken before any test stands a navigator in. */
const NODE_LOCKS = navigator.locks;
const locks = () => NODE_LOCKS;

describe('a voice story', () => {
  const TYPE = 'audio/webm;codecs=opus';
  const AUDIO = audioBytes(2 * RECORDING_PART_BYTES + 500);
  const WHOLE = { type: TYPE, data: Buffer.from(AUDIO).toString('base64') };
  let collector: ReturnType<typeof fakeCollector>;
  /** The n-th POST (from 0) is dropped, or hangs until `release`. */
  let drop: (post: number) => boolean;
  let hang: (post: number) => boolean;
  let release: () => void;

  beforeEach(() => {
    collector = fakeCollector();
    drop = () => false;
    hang = () => false;
    vi.stubGlobal('fetch', vi.fn(async (input: Request | string, init: RequestInit = {}) => {
      const request = new Request(input, init);
      if (request.method === 'HEAD') throw new TypeError('Failed to fetch');
      const body = await request.json();
      const post = collector.seen.push({ url: request.url, init: { headers: request.headers }, body }) - 1;
      if (drop(post)) throw new TypeError('Failed to fetch');
      if (hang(post)) await new Promise<void>((done) => (release = done));
      return new Response(JSON.stringify(collector.answer(keyOfRequest(request.url, { headers: request.headers }), body)));
    }));
  });

  const keptWhole = () => ({ request: storyPost({ body: JSON.stringify({ ...STORY, Recording: WHOLE }) }), timestamp: Date.now() });
  const parts = () => collector.seen.map(({ body }) => (body.Part as { index: number } | undefined)?.index);

  it('kept whole (a plain post offline, an older version) is sent as the story announcing it, then its parts, and the page hears which story', async () => {
    fake.entries = [keptWhole()];
    await sync();
    expect(collector.seen[0]!.body).toEqual({ ...STORY, Recording: { type: TYPE, size: AUDIO.length, parts: 3 } });
    expect(parts()).toEqual([undefined, 0, 1, 2]);
    for (const { init } of collector.seen) expect(new Headers(init.headers).get('Idempotency-Key')).toBe(KEY);
    expect(collector.recordingOf(KEY)).toEqual(Buffer.from(AUDIO));
    expect(fake.entries).toEqual([]);
    expect(messages).toEqual([{ type: SENT_MESSAGE, key: KEY }]);
  });

  it('dropped mid-way stays first in the queue; the next try sends only the parts the collector lacks', async () => {
    fake.entries = [keptWhole()];
    drop = (post) => post === 2;
    await expect(sync()).rejects.toThrow();
    expect(fake.entries).toHaveLength(1);
    expect(messages).toEqual([]);
    drop = () => false;
    collector.seen.length = 0;
    await sync();
    expect(parts()).toEqual([undefined, 1, 2]);
    expect(collector.recordingOf(KEY)).toEqual(Buffer.from(AUDIO));
  });

  it('while it is being sent, a copy stands for it outside the queue; a worker stopped then puts it back when it starts again', async () => {
    fake.entries = [keptWhole()];
    hang = (post) => post === 1;
    const sending = sync();
    await vi.waitFor(() => expect(collector.seen).toHaveLength(2));
    // workbox took it out of its queue to send it (GoogleChrome/workbox#2599): only the copy holds it now.
    expect(fake.entries).toEqual([]);
    expect([...(caches.stores.get('stree-sending-stories')?.keys() ?? [])]).toHaveLength(1);

    // The browser stops the worker mid-send; the next start finds the copy.
    vi.resetModules();
    worker = await import('../../src/story-outbox/worker-queue');
    await vi.waitFor(() => expect(fake.entries).toHaveLength(1));
    expect(await fake.entries[0]!.request.clone().json()).toEqual({ ...STORY, Recording: WHOLE });
    expect(fake.entries[0]!.request.headers.get('Idempotency-Key')).toBe(KEY);
    expect(caches.stores.get('stree-sending-stories')?.size).toBe(0);
    expect(fake.registerSync).toBeGreaterThan(0);
    // The first worker, had it lived, would have finished; the story is still saved once.
    release();
    await sending;
    expect(collector.recordingOf(KEY)).toEqual(Buffer.from(AUDIO));
  });

  it('a copy of a story still in the queue (stopped before it left) is not put back twice', async () => {
    fake.entries = [keptWhole()];
    hang = () => true;
    const sending = sync();
    await vi.waitFor(() => expect(collector.seen).toHaveLength(1));
    const [copy] = [...caches.stores.get('stree-sending-stories')!.entries()];
    fake.entries = [keptWhole()];
    fake.entries[0]!.timestamp = JSON.parse(await copy![1].clone().text()).timestamp;
    vi.resetModules();
    worker = await import('../../src/story-outbox/worker-queue');
    await vi.waitFor(() => expect(caches.stores.get('stree-sending-stories')?.size).toBe(0));
    expect(fake.entries).toHaveLength(1);
    hang = () => false;
    release();
    await sending;
  });

  it('the copy is gone once the collector answered', async () => {
    fake.entries = [keptWhole()];
    await sync();
    expect(caches.stores.get('stree-sending-stories')?.size).toBe(0);
  });

  it('handed over by the page (multipart, with its key) is kept whole with the page’s key, and answered as kept', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(STORY)) form.append(name, value);
    form.append('Recording', new Blob([AUDIO], { type: TYPE }));
    const request = new Request(`${SCOPE}__keep-story`, { method: 'POST', headers: { 'Idempotency-Key': KEY }, body: form });
    expect(worker.isKeepPost({ url: new URL(request.url) } as never)).toBe(true);
    // The page hands it over from inside its delivery, holding the story's Web Lock.
    vi.stubGlobal('navigator', { onLine: true, locks: locks() });
    const response = (await locks().request(`stree-story:${KEY}`, () => worker.keepWhole({ request } as never))) as Response;
    expect(response.headers.get(QUEUED_HEADER)).toBe('1');
    expect(fake.entries).toHaveLength(1);
    const kept = fake.entries[0]!.request;
    expect(kept.url).toBe(INBOX);
    expect(kept.headers.get('Idempotency-Key')).toBe(KEY);
    expect(await kept.clone().json()).toEqual({ ...STORY, Recording: WHOLE });
    // Handed over again by a later try, cut short too: still one copy.
    const again = new Request(`${SCOPE}__keep-story`, { method: 'POST', headers: { 'Idempotency-Key': KEY }, body: form });
    expect(((await worker.keepWhole({ request: again } as never)) as Response).headers.get(QUEUED_HEADER)).toBe('1');
    expect(fake.entries).toHaveLength(1);
  });

  it('a step of it sent by the page (the story announcing its recording, a part) is not kept alone when the connection is lost', async () => {
    network(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const announce = storyPost({ body: JSON.stringify({ ...STORY, Recording: { type: TYPE, size: 10, parts: 1 } }) });
    await expect(handle(announce)).rejects.toThrow();
    const part = storyPost({ body: JSON.stringify({ Part: { index: 0, count: 1, data: 'AAAA' } }) });
    await expect(handle(part)).rejects.toThrow();
    expect(fake.entries).toEqual([]);
  });

  it('a step kept alone by an earlier version is dropped once the collector knows the story: the page holds its recording', async () => {
    fake.entries = [{ request: storyPost({ body: JSON.stringify({ ...STORY, Recording: { type: TYPE, size: AUDIO.length, parts: 3 } }) }), timestamp: Date.now() }];
    await sync();
    expect(fake.entries).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('saved after a quick exit tells no page', async () => {
    await new Promise<void>((done) => {
      listeners.get('message')!({ data: QUIET_MESSAGE, waitUntil: (promise: Promise<void>) => void promise.then(done) });
    });
    fake.entries = [{ ...keptWhole(), timestamp: Date.now() - 1000 }];
    await sync();
    expect(collector.recordingOf(KEY)).toEqual(Buffer.from(AUDIO));
    expect(messages).toEqual([]);
  });
});
