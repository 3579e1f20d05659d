// A voice story leaving the page in parts (src/story-outbox/send-voice.ts, deliver.ts), against a
// collector that answers as docs/stories.md ("A recording in parts") says: what each request
// carries, in what order, what a dropped link, a stall, a resume and a collector that makes no
// progress do, and the hand-over to the service worker when the connection is lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendStory } from '../../src/story-outbox/send';
import { inParts } from '../../src/story-outbox/send-voice';
import { blobSource, deliver } from '../../src/story-outbox/deliver';
import { STALL_MS, SLOWEST_BYTES_PER_SECOND, patienceFor } from '../../src/story-outbox/contract.js';
import { RECORDING_PART_BYTES } from '../../src/story-outbox/recording.js';
import { audioBytes, fakeCollector, keyOfRequest } from './fake-collector';

const STORY = { Name: '', Phone: '9876543210', Story: '' };
const KEY = '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5';
const PAGE = 'https://stree.example/home';
const APPS_SCRIPT = 'https://script.google.com/macros/s/ID/exec';
const TYPE = 'audio/webm;codecs=opus';
/** Two whole parts and a short last one. */
const SIZE = 2 * RECORDING_PART_BYTES + 1000;
const AUDIO = audioBytes(SIZE);
const recording = () => new Blob([AUDIO], { type: TYPE });
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const partOf = (index: number) => base64(AUDIO.subarray(index * RECORDING_PART_BYTES, (index + 1) * RECORDING_PART_BYTES));

let collector: ReturnType<typeof fakeCollector>;
/** What the network does with the n-th POST (from 0): the collector answers it unless told otherwise. */
let fault: (post: number, body: Record<string, unknown>) => 'drop' | 'stall' | Response | undefined;
let reachable: boolean;
/** When the stalled request began. */
let stalledAt: number;

beforeEach(() => {
  vi.stubGlobal('location', new URL(PAGE));
  collector = fakeCollector();
  fault = () => undefined;
  reachable = false;
  vi.stubGlobal('fetch', vi.fn(async (url: string | URL, init: RequestInit = {}) => {
    if (init.method === 'HEAD') {
      if (!reachable) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 405 });
    }
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    const post = collector.seen.push({ url: String(url), init, body }) - 1;
    const what = fault(post, body);
    if (what === 'drop') throw new TypeError('Failed to fetch');
    if (what === 'stall') {
      stalledAt = Date.now();
      return new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    }
    if (what) return what;
    return new Response(JSON.stringify(collector.answer(keyOfRequest(String(url), init), body)));
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const bodies = () => collector.seen.map(({ body }) => body);

describe('a voice story', () => {
  it('goes as the story announcing its recording, then each part in order, with the same key, and is saved whole', async () => {
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: true });
    expect(bodies()).toEqual([
      { ...STORY, Recording: { type: TYPE, size: SIZE, parts: 3 } },
      { Part: { index: 0, count: 3, data: partOf(0) } },
      { Part: { index: 1, count: 3, data: partOf(1) } },
      { Part: { index: 2, count: 3, data: partOf(2) } },
    ]);
    for (const { url, init } of collector.seen) {
      expect(url).toBe('/api/stories');
      expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': KEY });
    }
    expect(collector.recordingOf(KEY)).toEqual(Buffer.from(AUDIO));
  });

  it('to another origin, every request is CORS-simple with ?key=', async () => {
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: true });
    expect(collector.seen).toHaveLength(4);
    for (const { url, init } of collector.seen) {
      expect(url).toBe(`${APPS_SCRIPT}?key=${KEY}`);
      expect(init.headers).toEqual({ 'Content-Type': 'text/plain;charset=UTF-8' });
      expect(init.credentials).toBe('omit');
    }
  });

  it('dropped after some parts is kept; the next try sends only the parts the collector lacks', async () => {
    fault = (post) => (post === 2 ? 'drop' : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: false, reason: 'network' });
    expect(bodies().slice(1)).toEqual([{ Part: { index: 0, count: 3, data: partOf(0) } }, { Part: { index: 1, count: 3, data: partOf(1) } }]);

    fault = () => undefined;
    collector.seen.length = 0;
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: true });
    // The story again (the question "which parts do you hold?"), then parts 1 and 2 only.
    expect(bodies().map((body) => (body.Part as { index: number } | undefined)?.index)).toEqual([undefined, 1, 2]);
    expect(collector.recordingOf(KEY)).toEqual(Buffer.from(AUDIO));
  });

  it('already whole at the collector is saved by the story alone: no part is sent again', async () => {
    await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) });
    collector.seen.length = 0;
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: true });
    expect(collector.seen).toHaveLength(1);
  });

  it('a part that stalls is a time-out after its own patience, not after a fixed time', async () => {
    vi.useFakeTimers();
    fault = (post) => (post === 1 ? 'stall' : undefined);
    let result: unknown;
    void sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) }).then((outcome) => (result = outcome));
    await vi.waitFor(() => expect(collector.seen).toHaveLength(2));
    const partBytes = new Blob([JSON.stringify(bodies()[1])]).size;
    // A part of 32 KiB at 8 kbit/s takes about 44 s: it is waited for, and more.
    expect(patienceFor(partBytes)).toBe(STALL_MS + Math.ceil((partBytes / SLOWEST_BYTES_PER_SECOND) * 1000));
    await vi.advanceTimersByTimeAsync(stalledAt + patienceFor(partBytes) - 1 - Date.now());
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: false, reason: 'timeout' });
  });

  it('refused for its recording is told as a refused recording', async () => {
    fault = (post) => (post === 0 ? new Response('{"ok":false,"outcome":"refused","error":"Too long.","fields":{"Recording":"Too long."}}') : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({
      ok: false, reason: 'rejected', status: 422, message: 'Too long.', recordingRefused: true,
    });
    expect(collector.seen).toHaveLength(1);
  });

  it.each([
    ['"try again" for a part', () => new Response('{"ok":false,"outcome":"retry","error":"Drive is busy."}')],
    ['a page that is not the collector’s answer', () => new Response('<title>Error</title>', { headers: { 'Content-Type': 'text/html' } })],
    ['a "have" that is not a list of its parts', () => new Response('{"ok":false,"outcome":"incomplete","have":[0,7]}')],
  ])('answered with %s is not confirmed, and nothing more is sent', async (_, response) => {
    fault = (post) => (post === 1 ? response() : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: false, reason: 'unconfirmed' });
    expect(collector.seen).toHaveLength(2);
  });

  it('a collector that keeps answering "incomplete" without taking the part is not sent it for ever', async () => {
    fault = (post) => (post > 0 ? new Response('{"ok":false,"outcome":"incomplete","have":[]}') : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: false, reason: 'unconfirmed' });
    expect(bodies().slice(1)).toEqual([{ Part: { index: 0, count: 3, data: partOf(0) } }]);
  });

  it('a collector that loses parts it held is sent each part at most twice', async () => {
    // It says it holds the part just sent, and never any other.
    fault = (post, body) => (post > 0 ? new Response(JSON.stringify({ ok: false, outcome: 'incomplete', have: [(body.Part as { index: number }).index] })) : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: false, reason: 'unconfirmed' });
    expect(collector.seen.length).toBeLessThanOrEqual(1 + 2 * 3);
  });

  it('sent twice at once with the same key goes once: the second waits, and its story is answered saved', async () => {
    const [first, second] = await Promise.all([
      sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) }),
      sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) }),
    ]);
    expect([first, second]).toEqual([{ ok: true }, { ok: true }]);
    expect(bodies().filter((body) => 'Part' in body)).toHaveLength(3);
  });

  it('over Google’s quota page mid-way (no CORS header, the collector answers) is not confirmed: kept for later', async () => {
    reachable = true;
    fault = (post) => (post === 2 ? 'drop' : undefined);
    expect(await sendStory(APPS_SCRIPT, STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: false, reason: 'unconfirmed' });
  });
});

