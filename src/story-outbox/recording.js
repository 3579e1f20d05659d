// A story told by voice (docs/stories.md, "Voice stories"): what the recorder on the phone, the
// kept-story sender, the service worker and both collectors agree on. Pure constants: the page,
// the worker and Node import them; `npm run apps-script` copies the file into
// deploy/apps-script/Code.js, so it keeps to the JavaScript Apps Script runs (docs/stories.md,
// "One source for the collector's checks").

/**
 * The optional member of a story's JSON that carries a recording:
 * `{ "type": "audio/webm;codecs=opus", "data": "<base64>" }`, the type as the browser recorded it.
 * A plain form post (no script) sends the same name as a file field, multipart, to the local inbox.
 */
export const RECORDING = 'Recording';

/** The longest recording the phone makes: five minutes, long enough for a story, short enough to send on 2G. */
export const RECORDING_SECONDS_MAX = 300;

/**
 * The most audio bytes a collector takes: about 1 MB. Five minutes of Opus at the bit rate below
 * is about 0.9 MB, so a recording made here always fits; a file picked from the phone may not.
 */
export const RECORDING_BYTES_MAX = 1024 * 1024;

/**
 * Asked of MediaRecorder: Opus is designed for speech at 16 kbit/s mono, so five minutes is about
 * 600 KB, what a 40 kbit/s uplink carries in two minutes (docs/stories.md, "A recording in parts").
 */
export const RECORDING_BITS_PER_SECOND = 16000;

/**
 * Audio bytes in one part of a recording sent in parts: about 43.7 KB of base64, some 9 s at
 * 40 kbit/s, so a dropped link costs little; every part but the last is exactly this long.
 */
export const RECORDING_PART_BYTES = 32 * 1024;

/** The most parts a recording has: one at RECORDING_BYTES_MAX. */
export const RECORDING_PARTS_MAX = Math.ceil(RECORDING_BYTES_MAX / RECORDING_PART_BYTES);

/** The member of a part's JSON: `{ "Part": { "index", "count", "data" } }` (docs/stories.md). */
export const PART = 'Part';

/** The longest type a collector takes: `audio/webm;codecs=opus` and its kin are far shorter. */
export const RECORDING_TYPE_MAX = 100;

