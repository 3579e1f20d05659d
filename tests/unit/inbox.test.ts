// The local story inbox over real HTTP, writing to a temporary CSV (docs/design.md, story form).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BODY_LIMIT, MULTIPART_BODY_LIMIT, createInbox } from '../../server/inbox.js';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { gu } from '../../src/i18n/gu';
import { LOCALES } from '../../src/lib/editions';
import { RECORDING_BYTES_MAX } from '../../src/story-outbox/recording.js';
import { escapeHtml } from '../../src/story-outbox/form-html.js';
import { NAME_MAX, STORY_MAX } from '../../src/story-outbox/fields.js';
import { webm } from './inbox-harness';

// A slow disk on demand: Linux keeps O_APPEND writes whole anyway, so only a pause between
// looking at the file and writing to it shows appends that overlap.
// `csvBroken`: only the stories file fails, so a recording is written and its row is not.
const disk = vi.hoisted(() => ({ slow: false, broken: false, csvBroken: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof fs.open = async (...args) => {
    if (disk.broken || (disk.csvBroken && String(args[0]).endsWith('.csv'))) throw Object.assign(new Error('EIO: i/o error, open'), { code: 'EIO' });
    const handle = await fs.open(...args);
    const stat = handle.stat.bind(handle);
    handle.stat = (async (...options: Parameters<typeof stat>) => {
      if (disk.slow) await delay(Math.random() * 5);
      return stat(...options);
    }) as typeof stat;
    return handle;
  };
  return { ...fs, open };
});

const HEADER = ['Received', 'Name', 'Phone', 'Story', 'Recording'];
const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };

let dir: string;
let file: string;
let server: Server;
let url: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stree-inbox-'));
  file = join(dir, 'data', 'stories.csv'); // the folder does not exist yet
  server = createServer(createInbox({ file }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stories`;
});

afterEach(async () => {
  disk.slow = false;
  disk.broken = false;
  disk.csvBroken = false;
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true });
});

function post(body: unknown, contentType = 'application/json', headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const withKey = (key: string) => ({ 'Idempotency-Key': key });

/** The saved rows, without the header. */
function savedRows(): string[][] {
  const records: string[][] = parse(readFileSync(file), { bom: true });
  expect(records[0]).toEqual(HEADER);
  return records.slice(1);
}

test('a valid story is answered 201 and saved as one row with the time received', async () => {
  const before = Date.now();
  const response = await post(STORY);
  expect(response.status).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ ok: true, outcome: 'saved' });

  const rows = savedRows();
  expect(rows).toHaveLength(1);
  const [received, ...values] = rows[0];
  expect(values).toEqual([STORY.Name, STORY.Phone, STORY.Story, '']);
  expect(new Date(received).toISOString()).toBe(received);
  expect(Date.parse(received)).toBeGreaterThanOrEqual(before);
  expect(Date.parse(received)).toBeLessThanOrEqual(Date.now());
});

test('a new file starts with a BOM so Excel reads Hindi, then the header row', async () => {
  await post(STORY);
  expect(readFileSync(file, 'utf8').startsWith('\uFEFFReceived,Name,Phone,Story,Recording\n')).toBe(true);
});

describe('a bad request gets its status, a JSON error and writes nothing', () => {
  test.each([
    ['GET', 405, () => fetch(url)],
    ['text/html', 415, () => post(STORY, 'text/html')],
    ['JSON in Latin-1', 415, () => post(STORY, 'application/json; charset=iso-8859-1')],
    ['a body over the limit (words and a recording at its limit)', 413, () => post({ ...STORY, Story: 'a'.repeat(BODY_LIMIT) })],
    ['malformed JSON', 400, () => post('{"Name": "Asha",')],
    ['a missing field', 422, () => post({ Name: 'Asha', Phone: '9876543210' })],
    ['a whitespace-only name', 422, () => post({ ...STORY, Name: ' \t\n ' })],
    ['a phone of 9 digits', 422, () => post({ ...STORY, Phone: '987654321' })],
    ['a phone of 11 digits', 422, () => post({ ...STORY, Phone: '98765432101' })],
    ['letters in the phone', 422, () => post({ ...STORY, Phone: '98765abcde' })],
    ['an unknown key', 422, () => post({ ...STORY, consent: true })],
  ])('%s → %i', async (_, status, send) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.error).toEqual(expect.any(String));
    expect(body.error.length).toBeGreaterThan(10);
    expect(existsSync(file)).toBe(false);
  });
});

test('a GET is told to use POST in the Allow header', async () => {
  const response = await fetch(url);
  expect(response.headers.get('allow')).toBe('POST');
});

test('a validation error names each field to fix, unknown keys included', async () => {
  const response = await post({ Name: '', Phone: '12', Story: 'x', consent: true });
  const { error, fields } = await response.json();
  expect(Object.keys(fields).sort()).toEqual(['Name', 'Phone', 'consent']);
  expect(error).toContain('consent');
});

test('a charset parameter on the JSON content type is accepted', async () => {
  const response = await post(STORY, 'application/json; charset=UTF-8');
  expect(response.status).toBe(201);
});

test('a body passing the limit is refused before the client has finished sending it', async () => {
  // Chunked, so no Content-Length gives the size away: the inbox has to count.
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    req.on('response', (response) => resolve(response.statusCode ?? 0));
    req.on('error', reject);
    req.write(`{"Name":"Asha","Phone":"9876543210","Story":"${'a'.repeat(BODY_LIMIT + 1024)}`);
    // Never ended: only an early answer settles the promise.
  });
  expect(status).toBe(413);
  expect(existsSync(file)).toBe(false);
}, 5000);

