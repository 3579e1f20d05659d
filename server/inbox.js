// The local story inbox behind `npm start`: POST /api/stories appends one CSV row per story
// (docs/stories.md). Scripts send JSON (or JSON as text/plain, as to any collector on another
// origin) and get JSON answers; a plain form post (no script ran) gets a page in her language.
// A story told by voice (docs/stories.md, "Voice stories") brings a recording: its audio is kept
// as a file in `recordings/` beside the CSV, and its row names the file.
import { dirname, join } from 'node:path';
import { localeOfLanguage } from '../src/lib/addresses.ts';
import { audioKind } from '../src/story-outbox/audio-signature.js';
import { KEY_PARAM, LANG_PARAM, SLOWEST_BYTES_PER_SECOND, STALL_MS } from '../src/story-outbox/contract.js';
import { messageFor, validateStory } from '../src/story-outbox/fields.js';
import {
  PART, RECORDING, RECORDING_BYTES_MAX, RECORDING_SECONDS_MAX, RECORDING_SIZE_TEXT, checkPart,
} from '../src/story-outbox/recording.js';
import { keepPrivate } from './durable.js';
import { DISK_MARGIN_BYTES, RECORDING_BYTES_PER_HOUR } from './holding.js';
import { HttpError } from './http-error.js';
import { formFields, multipartFields, readBody } from './request-body.js';
import { RECORDINGS_FOLDER } from './recordings.js';
import { COLUMNS, storyStore } from './story-store.js';
import { PAGE_HEADERS, fixPage, sentPage, unreadablePage } from './story-pages.js';

export { COLUMNS };
export { REPEAT_WINDOW_MS } from './story-keys.js';

/** The words of a story as JSON: a story at its limits, in Devanagari, is under 16 KB. */
export const TEXT_LIMIT = 16 * 1024;
/**
 * A JSON story: its words and a recording at its limit in base64 (1 MiB is 1,398,104 characters),
 * and a little for the member's own name and type. Past it, a recording is what is too long.
 */
export const BODY_LIMIT = TEXT_LIMIT + Math.ceil(RECORDING_BYTES_MAX / 3) * 4 + 1024;
/**
 * A plain form post is percent-encoded: each Devanagari letter takes 9 bytes, so a story at its
 * 5,000-letter limit is 45 KB. Room for one pasted well over the limit, so she gets it back to shorten.
 */
export const FORM_BODY_LIMIT = 256 * 1024;
/**
 * A plain form post with a file (multipart): the words and a recording picked on the phone. Its
 * own recorder app may well make a file larger than the limit; up to four times it is read, so she
 * gets her words back with "the recording is too long" instead of a page that could read nothing.
 */
export const MULTIPART_BODY_LIMIT = FORM_BODY_LIMIT + 4 * RECORDING_BYTES_MAX;
/**
 * The form sends a key made on the phone with each story (draft-ietf-httpapi-idempotency-key-header):
 * a retry after a lost answer, or a story the service worker sends later, carries the same key.
 * In the header from our own pages; as `?key=` where a header would cost a preflight.
 */
export const KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const MESSAGES = {
  405: 'Send stories with POST to /api/stories.',
  415: 'Send the story as JSON, with the header Content-Type: application/json (or text/plain), or as a form.',
  413: `The story is too long: send at most ${TEXT_LIMIT / 1024} KB of words and a recording of at most ${RECORDING_SECONDS_MAX / 60} minutes, ${RECORDING_SIZE_TEXT}.`,
  400: 'The story could not be read as JSON: send an object with Name, Phone and Story.',
  500: 'The story could not be saved. Please try again in a few minutes.',
};
const BAD_KEY = 'The Idempotency-Key header (or the key parameter) must be 16 to 128 letters, digits, - or _.';
const ANNOUNCED_WITHOUT_KEY = 'A recording sent in parts needs its story\'s key: send it in the Idempotency-Key header (or the key parameter).';
const PART_WITHOUT_KEY = 'A part needs the key of the story that announced it: send it in the Idempotency-Key header (or the key parameter).';
const PART_INVALID = 'Send a part alone, as {"Part": {"index": 0, "count": 1, "data": "<standard base64>"}}: index from 0 and below count, data at most 32 KiB of audio, not empty.';

const httpError = (status) => new HttpError(status, MESSAGES[status]);

