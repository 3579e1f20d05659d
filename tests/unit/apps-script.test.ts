// The organisation's collector (deploy/apps-script/Code.js) under Node, over an in-memory
// spreadsheet and Drive (tests/apps-script/collector.ts): the same checks as the site's inbox,
// values safe in a sheet, each key once, the answers for scripts and for plain form posts, and a
// recording sent whole, as pages from before parts send it. A recording in parts:
// apps-script-parts.test.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { gu } from '../../src/i18n/gu';
import { LOCALES } from '../../src/lib/editions';
import { FORMULA_START, HONEYPOT, NAME_MAX, PHONE_DIGITS, STORY_MAX, validateStory } from '../../src/story-outbox/fields.js';
import { escapeHtml } from '../../src/story-outbox/form-html.js';
import { SIGNATURE_BYTES, audioKind } from '../../src/story-outbox/audio-signature.js';
import {
  BASE64, PART, RECORDING, RECORDING_BYTES_MAX, RECORDING_PART_BYTES, RECORDING_PARTS_MAX, RECORDING_SECONDS_MAX, RECORDING_TYPE, RECORDING_TYPE_MAX,
  checkPart, partFits, partsOf,
} from '../../src/story-outbox/recording.js';
import { COLLECTOR_FILE, NEW_SHEET_ROWS, RECORDINGS_FOLDER_ID, ROOT_FOLDER_ID, loadCollector, postEvent, type Collector } from '../apps-script/collector';
import { SAVED, postJson, rows, webmBytes } from '../apps-script/post';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const KEY = '7f9c2d1e-5b3a-4c8d-9e0f-1a2b3c4d5e6f';

/** A plain form post, as the browser sends one when no script runs. */
function postForm(collector: Collector, fields: Record<string, string>, lang = 'en', type = 'application/x-www-form-urlencoded') {
  return collector.doPost(postEvent(new URLSearchParams({ lang }), new URLSearchParams(fields).toString(), type));
}

const keys = (collector: Collector) => rows(collector).map((row) => row[4]);

afterEach(() => {
  vi.useRealTimers();
});

describe('its validateStory answers as the site’s inbox does', () => {
  const collector = loadCollector();
  it.each([
    ['a valid story', STORY],
    ['a phone written +91 98765-43210', { ...STORY, Phone: '+91 98765-43210' }],
    ['CRLF line breaks', { ...STORY, Story: 'One\r\nTwo' }],
    ['a filled honeypot', { ...STORY, website: 'x' }],
    ['an empty honeypot', { ...STORY, website: '' }],
    ['a missing field', { Name: 'Asha', Phone: '9876543210' }],
    ['spaces for a name', { ...STORY, Name: '  ' }],
    ['a short phone', { ...STORY, Phone: '98765' }],
    ['a number for a name', { ...STORY, Name: 42 }],
    ['a story one letter too long', { ...STORY, Story: 'क'.repeat(5001) }],
    ['an unknown key', { ...STORY, consent: true }],
    ['an array', [STORY]],
    ['null', null],
  ])('%s', (_, body) => {
    // The script runs in a context of its own: compare plain copies.
    expect(JSON.parse(JSON.stringify(collector.validateStory(body)))).toEqual(JSON.parse(JSON.stringify(validateStory(body))));
  });
});

