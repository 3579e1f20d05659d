// The story POST as the form makes it, against a stubbed fetch: to our own inbox and to a
// collector on another origin (docs/stories.md), and how each answer and each failure reads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendStory, storyRequest } from '../../src/story-outbox/send';
import { SLOWEST_BYTES_PER_SECOND, STALL_MS } from '../../src/story-outbox/contract.js';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const KEY = '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5';
const PAGE = 'https://stree.example/home';
const APPS_SCRIPT = 'https://script.google.com/macros/s/ID/exec';
/** The collectors' answers (server/inbox.js, deploy/apps-script/Code.js). */
const SAVED = '{"ok":true,"outcome":"saved"}';

beforeEach(() => vi.stubGlobal('location', new URL(PAGE)));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Stubs fetch: the story POST gets `response`; a reachability probe gets `probe`. */
function answer(response: Response | Error, probe: Response | Error = new Response(null, { status: 405 })) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    const result = init?.method === 'HEAD' ? probe : response;
    if (result instanceof Error) throw result;
    return result;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const callOf = (fetch: ReturnType<typeof answer>, index = 0) => fetch.mock.calls[index] as unknown as [string, RequestInit];

describe('the request', () => {
  it('to our own inbox is JSON with the story’s Idempotency-Key header', async () => {
    const fetch = answer(new Response(SAVED, { status: 201 }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({ ok: true });
    const [url, init] = callOf(fetch);
    expect(url).toBe('/api/stories');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': KEY });
    expect(JSON.parse(init.body as string)).toEqual(STORY);
  });

  it('to another origin is CORS-simple: the same JSON as text/plain, no custom header, the key in the address', async () => {
    const fetch = answer(new Response(SAVED));
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY })).toEqual({ ok: true });
    const [url, init] = callOf(fetch);
    expect(url).toBe(`${APPS_SCRIPT}?key=${KEY}`);
    expect(init.headers).toEqual({ 'Content-Type': 'text/plain;charset=UTF-8' });
    expect(init.body).toBe(JSON.stringify(STORY));
    expect(init.credentials).toBe('omit');
  });

  it('keeps a query the collector’s address already has', () => {
    expect(storyRequest('https://sheet.example/api?form=stree', STORY, KEY, PAGE).url).toBe(`https://sheet.example/api?form=stree&key=${KEY}`);
  });

  it('counts an address on the page’s own origin written in full as our own', () => {
    expect(storyRequest('https://stree.example/api/stories', STORY, KEY, PAGE).init.headers).toHaveProperty('Idempotency-Key', KEY);
  });

  it('carries the honeypot only when something filled it', async () => {
    const fetch = answer(new Response(SAVED, { status: 201 }));
    await sendStory('/api/stories', STORY, { key: KEY, honeypot: '' });
    await sendStory('/api/stories', STORY, { key: KEY, honeypot: 'https://spam.example' });
    expect(JSON.parse(callOf(fetch, 0)[1].body as string)).toEqual(STORY);
    expect(JSON.parse(callOf(fetch, 1)[1].body as string)).toEqual({ ...STORY, website: 'https://spam.example' });
  });
});