test('a story at the form maximum lengths in Devanagari fits under the body limit', async () => {
  const response = await post({ ...STORY, Name: 'न'.repeat(NAME_MAX), Story: 'क'.repeat(STORY_MAX) });
  expect(response.status).toBe(201);
  expect(savedRows()[0][3]).toBe('क'.repeat(STORY_MAX));
});

test('a phone written as +91 98765 43210 is stored as 9876543210', async () => {
  await post({ ...STORY, Phone: '+91 98765 43210' });
  expect(savedRows()[0][2]).toBe('9876543210');
});

test.each(['=SUM(A1)', '+1', '-1', '@x', '＝HYPERLINK("https://evil.example")', '＋1', '－1', '＠x', '﹢1', '−1'])(
  'a value starting like a formula (%s) is stored so that no cell of the file starts one',
  async (value) => {
    await post({ ...STORY, Name: value, Story: value });
    const [, name, , story] = savedRows()[0];
    expect(name).toBe(` ${value}`);
    expect(story).toBe(` ${value}`);
  },
);

test('commas, quotes, newlines, Devanagari and emoji in a story survive a round trip', async () => {
  const story = 'Hello, "didi".\nमेरी कहानी: हम सुरक्षित हैं 🙏🏽\nLast line, done.';
  await post({ ...STORY, Story: story });
  expect(savedRows()[0][3]).toBe(story);
});

test('line breaks are kept as one \\n whether the browser (CRLF) or the script (LF) sent them', async () => {
  await post({ ...STORY, Story: 'One\r\nTwo\rThree\nFour' });
  expect(savedRows()[0][3]).toBe('One\nTwo\nThree\nFour');
});

test('200 stories sent at once to a slow disk are saved as 200 whole rows, each name exactly once', async () => {
  disk.slow = true;
  const names = Array.from({ length: 200 }, (_, i) => `Storyteller ${i}`);
  const responses = await Promise.all(
    names.map((Name, i) => post({ Name, Phone: '9876543210', Story: `Story ${i}, "quoted"\nline 2` })),
  );
  expect(responses.map((r) => r.status)).toEqual(names.map(() => 201));

  const rows = savedRows(); // also checks the header appears once, at the top
  expect(rows).toHaveLength(200);
  expect(rows.map((row) => row[1]).sort()).toEqual([...names].sort());
  for (const [, name, phone, story] of rows) {
    expect(phone).toBe('9876543210');
    expect(story).toBe(`Story ${name.split(' ')[1]}, "quoted"\nline 2`);
  }
});

