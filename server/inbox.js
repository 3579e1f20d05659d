// The local story inbox behind `npm start`: POST /api/stories appends one CSV row per story
// (docs/stories.md). Scripts send JSON (or JSON as text/plain, as to any collector on another
// origin) and get JSON answers; a plain form post (no script ran) gets a page in her language.
// A story told by voice (docs/stories.md, "Voice stories") brings a recording: its audio is kept
// as a file in `recordings/` beside the CSV, and its row names the file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appendFile, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { FIELDS, HONEYPOT, messageFor, safeCell, validateStory } from '../src/story-outbox/fields.js';
import { KEY_PARAM, LANG_PARAM } from '../src/story-outbox/contract.js';
import { RECORDING, RECORDING_BYTES_MAX, RECORDING_SECONDS_MAX, RECORDING_SIZE_TEXT } from '../src/story-outbox/recording.js';
import { localeOfLanguage } from '../src/lib/addresses.ts';
import { PAGE_HEADERS, fixPage, sentPage, unreadablePage } from './story-pages.js';
import { removeRecording, saveRecording, syncFolder, upgradeColumns } from './recordings.js';

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
/** A story's row: the last column names its recording's file, relative to the CSV's folder (empty for a written story). */
export const COLUMNS = ['Received', ...FIELDS, RECORDING];
// Without a BOM, Excel reads UTF-8 as ANSI and Hindi stories turn to mojibake.
const WRITE_BOM = true;
/**
 * The form sends a key made on the phone with each story (draft-ietf-httpapi-idempotency-key-header):
 * a retry after a lost answer, or a story the service worker sends later, carries the same key.
 * In the header from our own pages; as `?key=` where a header would cost a preflight.
 */
export const KEY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** A post without a key (a plain form) is a repeat when the same words arrived this recently: a reload, a resend. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

const MESSAGES = {
  405: 'Send stories with POST to /api/stories.',
  415: 'Send the story as JSON, with the header Content-Type: application/json (or text/plain), or as a form.',
  413: `The story is too long: send at most ${TEXT_LIMIT / 1024} KB of words and a recording of at most ${RECORDING_SECONDS_MAX / 60} minutes, ${RECORDING_SIZE_TEXT}.`,
  400: 'The story could not be read as JSON: send an object with Name, Phone and Story.',
  500: 'The story could not be saved. Please try again in a few minutes.',
};
const BAD_KEY = 'The Idempotency-Key header (or the key parameter) must be 16 to 128 letters, digits, - or _.';

class HttpError extends Error {
  constructor(status, message = MESSAGES[status]) {
    super(message);
    this.status = status;
  }
}