describe('the connection lost mid-way, with our service worker', () => {
  let kept: { url: string; key: string | null; form: FormData }[];

  beforeEach(() => {
    kept = [];
    const network = vi.mocked(fetch).getMockImplementation()!;
    vi.stubGlobal('navigator', { serviceWorker: { controller: { scriptURL: 'https://stree.example/sw.js' } } });
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL, init: RequestInit = {}) => {
      if (String(url).endsWith('/__keep-story')) {
        kept.push({ url: String(url), key: new Headers(init.headers).get('Idempotency-Key'), form: init.body as FormData });
        return new Response('{"ok":true,"queued":true}', { status: 202, headers: { 'X-Stree-Queued': '1' } });
      }
      return network(url, init);
    }));
  });

  it('hands the worker the whole story, as the Blob it is, with its key: she is told it is kept and goes by itself', async () => {
    fault = (post) => (post === 2 ? 'drop' : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()), honeypot: '' })).toEqual({ ok: true, queued: true });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.url).toBe('https://stree.example/__keep-story');
    expect(kept[0]!.key).toBe(KEY);
    const { form } = kept[0]!;
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual(STORY);
    const file = form.get('Recording') as Blob;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(AUDIO);
    expect(file.type).toBe(TYPE);
  });

  it('answered "try again" by the collector is not handed over: the collector was heard', async () => {
    fault = (post) => (post === 1 ? new Response('{"ok":false,"outcome":"retry"}') : undefined);
    expect(await sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) })).toEqual({ ok: false, reason: 'unconfirmed' });
    expect(kept).toEqual([]);
  });

  it('a stall is handed over too, and still told as a stall', async () => {
    vi.useFakeTimers();
    fault = (post) => (post === 1 ? 'stall' : undefined);
    const sent = sendStory('/api/stories', STORY, { key: KEY, inParts: inParts(recording()) });
    await vi.waitFor(() => expect(collector.seen).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(patienceFor(RECORDING_PART_BYTES * 2));
    expect(await sent).toEqual({ ok: false, reason: 'timeout' });
    expect(kept).toHaveLength(1);
  });
});

describe('the parts of a recording', () => {
  it('are cut from the kept Blob, only the part being sent read, the same on every try', async () => {
    const blob = recording();
    const slice = vi.spyOn(blob, 'slice');
    const source = blobSource(blob);
    expect(await source.part(1)).toBe(partOf(1));
    expect(slice).toHaveBeenCalledOnce();
    expect(slice).toHaveBeenCalledWith(RECORDING_PART_BYTES, 2 * RECORDING_PART_BYTES);
    expect(await blobSource(recording()).part(2)).toBe(await source.part(2));
  });

  it('a written story is one request, as before', async () => {
    const post = vi.fn(async () => ({ answer: { outcome: 'saved' }, status: 200 }));
    await deliver(post, STORY);
    expect(post).toHaveBeenCalledOnce();
    expect(post).toHaveBeenCalledWith(STORY);
  });
});