describe('a story from the form’s script', () => {
  it('is appended as one row (received, Name, Phone, Story, key, no recording) under a header row, as plain text', () => {
    const collector = loadCollector();
    const before = Date.now();
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    const sheet = collector.sheet('Stories')!;
    expect(sheet.rows[0]).toEqual(['Received', 'Name', 'Phone', 'Story', 'Key', 'Recording']);
    expect(sheet.frozenRows).toBe(1);
    const [received, ...values] = rows(collector)[0]!;
    expect(values).toEqual([STORY.Name, STORY.Phone, STORY.Story, KEY, '']);
    expect(Date.parse(received!)).toBeGreaterThanOrEqual(before);
    // Plain text: the phone keeps its digits, nothing becomes a number or a date.
    expect(sheet.formats[1]).toEqual(['@', '@', '@', '@', '@', '@']);
  });

  it('is written to the sheet named by the Script Property SHEET_ID; without one it is "try again"', () => {
    const collector = loadCollector({ properties: { SHEET_ID: '' } });
    expect(postJson(collector, STORY, { key: KEY })).toEqual({ ok: false, outcome: 'retry', error: expect.stringMatching(/try again/) });
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('arriving while another story holds the lock past its wait is "try again", and is saved once when sent again', () => {
    const collector = loadCollector();
    collector.lock.busy = true;
    expect(postJson(collector, STORY, { key: KEY })).toEqual({ ok: false, outcome: 'retry', error: expect.stringMatching(/try again/) });
    expect(collector.lock.timeouts).toBe(1);
    expect(rows(collector)).toEqual([]);
    collector.lock.busy = false;
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    expect(rows(collector)).toHaveLength(1);
  });

  it('grows the sheet past its first 1,000 rows instead of failing there', () => {
    const collector = loadCollector();
    postJson(collector, STORY);
    const sheet = collector.sheet('Stories')!;
    // Every one of the 1,000 rows taken: the next story needs row 1,001.
    for (let row = 3; row <= NEW_SHEET_ROWS; row += 1) sheet.rows.push(['2026-01-01T00:00:00.000Z', 'A', '9876543210', `Story ${row}`, `key-${row}-xxxxxxxxxxxxxx`]);
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    expect(sheet.getLastRow()).toBe(NEW_SHEET_ROWS + 1);
    expect(sheet.getMaxRows()).toBeGreaterThan(NEW_SHEET_ROWS);
  });

  it('finds a key among 10,000 stories without reading every row', () => {
    const collector = loadCollector();
    postJson(collector, STORY, { key: KEY });
    const sheet = collector.sheet('Stories')!;
    sheet.maxRows = 11_000;
    for (let n = 0; n < 10_000; n += 1) sheet.rows.push(['2026-01-01T00:00:00.000Z', 'A', '9876543210', `Story ${n}`, `stored-key-${String(n).padStart(8, '0')}`]);
    const read = () => ({ ...collector.counters });
    const before = read();
    expect(postJson(collector, STORY, { key: 'another-key-0000000000' })).toEqual(SAVED);
    const afterNew = read();
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    const afterRepeat = read();
    // The script reads no cell for a new key, and none for a found one; Google's TextFinder searches the key column.
    expect(afterNew.cellsRead - before.cellsRead).toBe(0);
    expect(afterRepeat.cellsRead - afterNew.cellsRead).toBe(0);
    expect(rows(collector)).toHaveLength(10_002);
    // Without a key: nothing read for new words; for a repeat, only the found row's Received cell.
    postJson(collector, { ...STORY, Story: 'Words sent twice.' });
    const afterWords = read();
    postJson(collector, { ...STORY, Story: 'Words sent twice.' });
    const afterWordsAgain = read();
    expect(afterWords.cellsRead - afterRepeat.cellsRead).toBe(0);
    expect(afterWordsAgain.cellsRead - afterWords.cellsRead).toBe(1);
    expect(rows(collector)).toHaveLength(10_003);
    console.log(`At 10,001 stored stories: cells read by the script per post ${afterNew.cellsRead - before.cellsRead} (a keyless repeat: ${afterWordsAgain.cellsRead - afterWords.cellsRead}), key cells searched by TextFinder ${afterNew.cellsSearched - before.cellsSearched}`);
  });

  it('keeps Devanagari, emoji and line breaks exactly', () => {
    const collector = loadCollector();
    const story = { Name: 'आशा देवी 🙏🏽', Phone: '+91 98765 43210', Story: 'मेरे गाँव में रोशनी नहीं है। 🚌💡\nअब हम साथ चलते हैं 👭' };
    postJson(collector, story);
    expect(rows(collector)[0]!.slice(1, 4)).toEqual([story.Name, '9876543210', story.Story]);
  });

  it('sent again with the same key (a retry after a lost answer) makes no second row', () => {
    const collector = loadCollector();
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    expect(rows(collector)).toHaveLength(1);
    expect(keys(collector)).toEqual([KEY]);
  });

  it('with a key that starts like a formula is still found again', () => {
    const collector = loadCollector();
    const key = '-starts-with-a-dash-0001';
    postJson(collector, STORY, { key });
    postJson(collector, STORY, { key });
    expect(keys(collector)).toEqual([` ${key}`]);
  });

  it('sent twice without a key, with the same words within 24 hours, makes one row; after a day, two', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const collector = loadCollector();
    expect(postJson(collector, STORY)).toEqual(SAVED);
    vi.setSystemTime(new Date('2026-11-21T09:59:00Z'));
    expect(postJson(collector, { ...STORY, Phone: '+91 98765 43210' })).toEqual(SAVED);
    expect(rows(collector)).toHaveLength(1);
    // `text:` and the SHA-256 of the three as checked, as the site's inbox keeps them
    // (docs/stories.md, "The local inbox": "Once, even without a key").
    const words = JSON.stringify([STORY.Name, STORY.Phone, STORY.Story]);
    expect(keys(collector)[0]).toBe(`text:${createHash('sha256').update(words, 'utf8').digest('hex')}`);
    postJson(collector, { ...STORY, Story: `${STORY.Story} More.` });
    expect(rows(collector)).toHaveLength(2);
    vi.setSystemTime(new Date('2026-11-21T10:01:00Z'));
    postJson(collector, STORY);
    expect(rows(collector)).toHaveLength(3);
  });

  it('with another key is another story, even with the same words', () => {
    const collector = loadCollector();
    postJson(collector, STORY, { key: KEY });
    postJson(collector, STORY, { key: KEY.replace('7f', '8e') });
    expect(rows(collector)).toHaveLength(2);
  });

  it('is written under the script lock, and the lock is let go', () => {
    const collector = loadCollector();
    postJson(collector, STORY, { key: KEY });
    postJson(collector, STORY, { key: KEY });
    expect(collector.lock.waits).toBe(2);
    expect(collector.lock.held).toBe(false);
  });

  it.each(['=HYPERLINK("https://evil.example","x")', '+91', '-1', '@SUM(A1)', '＝HYPERLINK("https://evil.example")', '＋1', '－1', '＠SUM(A1)', '﹢1', '−1'])(
    'starting like a formula (%j) is stored so that no cell starts one, in the sheet or a CSV of it',
    (value) => {
      const collector = loadCollector();
      expect(postJson(collector, { ...STORY, Name: value, Story: value })).toEqual(SAVED);
      const [, name, , story] = rows(collector)[0]!;
      expect(name).toBe(` ${value}`);
      expect(story).toBe(` ${value}`);
      for (const cell of rows(collector)[0]!) expect(cell).not.toMatch(/^[=+\-@\t\r＝＋－＠﹢﹣−]/);
    },
  );

  it('tells NOTIFY_EMAIL that a story arrived, never its words or phone, and only for a new one', () => {
    const collector = loadCollector({ properties: { NOTIFY_EMAIL: 'stories@stree.example' } });
    postJson(collector, STORY, { key: KEY });
    postJson(collector, STORY, { key: KEY });
    expect(collector.mail.sent).toHaveLength(1);
    const [mail] = collector.mail.sent;
    expect(mail!.to).toBe('stories@stree.example');
    for (const secret of [STORY.Name, STORY.Phone, STORY.Story]) expect(`${mail!.subject} ${mail!.body}`).not.toContain(secret);
  });

  it('past the daily e-mail quota still saves the story and answers saved', () => {
    const collector = loadCollector({ properties: { NOTIFY_EMAIL: 'stories@stree.example' }, mailQuota: 0 });
    expect(postJson(collector, STORY, { key: KEY })).toEqual(SAVED);
    expect(rows(collector)).toHaveLength(1);
  });

  it('with a filled honeypot is answered as saved, and nothing is written', () => {
    const collector = loadCollector();
    expect(postJson(collector, { ...STORY, website: 'https://spam.example' }, { key: KEY })).toEqual(SAVED);
    expect(collector.sheet('Stories')).toBeUndefined();
  });
});

describe('a bad request is refused with a clear message and nothing is appended', () => {
  it.each([
    ['an empty body', '', /could not be read as JSON/],
    ['malformed JSON', '{"Name": "Asha",', /could not be read as JSON/],
    ['a JSON array', '[]', /Send a JSON object/],
    ['a missing field', { Name: 'Asha', Phone: '9876543210' }, /Write your story/],
    ['an over-long story', { ...STORY, Story: 'a'.repeat(5001) }, /Shorten your story to 5000 characters/],
    ['an over-long name', { ...STORY, Name: 'a'.repeat(101) }, /Shorten your name to 100 characters/],
    ['a bad phone', { ...STORY, Phone: '12345' }, /10-digit phone number/],
    ['an unknown field', { ...STORY, Email: 'a@b.c' }, /Remove the field "Email"/],
  ])('%s', (_, body, message) => {
    const collector = loadCollector();
    const answer = postJson(collector, body as object);
    expect(answer.ok).toBe(false);
    expect(answer.outcome).toBe('refused');
    expect(answer.error).toMatch(message);
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('a malformed key', () => {
    const collector = loadCollector();
    expect(postJson(collector, STORY, { key: 'short' })).toEqual({ ok: false, outcome: 'refused', error: expect.stringMatching(/key parameter/) });
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('a body over its limit (256 KB and a recording at its limit)', () => {
    const collector = loadCollector();
    expect(postJson(collector, { ...STORY, Story: 'a'.repeat(1700 * 1024) }).error).toMatch(/too long/);
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('a spreadsheet that fails: "try again", not a refusal, and the lock is let go', () => {
    const collector = loadCollector();
    postJson(collector, STORY);
    collector.sheet('Stories')!.getRange = () => {
      throw new Error('Service Spreadsheets failed');
    };
    expect(postJson(collector, STORY)).toEqual({ ok: false, outcome: 'retry', error: expect.stringMatching(/could not be saved/) });
    expect(collector.lock.held).toBe(false);
  });
});

describe('a plain form post (no script ran)', () => {
  it('is saved and answered with a short page in her language', () => {
    const collector = loadCollector();
    const output = postForm(collector, { ...STORY, Story: 'One\r\nTwo', website: '' }, 'hi');
    expect(output.kind).toBe('html');
    expect(output.content).toMatch(/^<!DOCTYPE html>\n<html lang="hi">/);
    expect(output.content).toContain(hi.form.page.sentTitle);
    expect(rows(collector)[0]!.slice(1, 4)).toEqual([STORY.Name, STORY.Phone, 'One\nTwo']);
  });

  it('answers in each edition’s language: Gujarati, Hindi, English, arrived or to correct', () => {
    for (const locale of LOCALES) {
      const words = { en, hi, gu }[locale].form;
      const collector = loadCollector();
      const sent = postForm(collector, STORY, locale);
      expect(sent.content, locale).toMatch(new RegExp(`^<!DOCTYPE html>\n<html lang="${locale}">`));
      expect(sent.content, locale).toContain(escapeHtml(words.page.sentTitle));
      const refused = postForm(collector, { ...STORY, Phone: '98765', Story: `${STORY.Story} again` }, locale);
      expect(refused.content, locale).toContain(escapeHtml(words.page.fixTitle));
      expect(refused.content, locale).toContain(escapeHtml(words.phoneInvalid));
      expect(refused.content, locale).toContain(`?lang=${locale}"`);
    }
    expect(LOCALES).toContain('gu');
  });

  it('with a charset on its type is still read as a form', () => {
    const collector = loadCollector();
    const output = postForm(collector, STORY, 'en', 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(output.kind).toBe('html');
    expect(rows(collector)).toHaveLength(1);
  });

  it('posted again by a reload makes no second row', () => {
    const collector = loadCollector();
    postForm(collector, { ...STORY, Story: 'One\r\nTwo' });
    expect(postForm(collector, { ...STORY, Story: 'One\r\nTwo' }).content).toContain(en.form.page.sentTitle);
    expect(rows(collector)).toHaveLength(1);
  });

  it('leads back to the site named in SITE_ADDRESS, leaving Google’s frame', () => {
    const collector = loadCollector({ properties: { SITE_ADDRESS: 'https://stree.example/' } });
    const output = postForm(collector, STORY, 'hi');
    expect(output.content).toContain(`<a href="https://stree.example/" target="_top">${hi.form.page.home}</a>`);
    expect(output.content).toContain('<base target="_top">');
  });

  it('when the lock stays busy: her words back in the form, to send again in a few minutes', () => {
    const collector = loadCollector();
    collector.lock.busy = true;
    const output = postForm(collector, STORY);
    expect(output.content).toContain(en.form.page.failed);
    expect(output.content).toContain(`>${STORY.Story}</textarea>`);
    expect(rows(collector)).toEqual([]);
  });

  it('with a filled honeypot gets the same page and writes nothing', () => {
    const collector = loadCollector();
    expect(postForm(collector, { ...STORY, website: 'buy' }).content).toContain(en.form.page.sentTitle);
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('refused: a page with what is wrong and her words back in a form that posts here again', () => {
    const collector = loadCollector();
    const output = postForm(collector, { Name: '<script>x</script>', Phone: '123', Story: 'मेरी कहानी', website: '' }, 'hi');
    expect(output.content).toContain(hi.form.page.fixTitle);
    expect(output.content).toContain(hi.form.phoneInvalid);
    expect(output.content).toContain('action="https://script.google.com/macros/s/TEST/exec?lang=hi" target="_top"');
    expect(output.content).toContain('value="&lt;script&gt;x&lt;/script&gt;"');
    expect(output.content).toContain('>मेरी कहानी</textarea>');
    expect(output.content).not.toContain('<script>');
    expect(collector.sheet('Stories')).toBeUndefined();
  });
});

it('a visit to the web app’s address says the collector is running', () => {
  expect(loadCollector().doGet().content).toMatch(/collector is running/);
});

it('the collector’s words are the site’s own, in both languages', () => {
  const text = loadCollector().constant('TEXT') as Record<'en' | 'hi', Record<string, string>>;
  for (const [lang, strings] of [['en', en], ['hi', hi]] as const) {
    const { page, ...form } = strings.form;
    const site: Record<string, string> = { ...(form as unknown as Record<string, string>), ...page };
    for (const [key, value] of Object.entries(text[lang])) expect(value, `${lang}.${key}`).toBe(site[key]);
  }
});

describe('a story told by voice, its recording whole (docs/stories.md, "Voice stories")', () => {
  const AUDIO = webmBytes(30_000);
  const voice = (bytes: Buffer = AUDIO, type = 'audio/webm;codecs=opus') => ({ type, data: bytes.toString('base64') });
  const VOICE = { Name: '', Phone: STORY.Phone, Story: '', Recording: voice() };
  const RETRY = { ok: false, outcome: 'retry', error: expect.stringMatching(/send the recording again later/) };

  it('is allowed to make and read files in Drive: the manifest asks for the scope DriveApp needs, and no advanced service', () => {
    const manifest = JSON.parse(readFileSync(join(COLLECTOR_FILE, '../appsscript.json'), 'utf8')) as { oauthScopes: string[]; dependencies: object };
    expect(manifest.oauthScopes).toContain('https://www.googleapis.com/auth/drive');
    expect(manifest.dependencies).toEqual({});
  });

  it('repeats the site’s limits and rules exactly', () => {
    const collector = loadCollector();
    const site = {
      RECORDING, RECORDING_BYTES_MAX, RECORDING_SECONDS_MAX, RECORDING_TYPE_MAX, RECORDING_PART_BYTES, RECORDING_PARTS_MAX, PART, SIGNATURE_BYTES,
      NAME_MAX, STORY_MAX, PHONE_DIGITS, HONEYPOT,
    };
    for (const [name, value] of Object.entries(site)) expect(collector.constant(name), name).toBe(value);
    for (const [name, pattern] of Object.entries({ RECORDING_TYPE, BASE64, FORMULA_START })) expect((collector.constant(name) as RegExp).source, name).toBe(pattern.source);
  });

  it.each([
    ['a recording with every field', { ...STORY, Recording: voice() }],
    ['a recording and only a phone', { Phone: STORY.Phone, Recording: voice() }],
    ['a recording at its limit', { Phone: STORY.Phone, Recording: voice(Buffer.alloc(RECORDING_BYTES_MAX)) }],
    ['a recording one byte over', { Phone: STORY.Phone, Recording: voice(Buffer.alloc(RECORDING_BYTES_MAX + 1)) }],
    ['a recording without a phone', { Recording: voice() }],
    ['a .webm a file picker calls video', { Phone: STORY.Phone, Recording: voice(AUDIO, 'video/webm') }],
    ['a video type that is no phone recorder’s', { Phone: STORY.Phone, Recording: voice(AUDIO, 'video/x-matroska') }],
    ['URL-safe base64', { Phone: STORY.Phone, Recording: { type: 'audio/ogg', data: Buffer.from([251, 255, 191]).toString('base64url') } }],
    ['empty data', { Phone: STORY.Phone, Recording: { type: 'audio/ogg', data: '' } }],
    ['data as a number', { Phone: STORY.Phone, Recording: { type: 'audio/ogg', data: 1 } }],
    ['a recording of null', { Phone: STORY.Phone, Recording: null }],
    ['a member besides type and data', { Phone: STORY.Phone, Recording: { ...voice(), name: 'a.webm' } }],
    ['an announced recording', { Phone: STORY.Phone, Recording: { type: 'audio/webm', size: 183_211, parts: 6 } }],
    ['an announced recording whose parts do not add up', { Phone: STORY.Phone, Recording: { type: 'audio/webm', size: 183_211, parts: 5 } }],
    ['an announced recording over the limit', { Phone: STORY.Phone, Recording: { type: 'audio/webm', size: RECORDING_BYTES_MAX + 1, parts: RECORDING_PARTS_MAX + 1 } }],
    ['an announced recording of no bytes', { Phone: STORY.Phone, Recording: { type: 'audio/webm', size: 0, parts: 0 } }],
    ['an announced recording with its data too', { Phone: STORY.Phone, Recording: { type: 'audio/webm', size: 4, parts: 1, data: 'GkXfow==' } }],
  ])('its validateStory answers %s as the site’s inbox does', (_, body) => {
    const collector = loadCollector();
    expect(JSON.parse(JSON.stringify(collector.validateStory(body)))).toEqual(JSON.parse(JSON.stringify(validateStory(body))));
  });

  it.each([
    ['a part', { index: 1, count: 3, data: 'T2dnUw==' }],
    ['a part at its length limit', { index: 0, count: 2, data: Buffer.alloc(RECORDING_PART_BYTES).toString('base64') }],
    ['a part over it', { index: 0, count: 2, data: Buffer.alloc(RECORDING_PART_BYTES + 3).toString('base64') }],
    ['an index past its count', { index: 3, count: 3, data: 'AAAA' }],
    ['a count past the most parts', { index: 0, count: RECORDING_PARTS_MAX + 1, data: 'AAAA' }],
    ['no data', { index: 0, count: 1, data: '' }],
    ['another member', { index: 0, count: 1, data: 'AAAA', type: 'audio/ogg' }],
    ['an index as text', { index: '0', count: 1, data: 'AAAA' }],
    ['an array', [0, 1, 'AAAA']],
  ])('checkPart answers %s as the site’s does', (_, value) => {
    expect(loadCollector().call('checkPart', value)).toEqual(checkPart(value));
  });

  it('partFits and partsOf answer as the site’s do, at every place of a recording', () => {
    const collector = loadCollector();
    for (const size of [1, RECORDING_PART_BYTES - 1, RECORDING_PART_BYTES, RECORDING_PART_BYTES + 1, 180_000, RECORDING_BYTES_MAX]) {
      expect(collector.call('partsOf', size), `partsOf(${size})`).toBe(partsOf(size));
      const count = partsOf(size);
      for (const index of [0, count - 1]) {
        for (const bytes of [RECORDING_PART_BYTES, size - RECORDING_PART_BYTES * (count - 1), 1]) {
          expect(collector.call('partFits', { index, count }, bytes, size), `${index}/${count} of ${size}: ${bytes}`).toBe(partFits({ index, count }, bytes, size));
        }
      }
    }
  });

  it.each([
    ['WebM', [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]],
    ['Ogg', [...Buffer.from('OggS'), 0, 2, 0, 0, 0, 0, 0, 0]],
    ['3GP', [0, 0, 0, 0x18, ...Buffer.from('ftyp3gp4')]],
    ['M4A', [0, 0, 0, 0x1c, ...Buffer.from('ftypM4A ')]],
    ['MP3 with a tag', [...Buffer.from('ID3'), 4, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['an MPEG frame', [0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['WAV', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')]],
    ['AMR', [...Buffer.from('#!AMR\n'), 0, 0, 0, 0, 0, 0]],
    ['an HTML page', [...Buffer.from('<html><body>')]],
    ['an HTA', [...Buffer.from('<HTA:APPLICA')]],
    ['a Windows program', [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]],
  ])('audioKind names %s as the site’s does, from Google’s signed bytes', (_, bytes) => {
    const signed = bytes.map((byte) => (byte > 127 ? byte - 256 : byte));
    expect(loadCollector().call('audioKindOfSigned', signed)).toEqual(audioKind(Uint8Array.from(bytes)));
  });

  it('sent twice with one key: one file in the recordings folder with the recording’s bytes, one row linking it', () => {
    const collector = loadCollector();
    expect(postJson(collector, VOICE, { key: KEY })).toEqual(SAVED);
    expect(postJson(collector, VOICE, { key: KEY })).toEqual(SAVED);
    expect(collector.drive.files).toHaveLength(1);
    const [file] = collector.drive.files;
    expect(file!.folderId).toBe(RECORDINGS_FOLDER_ID);
    expect(file!.bytes.equals(AUDIO)).toBe(true);
    expect(file!.mimeType).toBe('audio/webm');
    // Named with the ending its bytes call for: the organisation opens it by its name.
    expect(file!.name).toMatch(/^story-[\dT-]+Z\.webm$/);
    expect(rows(collector)).toEqual([[expect.any(String), '', STORY.Phone, '', KEY, file!.url]]);
    expect(collector.sheet('Stories')!.rows[0]).toEqual(['Received', 'Name', 'Phone', 'Story', 'Key', 'Recording']);
  });

  it.each([
    ['audio/x.hta', 'an HTA'],
    ['audio/ogg', 'an Ogg file'],
  ])('declared %s but WebM in its bytes: saved as the WebM it is, never as %s', (type) => {
    const collector = loadCollector();
    expect(postJson(collector, { ...VOICE, Recording: voice(AUDIO, type) }, { key: KEY })).toEqual(SAVED);
    expect(collector.drive.files.map(({ name, mimeType }) => [name.replace(/^.*\./, ''), mimeType])).toEqual([['webm', 'audio/webm']]);
  });

  it('bytes that are no audio are refused in fields.Recording, whatever type they claim; nothing is kept', () => {
    const collector = loadCollector();
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const answer = postJson(collector, { ...VOICE, Recording: voice(page, 'audio/x.hta') }, { key: KEY });
    expect(answer).toMatchObject({ ok: false, outcome: 'refused', fields: { Recording: expect.stringMatching(/not a sound recording/) } });
    expect(collector.drive.files).toEqual([]);
    expect(rows(collector)).toEqual([]);
  });

  it('two recordings from one phone without a key are two stories', () => {
    const collector = loadCollector();
    postJson(collector, VOICE);
    postJson(collector, { ...VOICE, Recording: voice(AUDIO.subarray(0, 20_000)) });
    postJson(collector, VOICE);
    expect(rows(collector)).toHaveLength(2);
    expect(collector.recordings()).toHaveLength(2);
  });

  it('one byte over the limit is refused with the limit in fields.Recording; nothing is saved', () => {
    const collector = loadCollector();
    const answer = postJson(collector, { Phone: STORY.Phone, Recording: voice(Buffer.alloc(RECORDING_BYTES_MAX + 1)) });
    expect(answer.outcome).toBe('refused');
    expect(Object.keys(answer.fields!)).toEqual(['Recording']);
    expect(answer.fields!.Recording).toMatch(/5 minutes, 1 MB/);
    expect(collector.drive.files).toEqual([]);
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('far over the limit: refused for its size, still with the limit in fields.Recording', () => {
    const collector = loadCollector();
    const answer = postJson(collector, { Phone: STORY.Phone, Recording: voice(Buffer.alloc(2 * RECORDING_BYTES_MAX)) });
    expect(answer.outcome).toBe('refused');
    expect(answer.fields!.Recording).toMatch(/5 minutes, 1 MB/);
    expect(collector.drive.files).toEqual([]);
  });

  it('a type that is not audio is refused on Recording; nothing is saved', () => {
    const collector = loadCollector();
    const answer = postJson(collector, { Phone: STORY.Phone, Recording: voice(AUDIO, 'application/octet-stream') });
    expect(answer.outcome).toBe('refused');
    expect(Object.keys(answer.fields!)).toEqual(['Recording']);
    expect(collector.drive.files).toEqual([]);
  });

  it('a sheet that fails: "try again" before anything is written to Drive', () => {
    const collector = loadCollector();
    postJson(collector, STORY);
    collector.sheet('Stories')!.getRange = () => {
      throw new Error('Service Spreadsheets failed');
    };
    expect(postJson(collector, VOICE, { key: KEY })).toEqual({ ok: false, outcome: 'retry', error: expect.stringMatching(/could not be saved/) });
    expect(collector.drive.files).toEqual([]);
    expect(collector.lock.held).toBe(false);
  });

  it('Drive failing: her words in a row at once, the recording pending and "try again"; Drive back, the same row gets it', () => {
    const collector = loadCollector();
    collector.drive.failing = true;
    expect(postJson(collector, VOICE, { key: KEY })).toEqual(RETRY);
    expect(rows(collector)).toEqual([[expect.any(String), '', STORY.Phone, '', KEY, 'pending: 0 of 1 parts']]);
    collector.drive.failing = false;
    expect(postJson(collector, VOICE, { key: KEY })).toEqual(SAVED);
    expect(rows(collector)).toEqual([[expect.any(String), '', STORY.Phone, '', KEY, collector.recordings()[0]!.url]]);
    expect(collector.recordings()[0]!.bytes.equals(AUDIO)).toBe(true);
  });

  it('without RECORDINGS_FOLDER_ID: a private folder of the script’s own, made once and named in the property', () => {
    const collector = loadCollector({ properties: { RECORDINGS_FOLDER_ID: '' }, folders: [] });
    expect(postJson(collector, VOICE, { key: KEY })).toEqual(SAVED);
    expect(postJson(collector, { ...VOICE, Story: 'Another.' }, { key: KEY.replace('7f', '8e') })).toEqual(SAVED);
    const made = [...collector.drive.folders.values()].filter((folder) => folder.id !== ROOT_FOLDER_ID);
    expect(made).toEqual([expect.objectContaining({ name: 'STREE recordings', parent: ROOT_FOLDER_ID, access: 'PRIVATE', editors: [], viewers: [] })]);
    expect(collector.properties.RECORDINGS_FOLDER_ID).toBe(made[0]!.id);
    expect(collector.recordings().map((file) => file.folderId)).toEqual([made[0]!.id, made[0]!.id]);
  });

  it('a RECORDINGS_FOLDER_ID that names no folder it can open: the row written, "try again", and the organisation told', () => {
    const collector = loadCollector({ properties: { RECORDINGS_FOLDER_ID: '1NoSuchFolderXXXXXXXXXXXXXXXX', NOTIFY_EMAIL: 'stories@stree.example' } });
    expect(postJson(collector, VOICE, { key: KEY })).toEqual(RETRY);
    expect(rows(collector)).toHaveLength(1);
    expect(collector.drive.files).toEqual([]);
    expect(collector.mail.sent.map((mail) => mail.body)).toEqual([expect.stringMatching(/story was sent/), expect.stringMatching(/RECORDINGS_FOLDER_ID names a folder this script cannot open/)]);
  });

  it('a sheet from before recordings gets the Recording column’s name with its first recording', () => {
    const collector = loadCollector();
    const sheet = collector.book.insertSheet('Stories');
    sheet.rows.push(['Received', 'Name', 'Phone', 'Story', 'Key'], ['2026-01-01T00:00:00.000Z', 'Meena', '9876543210', 'Old story', 'old-key-000000000000']);
    postJson(collector, STORY, { key: 'written-key-00000000' });
    expect(sheet.rows[0]).toEqual(['Received', 'Name', 'Phone', 'Story', 'Key']);
    postJson(collector, VOICE, { key: KEY });
    expect(sheet.rows[0]).toEqual(['Received', 'Name', 'Phone', 'Story', 'Key', 'Recording']);
    expect(sheet.rows[1]).toEqual(['2026-01-01T00:00:00.000Z', 'Meena', '9876543210', 'Old story', 'old-key-000000000000']);
    expect(rows(collector)[2]![5]).toBe(collector.drive.files[0]!.url);
  });

  it('the key of a story told in words, sent again with a recording, is refused: a key is one story', () => {
    const collector = loadCollector();
    postJson(collector, STORY, { key: KEY });
    expect(postJson(collector, VOICE, { key: KEY })).toMatchObject({ outcome: 'refused', fields: { Recording: expect.stringMatching(/new key/) } });
    expect(collector.drive.files).toEqual([]);
  });

  it('a plain form post with a file (which Apps Script cannot read): a page in her language that says so and gives her another way; nothing saved', () => {
    const collector = loadCollector();
    const body = '------x\r\nContent-Disposition: form-data; name="Phone"\r\n\r\n9876543210\r\n------x\r\nContent-Disposition: form-data; name="Recording"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n\u001aE\u00df\u00a3\r\n------x--\r\n';
    const output = collector.doPost(postEvent(new URLSearchParams({ lang: 'hi' }), body, 'multipart/form-data; boundary=----x'));
    expect(output.kind).toBe('html');
    expect(output.content).toContain(escapeHtml(hi.form.page.recordingNotReceived));
    // Another way: the form to write her story, url-encoded, no file field, posting out of Google's frame.
    expect(output.content).toContain('<form method="post" action="https://script.google.com/macros/s/TEST/exec?lang=hi" target="_top">');
    expect(output.content).not.toMatch(/type="file"|multipart/);
    expect(collector.drive.files).toEqual([]);
    expect(collector.sheet('Stories')).toBeUndefined();
  });
});