describe('a story sent again with the same Idempotency-Key is saved once', () => {
  const KEY = '7f9c2d1e-5b3a-4c8d-9e0f-1a2b3c4d5e6f';

  test('the repeat is answered 200 and adds no row', async () => {
    expect((await post(STORY, 'application/json', withKey(KEY))).status).toBe(201);
    const again = await post(STORY, 'application/json', withKey(KEY));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, outcome: 'saved' });
    expect(savedRows()).toHaveLength(1);
  });

  test('copies arriving at once, to a slow disk, make one row', async () => {
    disk.slow = true;
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(STORY, 'application/json', withKey(KEY))));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(savedRows()).toHaveLength(1);
  });

  test('an inbox started again on the same file still knows the key', async () => {
    await post(STORY, 'application/json', withKey(KEY));
    const restarted = createServer(createInbox({ file }));
    await new Promise<void>((done) => restarted.listen(0, '127.0.0.1', done));
    const response = await fetch(`http://127.0.0.1:${(restarted.address() as AddressInfo).port}/api/stories`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...withKey(KEY) },
      body: JSON.stringify(STORY),
    });
    await new Promise((done) => restarted.close(done));
    expect(response.status).toBe(200);
    expect(savedRows()).toHaveLength(1);
  });

  test('different keys are different stories, even with the same words', async () => {
    await post(STORY, 'application/json', withKey(KEY));
    await post(STORY, 'application/json', withKey(KEY.replace('7f', '8e')));
    expect(savedRows()).toHaveLength(2);
  });

  test.each(['short', 'has spaces in it, sixteen+', 'x'.repeat(129)])('a malformed key (%s) gets 400 and writes nothing', async (key) => {
    const response = await post(STORY, 'application/json', withKey(key));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/Idempotency-Key/);
    expect(existsSync(file)).toBe(false);
  });
});

describe('a story sent as text/plain, as to a collector on another origin', () => {
  test('is read as the same JSON and saved', async () => {
    const response = await post(STORY, 'text/plain;charset=UTF-8');
    expect(response.status).toBe(201);
    expect(savedRows()).toEqual([[expect.any(String), STORY.Name, STORY.Phone, STORY.Story, '']]);
  });

  test('is saved once per key given in the address instead of a header', async () => {
    const key = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const sendWithKey = () =>
      fetch(`${url}?key=${key}`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(STORY) });
    expect((await sendWithKey()).status).toBe(201);
    expect((await sendWithKey()).status).toBe(200);
    expect(savedRows()).toHaveLength(1);
  });
});

