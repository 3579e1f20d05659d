// The local story inbox behind `npm start`: POST /api/stories appends one CSV row per story
// (DESIGN.md, "Interface contract", the story form).
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { FIELDS, validateStory } from '../src/lib/story-fields.js';

export const BODY_LIMIT = 16 * 1024;
export const COLUMNS = ['Received', ...FIELDS];
// Without a BOM, Excel reads UTF-8 as ANSI and Hindi stories turn to mojibake.
const WRITE_BOM = true;

const MESSAGES = {
  405: 'Send stories with POST to /api/stories.',
  415: 'Send the story as JSON, with the header Content-Type: application/json.',
  413: `The story is too long: send at most ${BODY_LIMIT / 1024} KB.`,
  400: 'The story could not be read as JSON: send an object with Name, Phone and Story.',
  500: 'The story could not be saved. Please try again in a few minutes.',
};

class HttpError extends Error {
  constructor(status) {
    super(MESSAGES[status]);
    this.status = status;
  }
}

/**
 * Request handler for /api/stories that appends valid stories to the CSV file `file`.
 * @param {{ file?: string }} [options]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createInbox({ file = 'data/stories.csv' } = {}) {
  // One chain per process, so rows land whole and in order however many requests arrive at once.
  let queue = Promise.resolve();
  const append = (story) => {
    const written = queue.then(() => appendRow(file, story));
    queue = written.catch(() => {}); // one failed write must not block the stories after it
    return written;
  };

  return (req, res) => {
    handle(req, res, append).catch((error) => {
      if (!(error instanceof HttpError)) console.error('Story inbox:', error);
      const status = error instanceof HttpError ? error.status : 500;
      send(res, status, { error: MESSAGES[status] });
    });
  };
}

async function handle(req, res, append) {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    throw new HttpError(405);
  }
  const [type, ...params] = (req.headers['content-type'] ?? '').split(';').map(trimLower);
  const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replace(/"/g, '');
  // JSON is UTF-8 (RFC 8259); other charsets would be misread.
  if (type !== 'application/json' || (charset && !/^utf-?8$/.test(charset))) {
    throw new HttpError(415);
  }
  if (Number(req.headers['content-length']) > BODY_LIMIT) throw new HttpError(413);

  let body;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readBody(req)));
  } catch (error) {
    throw error instanceof HttpError ? error : new HttpError(400);
  }
  const result = validateStory(body);
  if (!result.ok) {
    return send(res, 422, { error: Object.values(result.errors).join(' '), fields: result.errors });
  }
  await append({ Received: new Date().toISOString(), ...result.story });
  send(res, 201, { ok: true });
}

/** The request body, refused with 413 the moment it passes BODY_LIMIT. */
function readBody(req) {
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
      if (size > BODY_LIMIT) stop(new HttpError(413));
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

/** Appends one row (after the header, for a new file) and returns once it is on disk. */
async function appendRow(file, story) {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, 'a');
  try {
    const { size } = await handle.stat();
    const isNew = size === 0;
    const rows = isNew ? [COLUMNS, COLUMNS.map((c) => story[c])] : [COLUMNS.map((c) => story[c])];
    const data = Buffer.from(stringify(rows, { bom: WRITE_BOM && isNew, escape_formulas: true }));
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

// A new file's name is durable only once its folder is synced too.
async function syncFolder(folder) {
  const dir = await open(folder, 'r').catch(() => null); // Windows cannot open folders
  await dir?.sync().catch(() => {});
  await dir?.close();
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

function trimLower(s) {
  return s.trim().toLowerCase();
}
