// The organisation's collector (deploy/apps-script/Code.js) under Node, over an in-memory
// spreadsheet (tests/apps-script/collector.ts): the same checks as the site's inbox, values safe
// in a sheet, each key once, and the answers for scripts and for plain form posts.
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { validateStory } from '../../src/story-outbox/fields.js';
import { loadCollector, postEvent, type Collector } from '../apps-script/collector';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const KEY = '7f9c2d1e-5b3a-4c8d-9e0f-1a2b3c4d5e6f';

/** A POST as the form's script sends it: JSON as text/plain, the key in the address. */
function postJson(collector: Collector, body: unknown, query: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const output = collector.doPost(postEvent(new URLSearchParams(query), text, 'text/plain;charset=UTF-8'));
  expect(output.mimeType).toBe('application/json');
  return JSON.parse(output.content) as { ok: boolean; error?: string; fields?: Record<string, string> };
}

/** A plain form post, as the browser sends one when no script runs. */
function postForm(collector: Collector, fields: Record<string, string>, lang = 'en') {
  return collector.doPost(postEvent(new URLSearchParams({ lang }), new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded'));
}

const rows = (collector: Collector) => collector.sheet('Stories')?.rows.slice(1) ?? [];

describe('checkStory answers as the site’s inbox does', () => {
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
    expect(JSON.parse(JSON.stringify(collector.checkStory(body)))).toEqual(JSON.parse(JSON.stringify(validateStory(body))));
  });
});

describe('a story from the form’s script', () => {
  it('is appended as one row (received, Name, Phone, Story) under a header row, as plain text', () => {
    const collector = loadCollector();
    const before = Date.now();
    expect(postJson(collector, STORY, { key: KEY })).toEqual({ ok: true });
    const sheet = collector.sheet('Stories')!;
    expect(sheet.rows[0]).toEqual(['Received', 'Name', 'Phone', 'Story']);
    expect(sheet.frozenRows).toBe(1);
    const [received, ...values] = rows(collector)[0]!;
    expect(values).toEqual([STORY.Name, STORY.Phone, STORY.Story]);
    expect(Date.parse(received!)).toBeGreaterThanOrEqual(before);
    // Plain text: the phone keeps its digits, nothing becomes a number or a date.
    expect(sheet.formats[1]).toEqual(['@', '@', '@', '@']);
  });

  it('keeps Devanagari, emoji and line breaks exactly', () => {
    const collector = loadCollector();
    const story = { Name: 'आशा देवी 🙏🏽', Phone: '+91 98765 43210', Story: 'मेरे गाँव में रोशनी नहीं है। 🚌💡\nअब हम साथ चलते हैं 👭' };
    postJson(collector, story);
    expect(rows(collector)[0]!.slice(1)).toEqual([story.Name, '9876543210', story.Story]);
  });

  it('sent again with the same key (a retry after a lost answer) makes no second row', () => {
    const collector = loadCollector();
    expect(postJson(collector, STORY, { key: KEY })).toEqual({ ok: true });
    expect(postJson(collector, STORY, { key: KEY })).toEqual({ ok: true });
    expect(rows(collector)).toHaveLength(1);
    expect(collector.sheet('Keys')!.rows.slice(1).map((row) => row[0])).toEqual([KEY]);
  });

  it('with another key is another story, even with the same words', () => {
    const collector = loadCollector();
    postJson(collector, STORY, { key: KEY });
    postJson(collector, STORY, { key: KEY.replace('7f', '8e') });
    expect(rows(collector)).toHaveLength(2);
  });

  it('is written under the script lock, and the lock is let go', () => {
    const collector = loadCollector();
    postJson(collector, STORY);
    postJson(collector, STORY);
    expect(collector.lock.waits).toBe(2);
    expect(collector.lock.held).toBe(false);
  });

  it.each(['=HYPERLINK("https://evil.example","x")', '+91', '-1', '@SUM(A1)'])(
    'starting like a formula (%j) is kept as text behind an apostrophe',
    (value) => {
      const collector = loadCollector();
      expect(postJson(collector, { ...STORY, Name: value, Story: value })).toEqual({ ok: true });
      const [, name, , story] = rows(collector)[0]!;
      expect(name).toBe(`'${value}`);
      expect(story).toBe(`'${value}`);
    },
  );

  it('with a filled honeypot is answered as saved, and nothing is written', () => {
    const collector = loadCollector();
    expect(postJson(collector, { ...STORY, website: 'https://spam.example' }, { key: KEY })).toEqual({ ok: true });
    expect(collector.sheet('Stories')).toBeUndefined();
    expect(collector.sheet('Keys')).toBeUndefined();
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
    expect(answer.error).toMatch(message);
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('a malformed key', () => {
    const collector = loadCollector();
    expect(postJson(collector, STORY, { key: 'short' })).toEqual({ ok: false, error: expect.stringMatching(/key parameter/) });
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('a body over 256 KB', () => {
    const collector = loadCollector();
    expect(postJson(collector, { ...STORY, Story: 'a'.repeat(300 * 1024) }).error).toMatch(/too long/);
    expect(collector.sheet('Stories')).toBeUndefined();
  });

  it('a spreadsheet that fails: she is told, and the lock is let go', () => {
    const collector = loadCollector();
    postJson(collector, STORY);
    collector.sheet('Stories')!.getRange = () => {
      throw new Error('Service Spreadsheets failed');
    };
    expect(postJson(collector, STORY)).toEqual({ ok: false, error: expect.stringMatching(/could not be saved/) });
    expect(collector.lock.held).toBe(false);
  });
});

describe('a plain form post (no script ran)', () => {
  it('is saved and answered with a short page in her language', () => {
    const collector = loadCollector();
    const output = postForm(collector, { ...STORY, Story: 'One\r\nTwo', website: '' }, 'hi');
    expect(output.kind).toBe('html');
    expect(output.content).toContain('<main lang="hi">');
    expect(output.content).toContain(hi.form.page.sentTitle);
    expect(rows(collector)[0]!.slice(1)).toEqual([STORY.Name, STORY.Phone, 'One\nTwo']);
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
    expect(output.content).toContain('action="https://script.google.com/macros/s/TEST/exec?lang=hi"');
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