describe('the answer', () => {
  it('from the service worker that kept the story reads as kept for later, not as sent', async () => {
    answer(new Response('{"ok":true,"queued":true}', { status: 202, headers: { 'X-Stree-Queued': '1' } }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({ ok: true, queued: true });
  });

  it('from the service worker that found the request refused reads as blocked', async () => {
    answer(new Response('{"ok":false}', { status: 502, headers: { 'X-Stree-Blocked': '1' } }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({ ok: false, reason: 'blocked' });
  });

  it('a refusal reads with the inbox’s own words', async () => {
    answer(new Response('{"ok":false,"outcome":"refused","error":"Enter your name."}', { status: 422 }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({
      ok: false,
      reason: 'rejected',
      status: 422,
      message: 'Enter your name.',
    });
  });

  it('a 200 saying "refused" (Apps Script cannot set a status) is a refusal, not a success', async () => {
    answer(new Response('{"ok":false,"outcome":"refused","error":"Write your story."}'));
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY })).toEqual({
      ok: false,
      reason: 'rejected',
      status: 422,
      message: 'Write your story.',
    });
  });

  it('a 200 saying "try again" (a busy sheet, a quota) is not a refusal: kept and sent again later', async () => {
    answer(new Response('{"ok":false,"outcome":"retry","error":"The story could not be saved. Please try again in a few minutes."}'));
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY })).toEqual({ ok: false, reason: 'unconfirmed' });
  });

  it.each([
    ['a 200 page that is not the collector’s JSON (Google’s error page)', () => new Response('<title>Error</title><p>Service invoked too many times for one day</p>', { headers: { 'Content-Type': 'text/html' } })],
    ['a 200 JSON that is not the collector’s', () => new Response('{"ok":true}')],
    ['an empty 200', () => new Response('')],
    ['a 500 without JSON', () => new Response('', { status: 500 })],
    ['a 404 page', () => new Response('<p>Not found</p>', { status: 404 })],
    ['a 500 saying "try again"', () => new Response('{"ok":false,"outcome":"retry","error":"x"}', { status: 500 })],
  ])('%s is not confirmed: kept and sent again later', async (_, response) => {
    answer(response());
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY })).toEqual({ ok: false, reason: 'unconfirmed' });
  });
});

describe('a request that fails', () => {
  it('while the browser says it is offline reads as offline, after one try a service worker could keep', async () => {
    const fetch = answer(new TypeError('Failed to fetch'));
    expect(await sendStory('/api/stories', STORY, { key: KEY, isOnline: () => false })).toEqual({ ok: false, reason: 'offline' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('to our own inbox, while it answers a request CORS cannot refuse, was refused by the browser: blocked', async () => {
    const fetch = answer(new TypeError('Failed to fetch'));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({ ok: false, reason: 'blocked' });
    const [url, init] = callOf(fetch, 1);
    expect(url).toBe('/api/stories');
    expect(init).toMatchObject({ method: 'HEAD', mode: 'no-cors' });
  });

  it('to another origin that answers, with a page the browser may not read (Google’s quota page, no CORS header), is not confirmed: kept and sent again later', async () => {
    const fetch = answer(new TypeError('Failed to fetch'));
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY })).toEqual({ ok: false, reason: 'unconfirmed' });
    const [url, init] = callOf(fetch, 1);
    expect(url).toBe(`${APPS_SCRIPT}?key=${KEY}`);
    expect(init).toMatchObject({ method: 'HEAD', mode: 'no-cors' });
  });

  it('while the collector cannot be reached at all is a lost connection', async () => {
    answer(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY })).toEqual({ ok: false, reason: 'network' });
  });

  it('is given up only once it stalls: STALL_MS and a second for every SLOWEST_BYTES_PER_SECOND it carries', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    })));
    const story = { ...STORY, Story: 'x'.repeat(10_000) };
    const bytes = JSON.stringify(story).length;
    let result: unknown;
    void sendStory('/api/stories', story, { key: KEY }).then((outcome) => (result = outcome));
    // No fixed 20 s: a 10 KB story on a 2G uplink is still on its way after them.
    await vi.advanceTimersByTimeAsync(STALL_MS + (bytes / SLOWEST_BYTES_PER_SECOND) * 1000 - 1000);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(result).toEqual({ ok: false, reason: 'timeout' });
  });

  it('answered after a minute on a slow link is still saved', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise((done) => setTimeout(() => done(new Response(SAVED)), 60_000))));
    const sent = sendStory('/api/stories', { ...STORY, Story: 'x'.repeat(30_000) }, { key: KEY });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await sent).toEqual({ ok: true });
  });
});