/**
 * Request handler for /api/stories that appends valid stories to the CSV file `file`, each
 * Idempotency-Key once; the keys seen are kept in `{file}.keys`, so a restart forgets none. A
 * recording comes whole, or announced by its story and then in parts (docs/stories.md, "A
 * recording in parts"), kept in `parts/` beside the CSV until it is whole.
 * `thankYouPage(locale)`: the address of the built thank-you page in that language, if the site has
 * one; a plain form post is redirected there once saved (else answered with a page of our own).
 * `base`: the site's BASE_PATH, for the links on our own pages. The rest is for tests: how long a
 * body may stall and how slowly it may come (src/story-outbox/contract.js), the recording bytes
 * taken in an hour, and the disk space left free.
 * @param {{ file?: string, base?: string, thankYouPage?: (locale: string) => string | undefined,
 *   stallMs?: number, slowestBytesPerSecond?: number, recordingBytesPerHour?: number, diskMargin?: number }} [options]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createInbox({
  file = 'data/stories.csv', base = '/', thankYouPage = () => undefined,
  stallMs = STALL_MS, slowestBytesPerSecond = SLOWEST_BYTES_PER_SECOND,
  recordingBytesPerHour = RECORDING_BYTES_PER_HOUR, diskMargin = DISK_MARGIN_BYTES,
} = {}) {
  const store = storyStore({ file, recordingBytesPerHour, diskMargin });
  // What an older version left readable by others: her words, her number, her voice.
  keepPrivate([file, `${file}.keys`, join(dirname(file), RECORDINGS_FOLDER), store.partsFolder]);
  const reading = { stallMs, bytesPerSecond: slowestBytesPerSecond };

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const lang = url.searchParams.get(LANG_PARAM) ?? '';
    const answer = isFormPost(req) ? formAnswers(res, { url, lang, base, thankYouPage }) : jsonAnswers(res);
    handle(req, url, answer, store, reading).catch((error) => {
      if (!(error instanceof HttpError)) console.error('Story inbox:', error);
      answer.failed(error instanceof HttpError ? error : httpError(500));
    });
  };
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** Whether the browser posted the form itself: no script ran, so she reads our answer as a page. */
function isFormPost(req) {
  return FORM_TYPES.includes(trimLower((req.headers['content-type'] ?? '').split(';')[0]));
}

/**
 * Answers for scripts: JSON, as the Apps Script collector gives them (its status is always 200, so
 * the body says it): `outcome` is "saved" (now or before), "incomplete" (`have`: the parts of its
 * recording held so far), "refused" (`error`, `fields`: what to fix) or "retry" (nothing written:
 * send the same story again later). Clients ignore members they do not know, so a later version
 * may add some. The status says the same, for other clients.
 */