/**
 * Request handler for /api/stories that appends valid stories to the CSV file `file`, each
 * Idempotency-Key once; the keys seen are kept in `{file}.keys`, so a restart forgets none.
 * `thankYouPage(locale)`: the address of the built thank-you page in that language, if the site has
 * one; a plain form post is redirected there once saved (else answered with a page of our own).
 * `base`: the site's BASE_PATH, for the links on our own pages.
 * @param {{ file?: string, base?: string, thankYouPage?: (locale: string) => string | undefined }} [options]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createInbox({ file = 'data/stories.csv', base = '/', thankYouPage = () => undefined } = {}) {
  // One chain per process, so rows land whole and in order however many requests arrive at once.
  let queue = Promise.resolve();
  /** An older file brought to today's columns, once, before the first row this process writes. */
  let upgraded;
  const upgrade = () => {
    upgraded ??= upgradeColumns(file, COLUMNS).catch((error) => {
      upgraded = undefined; // tried again with the next story
      throw error;
    });
    return upgraded;
  };
  const append = (story) => {
    const written = queue.then(upgrade).then(() => appendStory(file, story));
    queue = written.catch(() => {}); // one failed write must not block the stories after it
    return written;
  };
  const saveOnce = onceByKey(append, `${file}.keys`);

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const lang = url.searchParams.get(LANG_PARAM) ?? '';
    const answer = isFormPost(req) ? formAnswers(res, { url, lang, base, thankYouPage }) : jsonAnswers(res);
    handle(req, res, url, answer, saveOnce).catch((error) => {
      if (!(error instanceof HttpError)) console.error('Story inbox:', error);
      answer.failed(error instanceof HttpError ? error : new HttpError(500));
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
 * the body says it): `outcome` is "saved" (now or before), "refused" (`error`, `fields`: what to
 * fix) or "retry" (nothing written: send the same story again later). Clients ignore members they
 * do not know, so a later version may add some. The status says the same, for other clients.
 */
function jsonAnswers(res) {
  return {
    saved: (isNew) => send(res, isNew ? 201 : 200, { ok: true, outcome: 'saved' }), // 200 for a repeat: saved, as the first time
    refused: (result) => send(res, 422, { ok: false, outcome: 'refused', error: Object.values(result.errors).join(' '), fields: result.errors }),
    failed: (error) =>
      send(res, error.status, {
        ok: false,
        outcome: error.status >= 500 ? 'retry' : 'refused',
        error: error.message,
        // Words alone never come near the limit: what is too long is the recording.
        ...(error.status === 413 ? { fields: { [RECORDING]: messageFor(RECORDING, 'tooLong') } } : {}),
      }),
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
      values && error.status === 500
        ? sendPage(res, 500, fixPage({ lang, action, values, failed: true, base, hadRecording: values[RECORDING] !== undefined }))
        : sendPage(res, error.status, unreadablePage({ lang, base, recordingTooLong: error.status === 413 && error.multipart })),
  };
}

/**
 * Wraps `append` so a story whose key was saved before is not saved again. A request that comes
 * while the first with its key is still being written waits for that write, and writes itself
 * only if it failed: whichever copy arrives, the story is saved exactly once. A story without a
 * key (a plain form post) is known by its words: a repeat within REPEAT_WINDOW_MS is not saved.
 * @returns {(story: Record<string, string>, key: string | undefined) => Promise<boolean>} whether it was written now
 */
function onceByKey(append, keyFile) {
  /** @type {Map<string, { write: Promise<void>, at: number }>} */
  const writes = new Map(readKeys(keyFile).map(({ key, at }) => [key, { write: Promise.resolve(), at }]));
  return async (story, key) => {
    const now = Date.parse(story.Received);
    const ownKey = key ?? textKey(story);
    const since = key === undefined ? now - REPEAT_WINDOW_MS : -Infinity;
    for (let earlier = writes.get(ownKey); earlier && earlier.at > since; earlier = writes.get(ownKey)) {
      try {
        await earlier.write;
        return false;
      } catch {
        // That write failed and forgot the key: try again below, unless another request already is.
      }
    }
    const write = append(story);
    writes.set(ownKey, { write, at: now });
    write.catch(() => writes.delete(ownKey));
    await write;
    // The row is saved whatever happens here; a key lost now only matters after a restart.
    const line = key === undefined ? `${ownKey} ${story.Received}` : ownKey;
    await appendFile(keyFile, `${line}\n`).catch((error) => console.error('Story inbox: could not record a key:', error));
    return true;
  };
}

/**
 * The key a story without one is known by: made from its words (a colon: no phone's key looks
 * like it), and its recording's if it has one: two recordings from one phone are two stories.
 */
function textKey(story) {
  const words = FIELDS.map((field) => story[field]);
  const parts = story[RECORDING] ? [...words, story[RECORDING].data] : words;
  return `text:${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

/** Keys saved before: a phone's key alone on its line (for ever); a text key with when it came. */
function readKeys(keyFile) {
  let text;
  try {
    text = readFileSync(keyFile, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return text.split('\n').filter(Boolean).map((line) => {
    const [key, received] = line.split(' ');
    return { key, at: received ? Date.parse(received) : Infinity };
  });
}

async function handle(req, res, url, answer, saveOnce) {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    throw new HttpError(405);
  }
  const [type, ...params] = (req.headers['content-type'] ?? '').split(';').map(trimLower);
  const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replace(/"/g, '');
  const isForm = type === 'application/x-www-form-urlencoded';
  const isMultipart = type === 'multipart/form-data';
  // JSON is UTF-8 (RFC 8259); text/plain carries the same JSON from pages on other origins, and
  // a form is encoded in its page's charset, UTF-8 here. Other charsets would be misread.
  if (!['application/json', 'text/plain'].includes(type) && !isForm && !isMultipart) throw new HttpError(415);
  if (charset && !/^utf-?8$/.test(charset)) throw new HttpError(415);
  const limit = isMultipart ? MULTIPART_BODY_LIMIT : isForm ? FORM_BODY_LIMIT : BODY_LIMIT;
  const tooLarge = () => Object.assign(new HttpError(413), { multipart: isMultipart });
  if (Number(req.headers['content-length']) > limit) throw tooLarge();
  const key = req.headers[KEY_HEADER] ?? url.searchParams.get(KEY_PARAM) ?? undefined;
  if (key !== undefined && (typeof key !== 'string' || !KEY_PATTERN.test(key))) throw new HttpError(400, BAD_KEY);

  let body;
  try {
    const bytes = await readBody(req, limit, tooLarge);
    if (isMultipart) body = await multipartFields(bytes, req.headers['content-type']);
    else {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      body = isForm ? formFields(text) : JSON.parse(text);
    }
  } catch (error) {
    throw error instanceof HttpError ? error : new HttpError(400);
  }
  const result = validateStory(body);
  // A bot filled the field no person sees: it learns nothing, and nothing is written.
  if (result.ok && result.spam) return answer.saved(true);
  if (!result.ok) return answer.refused(result, body);
  try {
    answer.saved(await saveOnce({ Received: new Date().toISOString(), ...result.story }, key));
  } catch (error) {
    console.error('Story inbox:', error);
    answer.failed(new HttpError(500), body);
  }
}

/** The fields of a plain form post; anything else an old copy of the page may send is left out. */
function formFields(text) {
  const fields = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (FIELDS.includes(name) || name === HONEYPOT) fields[name] = value;
  }
  return fields;
}

/**
 * The fields of a plain form post with a file (`enctype="multipart/form-data"`), read by Node's
 * own parser (the Fetch standard's `formData()`): the words as text, and the `Recording` file as
 * the JSON member the form's script sends, `{ type, data }` in base64, so one check serves both.
 * An empty file field (she chose no file) is no recording.
 * @param {Buffer} bytes
 * @param {string} contentType with its boundary
 */
async function multipartFields(bytes, contentType) {
  const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  const fields = Object.create(null);
  for (const [name, value] of form) {
    if ((FIELDS.includes(name) || name === HONEYPOT) && typeof value === 'string') fields[name] = value;
    if (name === RECORDING && typeof value !== 'string' && value.size > 0) {
      fields[RECORDING] = { type: value.type, data: Buffer.from(await value.arrayBuffer()).toString('base64') };
    } else if (name === RECORDING && typeof value === 'string' && value !== '') {
      fields[RECORDING] = value; // text where a file belongs: refused as not a recording
    }
  }
  return fields;
}

/** The request body, refused (`tooLarge()`, a 413) the moment it passes `limit` bytes. */
function readBody(req, limit, tooLarge = () => new HttpError(413)) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const stop = (error) => {
      req.off('data', onData);
      // Keep draining quietly: an unread body would stall the client before it sees our 413.
      req.resume();
      reject(error);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) stop(tooLarge());
      else chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    // A client that hangs up mid-body sent no story (nobody reads the answer, so no log either);
    // 'close' after 'end' changes nothing.
    req.on('error', () => stop(new HttpError(400)));
    req.on('close', () => stop(new HttpError(400)));
  });
}

/**
 * Saves a story: its recording first, as a file on disk (fsynced) that its row then names, so a
 * row never names a file that is not there. If the row cannot be written, the file goes too: a
 * story sent again writes both anew (and a file left by a crash between the two is one no row
 * names, never served, from a story its phone was never told was saved: it sends it again).
 */
async function appendStory(file, story) {
  const recording = story[RECORDING] ? await saveRecording(dirname(file), story[RECORDING], story.Received) : '';
  try {
    await appendRow(file, { ...story, [RECORDING]: recording });
  } catch (error) {
    if (recording) await removeRecording(dirname(file), recording);
    throw error;
  }
}

/** Appends one row (after the header, for a new file) and returns once it is on disk. */
async function appendRow(file, story) {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, 'a');
  try {
    const { size } = await handle.stat();
    const isNew = size === 0;
    const row = COLUMNS.map((c) => safeCell(story[c]));
    const rows = isNew ? [COLUMNS, row] : [row];
    const data = Buffer.from(stringify(rows, { bom: WRITE_BOM && isNew }));
    try {
      // One write call per row: a reader never sees half a row.
      const { bytesWritten } = await handle.write(data);
      if (bytesWritten !== data.length) throw new Error(`Short write: ${bytesWritten}/${data.length}`);
      await handle.datasync();
    } catch (error) {
      // Take a partial row back off, so the next story starts on a line of its own.
      await handle.truncate(size).catch(() => {});
      throw error;
    }
    if (isNew) await syncFolder(dirname(file));
  } finally {
    await handle.close();
  }
}

function send(res, status, body) {
  if (res.headersSent || res.destroyed) return;
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // After a refused body the connection's remaining bytes are junk: close it.
    ...(status === 413 ? { Connection: 'close' } : {}),
  });
  res.end(json);
}

/** A page for a plain form post; a 413 closes the connection, as for JSON. */
function sendPage(res, status, html, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'Content-Length': Buffer.byteLength(html),
    ...(status === 413 ? { Connection: 'close' } : {}),
    ...headers,
  });
  res.end(html);
}

function trimLower(s) {
  return s.trim().toLowerCase();
}