describe('the honeypot', () => {
  test('filled in JSON: answered as saved, written nowhere', async () => {
    const response = await post({ ...STORY, website: 'https://spam.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, outcome: 'saved' });
    expect(existsSync(file)).toBe(false);
  });

  test('filled in a plain form post: the same page a person gets, written nowhere', async () => {
    const response = await postForm({ ...STORY, website: 'buy now' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Your story has arrived');
    expect(existsSync(file)).toBe(false);
  });

  test('left empty, as every person leaves it, changes nothing', async () => {
    expect((await post({ ...STORY, website: '' })).status).toBe(201);
    expect(savedRows()).toHaveLength(1);
  });
});

/** A plain form post, as a browser sends one when no script runs. */
function postForm(fields: Record<string, string>, query = '?lang=en', inbox = url) {
  return fetch(`${inbox}${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('a plain form post (no script ran)', () => {
  test('is saved and answered with a page that says the story arrived, with a way home', async () => {
    const response = await postForm({ ...STORY, website: '' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Your story has arrived');
    expect(page).toContain('href="/home"');
    expect(savedRows()).toEqual([[expect.any(String), STORY.Name, STORY.Phone, STORY.Story, '']]);
  });

  test('goes on to the built thank-you page with a 303 where the site has one, so a reload cannot post it twice', async () => {
    const inbox = createServer(createInbox({ file, thankYouPage: (locale) => (locale === 'en' ? '/story-sent/' : undefined) }));
    await new Promise<void>((done) => inbox.listen(0, '127.0.0.1', done));
    const inboxUrl = `http://127.0.0.1:${(inbox.address() as AddressInfo).port}/api/stories`;
    const english = await postForm(STORY, '?lang=en', inboxUrl);
    const hindi = await postForm({ ...STORY, Story: 'मेरी कहानी' }, '?lang=hi', inboxUrl);
    inbox.closeAllConnections();
    await new Promise((done) => inbox.close(done));
    expect(english.status).toBe(303);
    expect(english.headers.get('location')).toBe('/story-sent/');
    // No Hindi thank-you page built yet: the inbox answers with its own, in Hindi.
    expect(hindi.status).toBe(200);
    expect(await hindi.text()).toContain('आपकी कहानी हमें मिल गई है');
    expect(savedRows()).toHaveLength(2);
  });

  test('posted again with the same words (a reload, a resend) within 24 hours makes one row; a day later, two', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
      expect((await postForm(STORY)).status).toBe(200);
      vi.setSystemTime(new Date('2026-11-21T09:59:00Z'));
      const again = await postForm({ ...STORY, Phone: '+91 98765 43210', Story: `${STORY.Story}\r\n` });
      expect(await again.text()).toContain('Your story has arrived');
      expect(savedRows()).toHaveLength(1);
      // Started again on the same file, it still knows the words and when they came.
      const restarted = createServer(createInbox({ file }));
      await new Promise<void>((done) => restarted.listen(0, '127.0.0.1', done));
      const restartedUrl = `http://127.0.0.1:${(restarted.address() as AddressInfo).port}/api/stories`;
      await postForm(STORY, '', restartedUrl);
      expect(savedRows()).toHaveLength(1);
      vi.setSystemTime(new Date('2026-11-21T10:01:00Z'));
      await postForm(STORY, '', restartedUrl);
      restarted.closeAllConnections();
      await new Promise((done) => restarted.close(done));
      expect(savedRows()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('with a charset on its type is still read as a form', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(STORY).toString(),
    });
    expect(await response.text()).toContain('Your story has arrived');
    expect(savedRows()).toHaveLength(1);
  });

  test('answers in each edition’s language when the form says ?lang= its code: arrived, or her words back to correct', async () => {
    for (const locale of LOCALES) {
      const words = { en, hi, gu }[locale].form;
      const sent = await (await postForm({ ...STORY, Story: `${STORY.Story} ${locale}` }, `?lang=${locale}`)).text();
      expect(sent, locale).toContain(`<html lang="${locale}">`);
      expect(sent, locale).toContain(`<h1>${escapeHtml(words.page.sentTitle)}</h1>`);
      const refused = await postForm({ ...STORY, Phone: '98765' }, `?lang=${locale}`);
      expect(refused.status, locale).toBe(422);
      const page = await refused.text();
      expect(page, locale).toContain(`<html lang="${locale}">`);
      expect(page, locale).toContain(`<h1>${escapeHtml(words.page.fixTitle)}</h1>`);
      expect(page, locale).toContain(escapeHtml(words.phoneInvalid));
      expect(page, locale).toContain(`<form method="post" action="/api/stories?lang=${locale}">`);
    }
    expect(LOCALES).toContain('gu');
  });

  test('answers in Hindi when the form says ?lang=hi, and in English for a language the site lacks', async () => {
    expect(await (await postForm(STORY, '?lang=hi')).text()).toContain('<html lang="hi">');
    expect(await (await postForm(STORY, '?lang=xx')).text()).toContain('<html lang="en">');
    expect(await (await postForm(STORY, '')).text()).toContain('<html lang="en">');
  });

  test('refused: 422, a page saying what is wrong, her words back in a form to send again, nothing written', async () => {
    const typed = { Name: '<b>Asha</b> "didi"', Phone: '98765', Story: 'मेरी कहानी\r\nदूसरी पंक्ति' };
    const response = await postForm(typed, '?lang=hi');
    expect(response.status).toBe(422);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'/);
    const page = await response.text();
    expect(page).toContain('<html lang="hi">');
    expect(page).toContain('आपकी कहानी अभी नहीं भेजी गई');
    expect(page).toContain('कृपया 10 अंकों का फ़ोन नंबर लिखें'); // what is wrong, in her words
    expect(page).toContain('<form method="post" action="/api/stories?lang=hi">');
    expect(page).toContain('value="&lt;b&gt;Asha&lt;/b&gt; &quot;didi&quot;"');
    expect(page).toContain('value="98765" aria-invalid="true"');
    expect(page).toContain('>मेरी कहानी\r\nदूसरी पंक्ति</textarea>');
    expect(existsSync(file)).toBe(false);
  });

  test('a story pasted far over the limit comes back whole, with how long it is and may be', async () => {
    const long = 'कहानी कथा '.repeat(1000); // 10,000 letters: 90 KB percent-encoded
    const response = await postForm({ ...STORY, Story: long });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('This is 9,999 characters long. Please shorten it to 5,000 or fewer');
    expect(page).toContain(`>${long}</textarea>`);
    expect(existsSync(file)).toBe(false);
  });

  test('a field an older copy of the page still sends (consent) is left out, not refused', async () => {
    expect((await postForm({ ...STORY, consent: 'on' })).status).toBe(200);
    expect(savedRows()).toHaveLength(1);
  });

  test('a post too large to read gets 413 and a page, not JSON', async () => {
    const response = await postForm({ ...STORY, Story: 'a'.repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('could not be read');
    expect(existsSync(file)).toBe(false);
  });

  test('a disk that fails: 500 and her words back, to send again in a few minutes', async () => {
    disk.broken = true;
    const response = await postForm(STORY);
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain('We could not save your story just now');
    expect(page).toContain(`value="${STORY.Name}"`);
  });
});

test('JSON clients keep JSON answers when saving fails', async () => {
  disk.broken = true;
  const response = await post(STORY);
  expect(response.status).toBe(500);
  // Nothing was written: the page and the worker keep the story and send it again.
  expect(await response.json()).toEqual({ ok: false, outcome: 'retry', error: expect.stringContaining('could not be saved') });
});

describe('a story told by voice (docs/stories.md, "Voice stories")', () => {
  const KEY = '3c1d9e7a-2b4f-4a6d-8e0c-5f1a2b3c4d5e';
  /**
   * Bytes that stand for audio: a WebM file's first bytes (its EBML header, all the inbox looks
   * at), then every value a byte can take, so any change to one shows.
   */
  const AUDIO = webm(Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7 + (i >> 8)) % 256)));
  const TYPE = 'audio/webm;codecs=opus';
  const voice = (bytes: Buffer = AUDIO, type = TYPE) => ({ type, data: bytes.toString('base64') });
  const recordingsDir = () => join(dir, 'data', 'recordings');
  const recordings = () => (existsSync(recordingsDir()) ? readdirSync(recordingsDir()) : []);

  test('sent twice with one key: one row naming one file, whose bytes are the recording’s', async () => {
    const first = await post({ ...STORY, Recording: voice() }, 'application/json', withKey(KEY));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, outcome: 'saved' });
    expect((await post({ ...STORY, Recording: voice() }, 'application/json', withKey(KEY))).status).toBe(200);
    const rows = savedRows();
    expect(rows).toHaveLength(1);
    const [, name, phone, story, recording] = rows[0];
    expect([name, phone, story]).toEqual([STORY.Name, STORY.Phone, STORY.Story]);
    expect(recording).toMatch(/^recordings\/[\w-]+\.webm$/);
    expect(recordings()).toEqual([recording.slice('recordings/'.length)]);
    expect(readFileSync(join(dir, 'data', recording)).equals(AUDIO)).toBe(true);
  });

  test('a .webm her phone\'s file picker calls video is taken as the sound it holds', async () => {
    const response = await post({ Phone: STORY.Phone, Recording: voice(AUDIO, 'video/webm') });
    expect(response.status).toBe(201);
    const [[, , , , recording]] = savedRows();
    expect(recording).toMatch(/^recordings\/[\w-]+\.webm$/);
    expect(readFileSync(join(dir, 'data', recording)).equals(AUDIO)).toBe(true);
  });

  test('needs only the phone: no name, no written story', async () => {
    const response = await post({ Phone: '+91 98765 43210', Recording: voice() });
    expect(response.status).toBe(201);
    expect(savedRows()).toEqual([[expect.any(String), '', STORY.Phone, '', expect.stringMatching(/^recordings\//)]]);
  });

  test('without a phone is refused, and nothing is written', async () => {
    const response = await post({ Recording: voice() });
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).fields)).toEqual(['Phone']);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test('one byte over the limit is refused with the limit in fields.Recording, and nothing is written', async () => {
    const response = await post({ Phone: STORY.Phone, Recording: voice(Buffer.alloc(RECORDING_BYTES_MAX + 1)) });
    expect(response.status).toBe(422);
    const { outcome, fields } = await response.json();
    expect(outcome).toBe('refused');
    expect(Object.keys(fields)).toEqual(['Recording']);
    expect(fields.Recording).toMatch(/5 minutes, 1 MB/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
    // At the limit itself it is taken.
    expect((await post({ Phone: STORY.Phone, Recording: voice(webm(Buffer.alloc(RECORDING_BYTES_MAX - 4))) })).status).toBe(201);
  });

  test('far over the limit: 413 before it is read whole, still refused with the limit in fields.Recording', async () => {
    const response = await post({ Phone: STORY.Phone, Recording: voice(Buffer.alloc(2 * RECORDING_BYTES_MAX)) });
    expect(response.status).toBe(413);
    const { outcome, fields } = await response.json();
    expect(outcome).toBe('refused');
    expect(fields.Recording).toMatch(/5 minutes, 1 MB/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test.each([
    ['a video type that is no phone recorder\'s', voice(AUDIO, 'video/x-matroska'), 'invalid'],
    ['a type with a space in the subtype', voice(AUDIO, 'audio/we bm'), 'invalid'],
    ['a type far too long', voice(AUDIO, `audio/webm;codecs=${'o'.repeat(200)}`), 'invalid'],
    ['base64 with a data: prefix', { type: TYPE, data: `data:audio/webm;base64,${AUDIO.toString('base64')}` }, 'invalid'],
    ['URL-safe base64', { type: TYPE, data: Buffer.from([251, 255, 191]).toString('base64url') }, 'invalid'],
    ['base64 with a line break', { type: TYPE, data: `${AUDIO.toString('base64').slice(0, 76)}\n${AUDIO.toString('base64').slice(76)}` }, 'invalid'],
    ['empty data', { type: TYPE, data: '' }, 'invalid'],
    ['data as a number', { type: TYPE, data: 42 }, 'notText'],
    ['a string for the recording', 'AAAA', 'invalid'],
    ['null', null, 'invalid'],
    ['a member besides type and data', { ...voice(), name: 'x.webm' }, 'invalid'],
  ])('%s is refused (%s) on Recording alone, and nothing is written', async (_, recording, problem) => {
    const response = await post({ Phone: STORY.Phone, Recording: recording });
    expect(response.status).toBe(422);
    const { fields } = await response.json();
    expect(Object.keys(fields)).toEqual(['Recording']);
    expect(fields.Recording).toMatch(problem === 'notText' ? /as text/ : /audio\/…/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test('a row that cannot be written leaves no file behind; sent again, one row and one file', async () => {
    disk.csvBroken = true;
    const failed = await post({ ...STORY, Recording: voice() }, 'application/json', withKey(KEY));
    expect(failed.status).toBe(500);
    expect((await failed.json()).outcome).toBe('retry');
    expect(recordings()).toEqual([]);
    disk.csvBroken = false;
    expect((await post({ ...STORY, Recording: voice() }, 'application/json', withKey(KEY))).status).toBe(201);
    expect(savedRows()).toHaveLength(1);
    expect(recordings()).toHaveLength(1);
  });

  test('a stories file from before recordings gets the Recording column, its rows kept whole', async () => {
    mkdirSync(join(dir, 'data'));
    const old = '\uFEFFReceived,Name,Phone,Story\n2026-01-02T03:04:05.000Z,Meena,9876543210,"Two lines, ""quoted"",\nमेरी कहानी"\n';
    writeFileSync(file, old);
    expect((await post({ Phone: STORY.Phone, Recording: voice() })).status).toBe(201);
    expect(readFileSync(file, 'utf8').startsWith('\uFEFFReceived,Name,Phone,Story,Recording\n')).toBe(true);
    const rows = savedRows();
    expect(rows[0]).toEqual(['2026-01-02T03:04:05.000Z', 'Meena', '9876543210', 'Two lines, "quoted",\nमेरी कहानी', '']);
    expect(rows[1][4]).toMatch(/^recordings\//);
    expect(rows).toHaveLength(2);
  });

  /** A plain form post with a file, as a browser sends one when no script runs. */
  function postMultipart(fields: Record<string, string | Blob>, query = '?lang=en') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${url}${query}`, { method: 'POST', body: form, redirect: 'manual' });
  }
  /** The same bytes as an Ogg file begins ("OggS"). */
  const OGG = Buffer.concat([Buffer.from('OggS'), AUDIO.subarray(4)]);
  const audioFile = (bytes: Buffer = OGG, type = 'audio/ogg') => new File([new Uint8Array(bytes)], 'story.ogg', { type });
  /** What a browser sends for a file field she left empty. */
  const noFile = () => new File([], '', { type: 'application/octet-stream' });

  test('a plain form post with a file: saved, answered with a page, the file’s bytes kept', async () => {
    const response = await postMultipart({ Name: '', Phone: STORY.Phone, Story: '', website: '', Recording: audioFile() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Your story has arrived');
    const [row] = savedRows();
    expect(row.slice(1, 4)).toEqual(['', STORY.Phone, '']);
    expect(row[4]).toMatch(/^recordings\/[\w-]+\.ogg$/);
    expect(readFileSync(join(dir, 'data', row[4])).equals(OGG)).toBe(true);
  });

  test('a plain form post with the file field left empty is a written story', async () => {
    expect((await postMultipart({ ...STORY, Recording: noFile() })).status).toBe(200);
    expect(savedRows()).toEqual([[expect.any(String), STORY.Name, STORY.Phone, STORY.Story, '']]);
    expect(recordings()).toEqual([]);
    // And, as a written story, it needs its words.
    const refused = await postMultipart({ Name: '', Phone: STORY.Phone, Story: '', Recording: noFile() });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain('Please fill this in.');
    // No recording came: the form is the written story's, every field required, no file asked for.
    expect(page).not.toContain('type="file"');
  });

  test('a plain form post with a file, refused for its phone: in her language, the page says her file must be chosen again', async () => {
    const response = await postMultipart({ Name: 'आशा', Phone: '98765', Story: '', Recording: audioFile() }, '?lang=hi');
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain(escapeHtml(hi.form.page.recordingAgain));
    expect(page).toContain('कृपया 10 अंकों का फ़ोन नंबर लिखें');
    expect(page).toContain('value="आशा"');
    // The form takes her file again, and, a story told by voice, needs only the phone.
    expect(page).toContain('<form method="post" enctype="multipart/form-data" action="/api/stories?lang=hi">');
    expect(page).toContain(`<label for="story-recording">${hi.form.recordingFile}</label>\n<input id="story-recording" name="Recording" type="file" accept="audio/*" capture="user">`);
    const control = (name: string) => new RegExp(`<(input|textarea) id="story-${name}"[^>]*>`).exec(page)![0];
    expect([control('name'), control('phone'), control('story')].map((tag) => / required[ >]/.test(tag))).toEqual([false, true, false]);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test('a plain form post with a file over the limit: her words back, and the limit in her language', async () => {
    const response = await postMultipart({ ...STORY, Recording: audioFile(Buffer.alloc(RECORDING_BYTES_MAX + 1)) }, '?lang=hi');
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain(escapeHtml(hi.form.page.recordingTooLong.replace('{minutes}', '5').replace('{size}', '1 MB')));
    expect(page).toContain(`>${STORY.Story}</textarea>`);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test('a plain form post with a file that is not a recording: refused, in her language', async () => {
    const response = await postMultipart({ ...STORY, Recording: audioFile(AUDIO, 'image/jpeg') });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(en.form.page.recordingInvalid);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test('a plain form post with a file far past what is read: 413, a page that names the limit', async () => {
    const response = await postMultipart({ ...STORY, Recording: audioFile(Buffer.alloc(MULTIPART_BODY_LIMIT)) });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('at most 5 minutes (1 MB)');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  describe('only audio is kept (docs/stories.md, "Voice stories", only audio)', () => {
    /** Bytes that are not audio, whatever the sender calls them: a page, a picture. */
    const PAGE = Buffer.from('<!doctype html><script>alert(1)</script>');
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), AUDIO.subarray(4)]);

    test.each([
      ['a page called audio/webm', PAGE],
      ['a picture called audio/webm', JPEG],
    ])('in JSON, %s is refused with fields.Recording, and nothing is written', async (_, bytes) => {
      const response = await post({ ...STORY, Recording: voice(bytes) }, 'application/json', withKey(KEY));
      expect(response.status).toBe(422);
      const { outcome, fields } = await response.json();
      expect(outcome).toBe('refused');
      expect(Object.keys(fields)).toEqual(['Recording']);
      expect(fields.Recording).toMatch(/not a sound recording/);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    });

    test('a file her phone\'s picker typed application/octet-stream is taken for its audio bytes, named by them', async () => {
      const response = await postMultipart({ ...STORY, Recording: audioFile(OGG, 'application/octet-stream') });
      expect(response.status).toBe(200);
      const [row] = savedRows();
      expect(row[4]).toMatch(/^recordings\/[\w-]+\.ogg$/);
      expect(readFileSync(join(dir, 'data', row[4])).equals(OGG)).toBe(true);
    });

    test('a file named story.ogg, typed audio/ogg, holding a page: refused in her language, nothing written', async () => {
      const response = await postMultipart({ ...STORY, Recording: audioFile(PAGE, 'audio/ogg') }, '?lang=hi');
      expect(response.status).toBe(422);
      const page = await response.text();
      expect(page).toContain(escapeHtml(hi.form.page.recordingInvalid));
      expect(page).toContain(`>${STORY.Story}</textarea>`);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    });

    test('a file typed application/octet-stream that is not audio is refused', async () => {
      const response = await postMultipart({ ...STORY, Recording: audioFile(PAGE, 'application/octet-stream') });
      expect(response.status).toBe(422);
      expect(await response.text()).toContain(en.form.page.recordingInvalid);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    });

    test('a form posted with two recordings is refused: one recording with a story', async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(STORY)) form.append(name, value);
      form.append('Recording', audioFile());
      form.append('Recording', audioFile(AUDIO, 'audio/webm'));
      const response = await fetch(`${url}?lang=en`, { method: 'POST', body: form, redirect: 'manual' });
      expect(response.status).toBe(422);
      expect(await response.text()).toContain(en.form.page.recordingInvalid);
      expect(existsSync(join(dir, 'data'))).toBe(false);
      // A bot that filled the honeypot learns nothing from it: answered as saved, written nowhere.
      form.append('website', 'buy now');
      const bot = await fetch(`${url}?lang=en`, { method: 'POST', body: form, redirect: 'manual' });
      expect(bot.status).toBe(200);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    });
  });
});