/**
 * A recording's type as the browser gives it: `audio/` and a subtype, then parameters
 * (`;codecs=opus`, `; codecs="opus"`), each a token as HTTP defines one (RFC 9110, 5.6.2).
 * Also the containers a phone's file picker names by the file's ending as video (`.webm`, `.3gp`,
 * `.mp4` are `video/…` to Chrome) though a voice recorder app writes only sound into them.
 */
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
// Pure: a page that imports only the names above does not carry this (the form's script, /home's budget).
export const RECORDING_TYPE = /* @__PURE__ */ new RegExp(`^(?:audio/${TOKEN}|video/(?:webm|ogg|mp4|3gpp2?))(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);

/** Standard base64 (RFC 4648, section 4) with its padding, nothing else: no spaces, no `data:` prefix. */
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** How many bytes base64 text decodes to (`text` must match BASE64). */
export function decodedSize(text) {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** The size of RECORDING_BYTES_MAX as people read it: "1 MB". */
export const RECORDING_SIZE_TEXT = `${RECORDING_BYTES_MAX / (1024 * 1024)} MB`;

/**
 * What is wrong with a story's `Recording` member, or the recording itself, in either form
 * (docs/stories.md, "A recording in parts"): whole, `{ type, data }`, or announced, `{ type, size,
 * parts }` with its parts to follow. `{ problem }` is `invalid` (neither form, a type that is not
 * audio, data that is not base64 or is empty, a size or count that does not add up), `notText`
 * (a type or data that is not a string) or `tooLong` (more than RECORDING_BYTES_MAX bytes of audio).
 * @param {unknown} value
 * @returns {{ recording: { type: string, data: string } | { type: string, size: number, parts: number } }
 *   | { problem: 'invalid' | 'notText' | 'tooLong' }}
 */
export function checkRecording(value) {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return { problem: 'invalid' };
  const record = /** @type {Record<string, unknown>} */ (value);
  const has = (/** @type {string} */ name) => Object.prototype.hasOwnProperty.call(record, name);
  const announced = has('size') || has('parts');
  const members = announced ? ['type', 'size', 'parts'] : ['type', 'data'];
  if (Object.keys(record).some((key) => !members.includes(key))) return { problem: 'invalid' };
  const { type, data, size, parts } = record;
  if (typeof type !== 'string' || (!announced && typeof data !== 'string')) return { problem: 'notText' };
  if (type.length > RECORDING_TYPE_MAX || !RECORDING_TYPE.test(type)) return { problem: 'invalid' };
  if (announced) {
    if (!Number.isSafeInteger(size) || !Number.isSafeInteger(parts) || /** @type {number} */ (size) < 1) return { problem: 'invalid' };
    if (/** @type {number} */ (size) > RECORDING_BYTES_MAX) return { problem: 'tooLong' };
    if (parts !== partsOf(/** @type {number} */ (size))) return { problem: 'invalid' };
    return { recording: { type, size: /** @type {number} */ (size), parts: /** @type {number} */ (parts) } };
  }
  const text = /** @type {string} */ (data);
  // Measured before the pattern is tried, so a huge body is refused for its size at once.
  if (text.length > Math.ceil(RECORDING_BYTES_MAX / 3) * 4) return { problem: 'tooLong' };
  if (text === '' || !BASE64.test(text)) return { problem: 'invalid' };
  if (decodedSize(text) > RECORDING_BYTES_MAX) return { problem: 'tooLong' };
  return { recording: { type, data: text } };
}

/** How many parts a recording of `size` bytes travels in. */
export function partsOf(size) {
  return Math.ceil(size / RECORDING_PART_BYTES);
}

/**
 * What is wrong with a part's `Part` member, or the part: `{ index, count, data }`, `index` from 0
 * and below `count`, `count` at most RECORDING_PARTS_MAX, `data` standard base64 of 1 to
 * RECORDING_PART_BYTES bytes. Whether it fits the story it belongs to (its count, its length) is
 * the collector's to check against what the story announced.
 * @param {unknown} value
 * @returns {{ part: { index: number, count: number, data: string } } | { problem: 'invalid' | 'tooLong' }}
 */
export function checkPart(value) {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return { problem: 'invalid' };
  const record = /** @type {Record<string, unknown>} */ (value);
  if (Object.keys(record).some((key) => !['index', 'count', 'data'].includes(key))) return { problem: 'invalid' };
  const { index, count, data } = record;
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(index) || typeof data !== 'string') return { problem: 'invalid' };
  const [at, of] = [/** @type {number} */ (index), /** @type {number} */ (count)];
  if (of < 1 || of > RECORDING_PARTS_MAX || at < 0 || at >= of) return { problem: 'invalid' };
  if (data.length > Math.ceil(RECORDING_PART_BYTES / 3) * 4) return { problem: 'tooLong' };
  if (data === '' || !BASE64.test(data)) return { problem: 'invalid' };
  return { part: { index: at, count: of, data } };
}

/**
 * Whether a part holds as many bytes as its place asks: every part but the last exactly
 * RECORDING_PART_BYTES, the last the rest of `size`. Parts that pass add up to the recording.
 * @param {{ index: number, count: number }} part
 * @param {number} bytes the part's decoded length
 * @param {number} size the recording's announced size
 */
export function partFits({ index, count }, bytes, size) {
  if (count !== partsOf(size)) return false;
  return bytes === (index < count - 1 ? RECORDING_PART_BYTES : size - RECORDING_PART_BYTES * (count - 1));
}
