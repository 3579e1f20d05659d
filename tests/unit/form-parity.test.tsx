// @vitest-environment jsdom
// The story form is drawn in three places from one description (src/story-outbox/form-fields.js):
// the island, the inbox's correction page (server/story-pages.js) and the Apps Script's
// (deploy/apps-script/Code.js, run here as Google runs it). She may meet any of them, so each
// must ask for the same things in the same words: fields, labels, hints, patterns, limits, ids.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import StoryFormEn from '../../src/islands/StoryFormEn';
import StoryFormGu from '../../src/islands/StoryFormGu';
import StoryFormHi from '../../src/islands/StoryFormHi';
import { en } from '../../src/i18n/en';
import { gu } from '../../src/i18n/gu';
import { hi } from '../../src/i18n/hi';
import { fixPage } from '../../server/story-pages.js';
import { loadCollector, postEvent } from '../apps-script/collector';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const ATTRIBUTES = ['id', 'name', 'type', 'inputmode', 'autocomplete', 'pattern', 'maxlength', 'required', 'tabindex', 'rows', 'aria-describedby'];

/** What a visitor's browser and screen reader get from a form: each control, its label and hint. */
function formAsSeen(html: string) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const forms = document.querySelectorAll('form');
  expect(forms).toHaveLength(1);
  const form = forms[0]!;
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();
  const controls = [...form.querySelectorAll('input, textarea')].map((control): Record<string, string | null | undefined> => ({
    tag: control.localName,
    ...Object.fromEntries(ATTRIBUTES.map((name) => [name, control.getAttribute(name)])),
    label: text(control.id ? form.querySelector(`label[for="${control.id}"]`) : control.closest('label')),
    hint: control.getAttribute('aria-describedby')?.split(' ').map((id) => text(document.getElementById(id))).join(' '),
  }));
  return {
    method: form.getAttribute('method'), enctype: form.getAttribute('enctype'), controls,
    submit: text(form.querySelector('button[type="submit"]')),
  };
}

/**
 * The island as the server writes it, posting to a collector on another origin: the same plain
 * form as the correction pages. To the site's own inbox it also takes a recording (below).
 */
/** Each edition's island, as its pages hydrate it (src/components/stories/StoryFormIsland.astro). */
const ISLANDS = { en: StoryFormEn, hi: StoryFormHi, gu: StoryFormGu };

function island(lang: keyof typeof ISLANDS, endpoint = 'https://script.google.com/macros/s/x/exec') {
  const StoryForm = ISLANDS[lang];
  return renderToString(<StoryForm endpoint={endpoint} idPrefix="story" />);
}

function inbox(lang: string) {
  return fixPage({ lang, action: `/api/stories?lang=${lang}`, values: STORY });
}

/** The Apps Script's page for a story it could not save (its lock busy): the form, her words in it. */
function appsScript(lang: string) {
  const collector = loadCollector();
  collector.lock.busy = true;
  const body = new URLSearchParams(STORY).toString();
  const output = collector.doPost(postEvent(new URLSearchParams({ lang }), body, 'application/x-www-form-urlencoded'));
  expect(output.kind).toBe('html');
  return output.content;
}

describe.each([['en', en], ['hi', hi], ['gu', gu]] as const)('in %s', (lang, strings) => {
  const t = strings.form;
  const forms = { island: formAsSeen(island(lang)), inbox: formAsSeen(inbox(lang)), appsScript: formAsSeen(appsScript(lang)) };

  it('the island’s form asks for Name, Phone and Story as the spec says, in the page’s words', () => {
    const [name, phone, story, honeypot, consent] = forms.island.controls;
    expect(forms.island.method).toBe('post');
    expect(name).toMatchObject({ tag: 'input', name: 'Name', label: t.name, required: '' });
    expect(phone).toMatchObject({ tag: 'input', name: 'Phone', type: 'tel', label: t.phone, hint: t.phoneHint, required: '' });
    expect(new RegExp(`^(?:${phone!.pattern})$`, 'v').test('+91 98765-43210')).toBe(true);
    expect(new RegExp(`^(?:${phone!.pattern})$`, 'v').test('98765')).toBe(false);
    expect(story).toMatchObject({ tag: 'textarea', name: 'Story', label: t.story, required: '' });
    expect(honeypot).toMatchObject({ name: 'website', tabindex: '-1', autocomplete: 'off', label: t.honeypot });
    expect(consent).toMatchObject({ type: 'checkbox', name: null, required: '', label: t.consent });
    expect(forms.island.submit).toBe(t.submit);
  });

  it('to the site’s own inbox, without JavaScript, the island’s form also takes a recording and needs only the phone', () => {
    const own = formAsSeen(island(lang, '/api/stories'));
    expect(own.enctype).toBe('multipart/form-data');
    const [file, name, phone, story] = own.controls;
    expect(file).toMatchObject({ tag: 'input', type: 'file', name: 'Recording', label: t.recordingFile, required: null });
    expect(name).toMatchObject({ name: 'Name', required: null });
    expect(phone).toMatchObject({ name: 'Phone', required: '' });
    expect(story).toMatchObject({ name: 'Story', required: null });
    const input = new DOMParser().parseFromString(island(lang, '/api/stories'), 'text/html').querySelector('input[type="file"]')!;
    expect([input.getAttribute('accept'), input.hasAttribute('capture')]).toEqual(['audio/*', true]);
    // To Apps Script, which cannot read a multipart post: no file, url-encoded, all required.
    expect(forms.island.enctype).toBeNull();
    expect(forms.island.controls.some((control) => control.type === 'file')).toBe(false);
  });

  it('the inbox’s correction page has the same form', () => {
    expect(forms.inbox).toEqual(forms.island);
  });

  it('the Apps Script’s correction page has the same form', () => {
    expect(forms.appsScript).toEqual(forms.island);
  });
});
