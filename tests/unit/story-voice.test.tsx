// @vitest-environment jsdom
// A story told by voice in the story form (src/islands/StoryFormVoice.tsx, VoiceRecorder.ts):
// what she sees in each state, what the microphone does, what the phone keeps and what a send
// carries, over a faked MediaRecorder, getUserMedia and Cache Storage. A real microphone is in
// tests/e2e (Chromium with a fake device).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StoryForm from '../../src/islands/StoryFormEn';
import StoryFormGu from '../../src/islands/StoryFormGu';
import StoryFormHi from '../../src/islands/StoryFormHi';
import { en } from '../../src/i18n/en';
import { gu } from '../../src/i18n/gu';
import { hi } from '../../src/i18n/hi';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { STOP } from '../../src/lib/media-icons';
import { DRAFT_KEY, RECORDINGS_CACHE, RETURNED_CACHE } from '../../src/story-outbox/contract.js';
import { forgetTypedWords } from '../../src/story-outbox/draft';
import { RECORDING_BITS_PER_SECOND, RECORDING_BYTES_MAX, RECORDING_SECONDS_MAX } from '../../src/story-outbox/recording.js';
import { fakeCollector, keyOfRequest } from './fake-collector';

const strings = en.form;
const words = RECORDER_STRINGS.en;
const PHONE = '9876543210';
const TYPE = 'audio/webm;codecs=opus';
const props = { endpoint: '/api/stories', idPrefix: 'story' };

/** The bytes each slice of the fake recording carries, and the last one, given on stop. */
const SLICE = [1, 2, 3];

class FakeTrack {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

let tracks: FakeTrack[];
let recorders: FakeRecorder[];
let getUserMedia: ReturnType<typeof vi.fn>;
let supported: string[];

class FakeRecorder {
  static isTypeSupported = (type: string) => supported.includes(type);
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable?: (event: { data: Blob }) => void;
  onstop?: () => void;
  mimeType: string;
  timeslice?: number;
  constructor(readonly stream: MediaStream, readonly options: MediaRecorderOptions) {
    // A browser that was given no type records its own.
    this.mimeType = options.mimeType ?? 'audio/x-default';
    recorders.push(this);
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  /** One timeslice of audio. */
  slice(bytes: number[] | Uint8Array = SLICE) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)], { type: this.mimeType }) });
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.slice();
    this.onstop?.();
  }
}

/** Cache Storage in memory; a Response keeps jsdom's Blob as it was given (Node's would not read it). */
function memoryCaches() {
  const stores = new Map<string, Map<string, { blob: Blob; headers: Headers }>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      put: async (url: string, response: Response & { kept?: Blob }) =>
        void store.set(url, { blob: response.kept ?? new Blob([await response.text()]), headers: response.headers }),
      match: async (request: string | { url: string }) => {
        const entry = store.get(typeof request === 'string' ? request : request.url);
        return entry && { headers: entry.headers, blob: async () => entry.blob, json: async () => JSON.parse(await entry.blob.text()) };
      },
      keys: async () => [...store.keys()].map((url) => ({ url })),
      delete: async (request: { url: string }) => store.delete(request.url),
    };
  };
  return { stores, open, delete: async (name: string) => stores.delete(name), has: async (name: string) => stores.has(name) };
}

class BlobResponse extends Response {
  kept?: Blob;
  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body instanceof Blob ? null : body, init);
    if (body instanceof Blob) this.kept = body;
  }
}

let storage: Map<string, string>;
let cachesInMemory: ReturnType<typeof memoryCaches>;
let fetch: ReturnType<typeof vi.fn>;
let played: { url: string; blob: Blob }[];
let collector: ReturnType<typeof fakeCollector>;

/** Every POST is answered `body`. */
function answer(body: object) {
  fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
}

/** A collector that speaks the protocol (docs/stories.md, "A recording in parts") answers every POST. */
function collect() {
  collector = fakeCollector();
  fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string);
    collector.seen.push({ url, init, body });
    return new Response(JSON.stringify(collector.answer(keyOfRequest(url, init), body)));
  });
  vi.stubGlobal('fetch', fetch);
}

