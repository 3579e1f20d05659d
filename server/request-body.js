// Reading a post's body in the local inbox (docs/stories.md, "The local inbox"): no more than its
// limit, and not for ever. A body that stops arriving is cut, so that a sender who holds a
// connection open a byte at a time cannot keep the inbox's connections from the women sending.
import { audioKind } from '../src/story-outbox/audio-signature.js';
import { FIELDS, HONEYPOT } from '../src/story-outbox/fields.js';
import { RECORDING } from '../src/story-outbox/recording.js';
import { HttpError } from './http-error.js';

export const STALLED = 'The story stopped arriving. Nothing was written: send it again.';

/**
 * The request body, refused (`tooLarge()`, a 413) the moment it passes `limit` bytes, and cut (a
 * 408, `retry`) when it stalls: as the phone's own patience (src/story-outbox/contract.js,
 * `patienceFor`), it may take `stallMs` plus a second for every `bytesPerSecond` it has carried,
 * and no byte may be `stallMs` apart from the last. A link at a fifth of 2G's speed passes; one
 * that drips a byte at a time is cut within `stallMs` or so.
 * @param {import('node:http').IncomingMessage} req
 * @param {{ limit: number, tooLarge: () => Error, stallMs: number, bytesPerSecond: number }} options
 * @returns {Promise<Buffer>}
 */
export function readBody(req, { limit, tooLarge, stallMs, bytesPerSecond }) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const start = Date.now();
    let timer;
    const finish = () => {
      clearTimeout(timer);
      req.off('data', onData);
    };
    const stop = (error) => {
      finish();
      // Keep draining quietly: an unread body would stall the client before it sees our 413.
      req.resume();
      reject(error);
    };
    const cut = () => {
      finish();
      reject(new HttpError(408, STALLED));
    };
    const watch = () => {
      clearTimeout(timer);
      const deadline = Math.min(Date.now() + stallMs, start + stallMs + (size / bytesPerSecond) * 1000);
      timer = setTimeout(cut, Math.max(0, deadline - Date.now()));
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) return stop(tooLarge());
      chunks.push(chunk);
      watch();
    };
    watch();
    req.on('data', onData);
    req.on('end', () => {
      finish();
      resolve(Buffer.concat(chunks));
    });
    // A client that hangs up mid-body sent no story (nobody reads the answer, so no log either);
    // 'close' after 'end' changes nothing.
    req.on('error', () => stop(new HttpError(400, 'The story did not arrive whole.')));
    req.on('close', () => stop(new HttpError(400, 'The story did not arrive whole.')));
  });
}

/** The fields of a plain form post; anything else an old copy of the page may send is left out. */
export function formFields(text) {
  const fields = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (FIELDS.includes(name) || name === HONEYPOT) fields[name] = value;
  }
  return fields;
}

/** What a phone's file picker calls a file whose kind it does not know. */
const UNNAMED_TYPES = ['', 'application/octet-stream'];

/**
 * The fields of a plain form post with a file (`enctype="multipart/form-data"`), read by Node's
 * own parser (the Fetch standard's `formData()`): the words as text, and the `Recording` file as
 * the JSON member the form's script sends, `{ type, data }` in base64, so one check serves both.
 * A file a phone's picker typed `application/octet-stream` (or not at all) gets the type its first
 * bytes give, if they are audio; the bytes themselves are checked later, whatever the type.
 * An empty file field (she chose no file) is no recording. `recordings`: how many came.
 * @param {Buffer} bytes
 * @param {string} contentType with its boundary
 * @returns {Promise<{ fields: Record<string, unknown>, recordings: number }>}
 */
export async function multipartFields(bytes, contentType) {
  const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  const fields = Object.create(null);
  let recordings = 0;
  for (const [name, value] of form) {
    if ((FIELDS.includes(name) || name === HONEYPOT) && typeof value === 'string') fields[name] = value;
    if (name === RECORDING && typeof value !== 'string' && value.size > 0) {
      recordings += 1;
      const audio = Buffer.from(await value.arrayBuffer());
      const kind = audioKind(audio);
      const type = UNNAMED_TYPES.includes(value.type) && kind ? kind.type : value.type;
      fields[RECORDING] = { type, data: audio.toString('base64') };
    } else if (name === RECORDING && typeof value === 'string' && value !== '') {
      recordings += 1;
      fields[RECORDING] = value; // text where a file belongs: refused as not a recording
    }
  }
  return { fields, recordings };
}
