// A collector that speaks the protocol of docs/stories.md ("A recording in parts"), in memory, for
// the phone's side to be tested against: it answers the story that announces a recording with the
// parts it holds, takes each part, and says saved once it holds them all. Written from the spec,
// not from either collector's code.
import { PART, RECORDING, RECORDING_PART_BYTES, partsOf } from '../../src/story-outbox/recording.js';

export interface Seen {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

/** One story's state per key, and every POST it saw. */
export function fakeCollector() {
  const stories = new Map<string, { story: Record<string, unknown>; size: number; count: number; parts: Map<number, string>; saved: boolean }>();
  const seen: Seen[] = [];

  /** The collector's JSON answer to one body sent with `key`. */
  function answer(key: string, body: Record<string, unknown>): Record<string, unknown> {
    const held = stories.get(key);
    const finish = () => {
      const story = stories.get(key)!;
      if (story.parts.size === story.count) story.saved = true;
      return story.saved ? { ok: true, outcome: 'saved' } : { ok: false, outcome: 'incomplete', have: [...story.parts.keys()].sort((a, b) => a - b) };
    };
    if (PART in body) {
      const { index, count, data } = body[PART] as { index: number; count: number; data: string };
      if (!held || count !== held.count) return { ok: false, outcome: 'refused', error: 'No such story.', fields: { Recording: 'x' } };
      const bytes = Buffer.from(data, 'base64').length;
      const expected = index < count - 1 ? RECORDING_PART_BYTES : held.size - RECORDING_PART_BYTES * (count - 1);
      if (bytes !== expected) return { ok: false, outcome: 'refused', error: 'Parts do not add up.', fields: { Recording: 'x' } };
      if (held.parts.has(index) && held.parts.get(index) !== data) return { ok: false, outcome: 'refused', error: 'Another part.', fields: { Recording: 'x' } };
      held.parts.set(index, data);
      return finish();
    }
    const recording = body[RECORDING] as { type: string; size?: number; parts?: number; data?: string } | undefined;
    if (!held) {
      if (recording?.data !== undefined) {
        // The older, whole form: every part at once.
        const bytes = Buffer.from(recording.data, 'base64');
        const count = partsOf(bytes.length);
        const parts = new Map<number, string>();
        for (let index = 0; index < count; index += 1) {
          parts.set(index, bytes.subarray(index * RECORDING_PART_BYTES, (index + 1) * RECORDING_PART_BYTES).toString('base64'));
        }
        stories.set(key, { story: body, size: bytes.length, count, parts, saved: false });
      } else {
        const size = recording?.size ?? 0;
        stories.set(key, { story: body, size, count: recording ? partsOf(size) : 0, parts: new Map(), saved: false });
      }
    }
    return finish();
  }

  /** The recording the collector joined for `key`, once saved. */
  function recordingOf(key: string): Buffer | undefined {
    const held = stories.get(key);
    if (!held?.saved) return undefined;
    return Buffer.concat([...held.parts.entries()].sort(([a], [b]) => a - b).map(([, data]) => Buffer.from(data, 'base64')));
  }

  return { stories, seen, answer, recordingOf };
}

/** The key a request carries: the header to our own inbox, `?key=` to another origin. */
export function keyOfRequest(url: string, init: RequestInit): string {
  const headers = new Headers(init.headers);
  return headers.get('Idempotency-Key') ?? new URL(url, 'https://stree.example/').searchParams.get('key') ?? '';
}

/** `length` bytes of every value, in an order no two parts share. */
export function audioBytes(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, i) => (i * 31 + (i >> 8)) % 256);
}