function jsonAnswers(res) {
  return {
    saved: (isNew) => send(res, isNew ? 201 : 200, { ok: true, outcome: 'saved' }), // 200 for a repeat: saved, as the first time
    // 202: taken, and not done until the rest of the recording is here.
    incomplete: (have) => send(res, 202, { ok: false, outcome: 'incomplete', have }),
    refused: (result) => send(res, 422, { ok: false, outcome: 'refused', error: Object.values(result.errors).join(' '), fields: result.errors }),
    failed: (error) =>
      send(res, error.status, {
        ok: false,
        outcome: error.outcome,
        error: error.message,
        // Words alone never come near the limit: what is too long is the recording.
        ...(error.status === 413 ? { fields: { [RECORDING]: messageFor(RECORDING, 'tooLong') } } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
      }, error.headers),
  };
}

/** Answers for a plain form post: pages in her language; a refusal gives her words back to correct. */
function formAnswers(res, { url, lang, base, thankYouPage }) {
  const action = `${url.pathname}${url.search}`;
  return {
    saved: () => {
      const location = thankYouPage(localeOfLanguage(lang));
      // 303: the browser shows the thank-you page with a GET, so a reload never posts the story again.
      if (location) return sendPage(res, 303, '', { Location: location });
      sendPage(res, 200, sentPage({ lang, base }));
    },
    refused: (result, values) =>
      sendPage(res, 422, fixPage({ lang, action, values, problems: result.problems, base, hadRecording: values?.[RECORDING] !== undefined })),
    failed: (error, values) =>
      values && error.status >= 500
        ? sendPage(res, error.status, fixPage({ lang, action, values, failed: true, base, hadRecording: values[RECORDING] !== undefined }), error.headers)
        : sendPage(res, error.status, unreadablePage({ lang, base, recordingTooLong: error.status === 413 && error.multipart }), error.headers),
  };
}

/** A refusal of one problem with the recording, as validateStory words its own. */
function recordingRefusal(problem) {
  const message = messageFor(RECORDING, problem);
  return { ok: false, errors: { [RECORDING]: message }, problems: { [RECORDING]: problem } };
}

async function handle(req, url, answer, store, reading) {
  if (req.method !== 'POST') {
    throw Object.assign(httpError(405), { headers: { Allow: 'POST' } });
  }
  const [type, ...params] = (req.headers['content-type'] ?? '').split(';').map(trimLower);
  const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replace(/"/g, '');
  const isForm = type === 'application/x-www-form-urlencoded';
  const isMultipart = type === 'multipart/form-data';
  // JSON is UTF-8 (RFC 8259); text/plain carries the same JSON from pages on other origins, and
  // a form is encoded in its page's charset, UTF-8 here. Other charsets would be misread.
  if (!['application/json', 'text/plain'].includes(type) && !isForm && !isMultipart) throw httpError(415);
  if (charset && !/^utf-?8$/.test(charset)) throw httpError(415);
  const limit = isMultipart ? MULTIPART_BODY_LIMIT : isForm ? FORM_BODY_LIMIT : BODY_LIMIT;
  const tooLarge = () => Object.assign(httpError(413), { multipart: isMultipart });
  if (Number(req.headers['content-length']) > limit) throw tooLarge();
  const key = req.headers[KEY_HEADER] ?? url.searchParams.get(KEY_PARAM) ?? undefined;
  if (key !== undefined && (typeof key !== 'string' || !KEY_PATTERN.test(key))) throw new HttpError(400, BAD_KEY);

  const bytes = await readBody(req, { limit, tooLarge, ...reading });
  let body;
  let recordings = 0;
  try {
    if (isMultipart) ({ fields: body, recordings } = await multipartFields(bytes, req.headers['content-type']));
    else {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      body = isForm ? formFields(text) : JSON.parse(text);
    }
  } catch {
    throw httpError(400);
  }
  if (isPart(body)) return answerProgress(answer, await receivePart(body, key, store));
  const result = validateStory(body);
  // A bot filled the field no person sees: it learns nothing, and nothing is written.
  if (result.ok && result.spam) return answer.saved(true);
  if (recordings > 1) return answer.refused(recordingRefusal('several'), body);
  if (!result.ok) return answer.refused(result, body);
  const story = { Received: new Date().toISOString(), ...result.story };
  const recording = story[RECORDING];
  try {
    if (recording && 'size' in recording) {
      if (key === undefined) throw new HttpError(400, ANNOUNCED_WITHOUT_KEY);
      return answerProgress(answer, await store.announce(story, key));
    }
    if (recording) {
      const audio = Buffer.from(recording.data, 'base64');
      const kind = audioKind(audio);
      if (!kind) return answer.refused(recordingRefusal('notAudio'), body);
      story[RECORDING] = { type: recording.type, bytes: audio, extension: kind.extension };
    }
    answerProgress(answer, await store.save(story, key));
  } catch (error) {
    if (!(error instanceof HttpError)) console.error('Story inbox:', error);
    answer.failed(error instanceof HttpError ? error : httpError(500), body);
  }
}

/** Whether a JSON body is a part of a recording: it has a `Part` member (and should have nothing else). */
function isPart(body) {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, PART);
}

/** A part, checked alone, then against the story that announced it with the same key. */
async function receivePart(body, key, store) {
  if (key === undefined) throw new HttpError(400, PART_WITHOUT_KEY);
  const checked = Object.keys(body).length === 1 ? checkPart(body[PART]) : { problem: 'invalid' };
  if ('problem' in checked) throw new HttpError(422, PART_INVALID, { fields: { [PART]: PART_INVALID } });
  return store.receivePart(checked.part, key);
}

/** @param {import('./story-store.js').Progress} progress */
function answerProgress(answer, progress) {
  return progress.outcome === 'saved' ? answer.saved(progress.isNew) : answer.incomplete(progress.have);
}

function send(res, status, body, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // After a refused or a stalled body the connection's remaining bytes are junk: close it.
    ...(status === 413 || status === 408 ? { Connection: 'close' } : {}),
    ...headers,
  });
  res.end(json);
}

/** A page for a plain form post; a 413 or a 408 closes the connection, as for JSON. */
function sendPage(res, status, html, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'Content-Length': Buffer.byteLength(html),
    ...(status === 413 || status === 408 ? { Connection: 'close' } : {}),
    ...headers,
  });
  res.end(html);
}

function trimLower(s) {
  return s.trim().toLowerCase();
}