/** The JSON of every POST so far. */
const posted = () => fetch.mock.calls.map(([, init]) => JSON.parse(init.body));

beforeEach(() => {
  tracks = [];
  recorders = [];
  supported = [TYPE, 'audio/ogg;codecs=opus', 'audio/mp4'];
  getUserMedia = vi.fn(async () => {
    const track = new FakeTrack();
    tracks.push(track);
    return { getTracks: () => [track] };
  });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  storage = new Map();
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get: () => ({ getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value), removeItem: (key: string) => void storage.delete(key) }),
  });
  cachesInMemory = memoryCaches();
  vi.stubGlobal('caches', cachesInMemory);
  vi.stubGlobal('Response', BlobResponse);
  played = [];
  const urls = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${urls.size}`;
    urls.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    played.push({ url: this.src, blob: urls.get(this.src)! });
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  collect();
});

afterEach(() => {
  cleanup();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
const kept = () => JSON.parse(storage.get(DRAFT_KEY) ?? 'null');
/** What the recorder's live region says (the form has one of its own). */
const says = () => screen.getAllByRole('status').map((region) => region.textContent);
const keptRecordings = () => [...(cachesInMemory.stores.get(RECORDINGS_CACHE)?.keys() ?? [])];

/** Taps Record your story and waits until the recorder records. */
async function startRecording() {
  fireEvent.click(await screen.findByRole('button', { name: strings.record }));
  await screen.findByRole('button', { name: words.stop });
  return recorders.at(-1)!;
}

/** Records one slice and stops: a recording of 6 bytes. */
async function recordStory() {
  const recorder = await startRecording();
  recorder.slice();
  fireEvent.click(button(words.stop));
  await screen.findByRole('button', { name: words.play });
  return recorder;
}

describe('recording', () => {
  it('asks for one clear voice and records in the first type the browser takes, at the low bit rate', async () => {
    supported = ['audio/ogg;codecs=opus', 'audio/mp4'];
    render(<StoryForm {...props} />);
    const recorder = await startRecording();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
    // Constant: free to vary, Chromium's Opus makes 18.8 kbit/s of speech asked for 16 (docs/stories.md).
    expect(recorder.options).toEqual({ mimeType: 'audio/ogg;codecs=opus', audioBitsPerSecond: RECORDING_BITS_PER_SECOND, audioBitrateMode: 'constant' });
    // In slices, so that the bytes are counted as they come.
    expect(recorder.timeslice).toBeGreaterThan(0);
    expect(says()).toContain(words.recording);
  });

  it('a browser that records none of the three records its own type, and sends that type', async () => {
    supported = [];
    render(<StoryForm {...props} />);
    await recordStory();
    expect(recorders[0]!.options).toEqual({ audioBitsPerSecond: RECORDING_BITS_PER_SECOND, audioBitrateMode: 'constant' });
    fireEvent.change(field('Phone'), { target: { value: PHONE } });
    await act(async () => void fireEvent.submit(button('Submit').closest('form')!));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(posted()[0].Recording.type).toBe('audio/x-default');
  });

  it('shows the time left while recording, not read out each second, and stops by itself at the limit', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    render(<StoryForm {...props} />);
    const recorder = await startRecording();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('5:00');
    expect(timer.closest('[aria-live]')).toBeNull();
    act(() => void vi.advanceTimersByTime(61_000));
    expect(timer.textContent).toBe('3:59');
    act(() => void vi.advanceTimersByTime((RECORDING_SECONDS_MAX - 61) * 1000));
    expect(recorder.state).toBe('inactive');
    expect(tracks[0]!.stopped).toBe(true);
    await screen.findByRole('button', { name: words.play });
    // Once stopped, the timer shows the recording's length.
    expect(screen.getByRole('timer').textContent).toBe('5:00');
  });

  it('stops by itself before its bytes pass the collectors’ limit', async () => {
    render(<StoryForm {...props} />);
    const recorder = await startRecording();
    const second = new Uint8Array(100 * 1024);
    act(() => {
      for (let i = 0; i < 9 && recorder.state === 'recording'; i += 1) recorder.slice(second);
    });
    expect(recorder.state).toBe('inactive');
    await screen.findByRole('button', { name: words.play });
    const [entry] = cachesInMemory.stores.get(RECORDINGS_CACHE)!.values();
    expect(entry!.blob.size).toBeLessThanOrEqual(RECORDING_BYTES_MAX);
  });

  it('Stop lets go of the microphone and offers Play, Record again and Delete recording; Play plays what she recorded', async () => {
    render(<StoryForm {...props} />);
    await recordStory();
    expect(tracks[0]!.stopped).toBe(true);
    expect(says()).toContain(words.stopped);
    for (const name of [words.play, words.again, words.delete]) expect(button(name)).toBeTruthy();
    fireEvent.click(button(words.play));
    expect(played).toHaveLength(1);
    expect(played[0]!.blob.type).toBe(TYPE);
    expect(new Uint8Array(await played[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([...SLICE, ...SLICE]));
  });

  it('Record again stops the microphone it had and records anew; the new recording replaces the old', async () => {
    render(<StoryForm {...props} />);
    await recordStory();
    const first = keptRecordings();
    fireEvent.click(button(words.again));
    await screen.findByRole('button', { name: words.stop });
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    fireEvent.click(button(words.stop));
    await waitFor(() => expect(keptRecordings()).toHaveLength(1));
    expect(keptRecordings()).not.toEqual(first);
    expect(tracks.every((track) => track.stopped)).toBe(true);
  });

  it('a microphone refused, or none, is told plainly with what she can do instead', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    render(<StoryForm {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: strings.record }));
    await waitFor(() => expect(says()).toContain(words.denied));
    getUserMedia.mockRejectedValueOnce(new DOMException('none', 'NotFoundError'));
    fireEvent.click(button(strings.record));
    await waitFor(() => expect(says()).toContain(words.noMicrophone));
    // She can still write it.
    expect(field('Story').required).toBe(true);
  });

  it('in Hindi, in plain Hindi', async () => {
    render(<StoryFormHi {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: hi.form.record }));
    await screen.findByRole('button', { name: RECORDER_STRINGS.hi.stop });
    fireEvent.click(button(RECORDER_STRINGS.hi.stop));
    for (const name of [RECORDER_STRINGS.hi.play, RECORDER_STRINGS.hi.again, RECORDER_STRINGS.hi.delete]) {
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    }
  });
});

describe('the words above Record, which Listen reads to a woman who cannot read the buttons', () => {
  for (const [lang, Form, form] of [['en', StoryForm, en.form], ['hi', StoryFormHi, hi.form], ['gu', StoryFormGu, gu.form]] as const) {
    it(`in ${lang}: name Record and Stop as their buttons say, and what she sees while recording is what they describe`, async () => {
      const recorder = RECORDER_STRINGS[lang];
      render(<Form {...props} howToRecord={<p>{form.howToRecord}</p>} />);
      const heard = screen.getByText(form.howToRecord).textContent!;
      const record = await screen.findByRole('button', { name: form.record });
      expect(heard).toContain(`"${record.textContent}"`);
      fireEvent.click(record);
      const stop = await screen.findByRole('button', { name: recorder.stop });
      expect(heard).toContain(`"${stop.textContent}"`);
      // Stop takes Record's place and looks as Record did, pink, with a square in the white of its words.
      expect(screen.queryByRole('button', { name: form.record })).toBeNull();
      expect(stop.className).toBe(record.className);
      expect(stop.querySelector('path')!.getAttribute('d')).toBe(STOP.d);
      expect(stop.querySelector('svg')!.getAttribute('fill')).toBe('currentColor');
      // The time left, by the timer's own words, on the line just above Stop.
      const timeLeft = screen.getByRole('timer').parentElement!;
      expect(timeLeft.textContent!.startsWith(recorder.left)).toBe(true);
      expect(heard.toLowerCase()).toContain(recorder.left.toLowerCase());
      expect(timeLeft.nextElementSibling).toBe(stop.parentElement);
    });
  }
});

describe('a voice story asks for only the phone number', () => {
  it('Name and Story stop being required once she has a recording, and the form says so', async () => {
    render(<StoryForm {...props} />);
    expect(field('Name').required).toBe(true);
    expect(field('Story').required).toBe(true);
    await recordStory();
    expect(field('Name').required).toBe(false);
    expect(field('Story').required).toBe(false);
    expect(field('Phone').required).toBe(true);
    expect(screen.getByText(words.voiceOnly)).toBeTruthy();
    fireEvent.click(button(words.delete));
    expect(field('Story').required).toBe(true);
  });
});

describe('sending', () => {
  async function sendVoiceStory() {
    render(<StoryForm {...props} />);
    await recordStory();
    fireEvent.change(field('Phone'), { target: { value: PHONE } });
    await act(async () => void fireEvent.submit(button('Submit').closest('form')!));
  }

  it('goes as the story announcing the recording with its real type, then the recording in parts, with one key', async () => {
    await sendVoiceStory();
    await waitFor(() => expect(storage.has(DRAFT_KEY)).toBe(false));
    const recorded = new Uint8Array([...SLICE, ...SLICE]);
    expect(posted()).toEqual([
      { Name: '', Phone: PHONE, Story: '', Recording: { type: TYPE, size: recorded.length, parts: 1 } },
      { Part: { index: 0, count: 1, data: btoa(String.fromCharCode(...recorded)) } },
    ]);
    const keys = fetch.mock.calls.map(([, init]) => init.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
    expect(collector.recordingOf(keys[0])).toEqual(Buffer.from(recorded));
  });

  it('not confirmed, is sent again with the same key, and stays on the phone for send-kept.ts', async () => {
    answer({ ok: false, outcome: 'retry' });
    await sendVoiceStory();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(strings.unconfirmed));
    await act(async () => void fireEvent.submit(button('Submit').closest('form')!));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [first, second] = fetch.mock.calls;
    expect(first![1].headers['Idempotency-Key']).toBe(second![1].headers['Idempotency-Key']);
    expect(JSON.parse(second![1].body)).toEqual(JSON.parse(first![1].body));
    // Kept for send-kept.ts, with its recording.
    expect(kept().outbox).toMatchObject({ story: { Phone: PHONE }, recording: kept().recording });
    expect(keptRecordings()).toHaveLength(1);
  });

  it('saved, the recording leaves the phone', async () => {
    await sendVoiceStory();
    await waitFor(() => expect(keptRecordings()).toEqual([]));
    expect(storage.has(DRAFT_KEY)).toBe(false);
  });

  it('kept by our service worker (no connection): she is told so, the form is ready for a new story, and the story and its recording stay on the phone until confirmed', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { scriptURL: 'http://localhost:3000/sw.js' } } });
    fetch = vi.fn(async (url: string | URL) => {
      if (String(url).endsWith('/__keep-story')) return new Response('{"ok":true,"queued":true}', { status: 202, headers: { 'X-Stree-Queued': '1' } });
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    await sendVoiceStory();
    await waitFor(() => expect(screen.getByText(strings.queuedNextVisit)).toBeTruthy());
    expect(field('Phone').value).toBe('');
    expect(screen.queryByRole('button', { name: words.play })).toBeNull();
    expect(kept().outbox).toMatchObject({ story: { Phone: PHONE }, queued: true });
    expect(keptRecordings()).toEqual([expect.stringContaining(kept().outbox.recording)]);
    // A new story, typed and recorded, does not take the waiting one off the phone.
    fireEvent.change(field('Name'), { target: { value: 'Sita' } });
    await recordStory();
    fireEvent.click(button(words.again));
    fireEvent.click(await screen.findByRole('button', { name: words.stop }));
    await waitFor(() => expect(keptRecordings()).toHaveLength(2));
    expect(keptRecordings()).toContainEqual(expect.stringContaining(kept().outbox.recording));
    expect(kept()).toMatchObject({ Name: 'Sita', outbox: { story: { Phone: PHONE }, queued: true } });
    fireEvent.click(button(words.delete));
    await waitFor(() => expect(keptRecordings()).toHaveLength(1));
    expect(kept().outbox.queued).toBe(true);
  });

  it('a recording refused (too big) stays on the phone, and she is told in her language', async () => {
    answer({ ok: false, outcome: 'refused', error: 'The recording is over 1 MB.', fields: { Recording: 'over 1 MB' } });
    await sendVoiceStory();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(words.refused));
    expect(button(words.play)).toBeTruthy();
    expect(keptRecordings()).toHaveLength(1);
    expect(kept().recording).toBeTruthy();
  });
});

describe('a voice story kept to send later (send-kept.ts)', () => {
  /** A story she submitted with a recording, kept while the connection was down; the page opens again. */
  async function openPageWithKeptStory(answerBody?: object) {
    const blob = new Blob([new Uint8Array([4, 5, 6])], { type: TYPE });
    await (await cachesInMemory.open(RECORDINGS_CACHE)).put(new URL('/__recording/r-1', location.href).href, new BlobResponse(blob, { headers: { 'Content-Type': TYPE } }));
    const story = { Name: '', Phone: PHONE, Story: '' };
    storage.set(DRAFT_KEY, JSON.stringify({ ...story, recording: 'r-1', outbox: { key: 'k-1', story, recording: 'r-1' } }));
    if (answerBody) answer(answerBody);
    document.body.innerHTML = '<section data-story-endpoint="/api/stories"></section>';
    vi.resetModules();
    const { startSendingKept } = await import('../../src/story-outbox/send-kept');
    startSendingKept(() => {});
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    return JSON.parse(fetch.mock.calls[0]![1].body);
  }

  it('goes with its recording in parts and its own key, and both leave the phone once saved', async () => {
    const body = await openPageWithKeptStory();
    expect(body.Recording).toEqual({ type: TYPE, size: 3, parts: 1 });
    await waitFor(() => expect(collector.recordingOf('k-1')).toEqual(Buffer.from([4, 5, 6])));
    expect(fetch.mock.calls.every(([, init]) => init.headers['Idempotency-Key'] === 'k-1')).toBe(true);
    await waitFor(() => expect(cachesInMemory.stores.has(RECORDINGS_CACHE)).toBe(false));
    expect(storage.has(DRAFT_KEY)).toBe(false);
  });

  it('refused in the service worker’s queue, comes back to the form with its recording kept on the phone again', async () => {
    const story = { Name: '', Phone: PHONE, Story: '', Recording: { type: TYPE, data: btoa('\u0004\u0005\u0006') } };
    await (await cachesInMemory.open(RETURNED_CACHE)).put(new URL('/__returned/1', location.href).href,
      new BlobResponse(JSON.stringify({ story, detail: 'Too big.' })));
    document.body.innerHTML = '<section data-story-endpoint="/api/stories"></section>';
    vi.resetModules();
    const { startSendingKept } = await import('../../src/story-outbox/send-kept');
    startSendingKept(() => {});
    await waitFor(() => expect(kept()).toMatchObject({ Phone: PHONE, returned: 'Too big.' }));
    // The draft names the recording; its bytes are in Cache Storage, not in the draft.
    expect(kept().Recording).toBeUndefined();
    const [entry] = cachesInMemory.stores.get(RECORDINGS_CACHE)!.values();
    expect(new Uint8Array(await entry!.blob.arrayBuffer())).toEqual(new Uint8Array([4, 5, 6]));
    expect(entry!.blob.type).toBe(TYPE);
    expect(keptRecordings()[0]).toContain(kept().recording);
  });

  it('refused, comes back to the form with its recording still on the phone', async () => {
    await openPageWithKeptStory({ ok: false, outcome: 'refused', error: 'Too big.', fields: { Recording: 'Too big.' } });
    await waitFor(() => expect(kept()).toMatchObject({ Phone: PHONE, recording: 'r-1', returned: 'Too big.' }));
    expect(keptRecordings()).toHaveLength(1);
  });
});

describe('kept on the phone', () => {
  it('a reload shows an unsent recording again, and Play plays it', async () => {
    render(<StoryForm {...props} />);
    await recordStory();
    await waitFor(() => expect(kept()?.recording).toBeTruthy());
    cleanup();
    render(<StoryForm {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: words.play }));
    expect(new Uint8Array(await played.at(-1)!.blob.arrayBuffer())).toEqual(new Uint8Array([...SLICE, ...SLICE]));
    expect(played.at(-1)!.blob.type).toBe(TYPE);
    expect(screen.getByRole('timer').textContent).toBe('0:00');
  });

  it('Delete recording takes it off the screen and off the phone at once', async () => {
    render(<StoryForm {...props} />);
    await recordStory();
    await waitFor(() => expect(keptRecordings()).toHaveLength(1));
    fireEvent.click(button(words.delete));
    expect(screen.queryByRole('button', { name: words.play })).toBeNull();
    expect(kept()?.recording).toBeUndefined();
    await waitFor(() => expect(keptRecordings()).toEqual([]));
    expect(document.activeElement).toBe(button(strings.record));
  });

  it('leaving the page while recording stops every microphone track and keeps nothing of it', async () => {
    const { unmount } = render(<StoryForm {...props} />);
    await startRecording();
    expect(tracks[0]!.stopped).toBe(false);
    unmount();
    expect(tracks[0]!.stopped).toBe(true);
    await Promise.resolve();
    expect(keptRecordings()).toEqual([]);
  });

  it('quick exit while recording stops every track and removes the recording from the phone', async () => {
    render(<StoryForm {...props} />);
    await recordStory();
    await waitFor(() => expect(keptRecordings()).toHaveLength(1));
    fireEvent.click(button(words.again));
    await screen.findByRole('button', { name: words.stop });
    act(() => forgetTypedWords());
    expect(tracks.every((track) => track.stopped)).toBe(true);
    await waitFor(() => expect(cachesInMemory.stores.has(RECORDINGS_CACHE)).toBe(false));
    expect(screen.queryByRole('button', { name: words.play })).toBeNull();
    expect(storage.has(DRAFT_KEY)).toBe(false);
  });

  it('quick exit keeps the recording of a story she already submitted, to be sent', async () => {
    answer({ ok: false, outcome: 'retry' });
    render(<StoryForm {...props} />);
    await recordStory();
    fireEvent.change(field('Phone'), { target: { value: PHONE } });
    await act(async () => void fireEvent.submit(button('Submit').closest('form')!));
    const id = kept().outbox.recording;
    act(() => forgetTypedWords());
    await waitFor(() => expect(kept()).toMatchObject({ Phone: '', outbox: { recording: id, quiet: true } }));
    expect(keptRecordings()).toHaveLength(1);
  });

  it('storage blocked: she still records, plays and sends, for this visit', async () => {
    vi.stubGlobal('caches', undefined);
    render(<StoryForm {...props} />);
    await recordStory();
    fireEvent.click(button(words.play));
    expect(played).toHaveLength(1);
    fireEvent.change(field('Phone'), { target: { value: PHONE } });
    await act(async () => void fireEvent.submit(button('Submit').closest('form')!));
    await waitFor(() => expect(collector.stories.size).toBe(1));
    expect(posted()[0].Recording.type).toBe(TYPE);
  });
});

describe('a browser that cannot record', () => {
  it('keeps the file input, and sends the chosen file as the recording', async () => {
    delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
    render(<StoryForm {...props} />);
    expect(screen.queryByRole('button', { name: strings.record })).toBeNull();
    const file = new File([new Uint8Array([9, 8, 7])], 'story.m4a', { type: 'audio/mp4' });
    fireEvent.change(field(strings.recordingFile), { target: { files: [file] } });
    await screen.findByRole('button', { name: words.play });
    expect(screen.queryByRole('button', { name: words.again })).toBeNull();
    fireEvent.change(field('Phone'), { target: { value: PHONE } });
    await act(async () => void fireEvent.submit(button('Submit').closest('form')!));
    await waitFor(() => expect(storage.has(DRAFT_KEY)).toBe(false));
    expect(posted()[0].Recording).toEqual({ type: 'audio/mp4', size: 3, parts: 1 });
    expect([...collector.stories.keys()].map(collector.recordingOf)).toEqual([Buffer.from([9, 8, 7])]);
  });
});
