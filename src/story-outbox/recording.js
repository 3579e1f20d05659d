// A story told by voice (docs/stories.md, "Voice stories"): what the recorder on the phone, the
// kept-story sender, the service worker and both collectors agree on. Pure constants: the page,
// the worker and Node import them; deploy/apps-script/Code.js repeats them (a test holds it equal).

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

/** Asked of MediaRecorder: mono speech stays clear in Opus at 24 kbit/s. */
export const RECORDING_BITS_PER_SECOND = 24_000;

/** The longest type a collector takes: `audio/webm;codecs=opus` and its kin are far shorter. */
export const RECORDING_TYPE_MAX = 100;

/**
 * A recording's type as the browser gives it: `audio/` and a subtype, then parameters
 * (`;codecs=opus`, `; codecs="opus"`), each a token as HTTP defines one (RFC 9110, 5.6.2).
 */
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
// Pure: a page that imports only the names above does not carry this (the form's script, /home's budget).
export const RECORDING_TYPE = /* @__PURE__ */ new RegExp(`^audio/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);

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
 * What is wrong with a story's `Recording` member, or the recording itself:
 * `{ problem }` is `invalid` (not `{ type, data }`, a type that is not audio, data that is not
 * base64 or is empty), `notText` (a type or data that is not a string) or `tooLong` (more than
 * RECORDING_BYTES_MAX bytes of audio).
 * @param {unknown} value
 * @returns {{ recording: { type: string, data: string } } | { problem: 'invalid' | 'notText' | 'tooLong' }}
 */
export function checkRecording(value) {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return { problem: 'invalid' };
  const record = /** @type {Record<string, unknown>} */ (value);
  if (Object.keys(record).some((key) => key !== 'type' && key !== 'data')) return { problem: 'invalid' };
  const { type, data } = record;
  if (typeof type !== 'string' || typeof data !== 'string') return { problem: 'notText' };
  if (type.length > RECORDING_TYPE_MAX || !RECORDING_TYPE.test(type)) return { problem: 'invalid' };
  // Measured before the pattern is tried, so a huge body is refused for its size at once.
  if (data.length > Math.ceil(RECORDING_BYTES_MAX / 3) * 4) return { problem: 'tooLong' };
  if (data === '' || !BASE64.test(data)) return { problem: 'invalid' };
  if (decodedSize(data) > RECORDING_BYTES_MAX) return { problem: 'tooLong' };
  return { recording: { type, data } };
}
