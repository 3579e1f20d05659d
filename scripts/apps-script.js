// Writes the story form into deploy/apps-script/Code.js: the part between its
// `// <generated: form fields>` and `// </generated>` lines, from the form's one description
// (src/story-outbox/form-fields.js), its renderer (form-html.js, copied whole) and the form's
// words (src/i18n/). Code.js is pasted alone into Google's editor, so it cannot import them at
// run time; tests/unit/apps-script-form.test.ts fails while the two differ. `npm run apps-script`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORM_PAGE_STRINGS } from '../src/i18n/form-pages.ts';
import { LOCALES } from '../src/lib/editions.ts';
import { CONSENT_FIELD, FORM_FIELDS, FORM_STRING_KEYS, HONEYPOT_FIELD } from '../src/story-outbox/form-fields.js';

export const CODE_FILE = fileURLToPath(new URL('../deploy/apps-script/Code.js', import.meta.url));
const RENDERER_FILE = fileURLToPath(new URL('../src/story-outbox/form-html.js', import.meta.url));
const START = '// <generated: form fields>';
const END = '// </generated>';
/** The `form` strings the collector's pages say, besides the form's own; then those of `form.page`. */
const FORM_KEYS = [...FORM_STRING_KEYS, 'phoneInvalid', 'tooLong'];
const PAGE_KEYS = ['sentTitle', 'sentBody', 'home', 'fixTitle', 'fixIntro', 'missing', 'unreadable', 'failed', 'recordingNotReceived'];

/** @param {(typeof FORM_PAGE_STRINGS)['en']} form */
const answerText = (form) => ({
  ...Object.fromEntries(FORM_KEYS.map((key) => [key, form[key]])),
  ...Object.fromEntries(PAGE_KEYS.map((key) => [key, form.page[key]])),
});

/** A plain object as one line of JavaScript: `{ name: "Name", limit: 100 }`. */
const literal = (object) => `{ ${Object.entries(object).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')} }`;

/** The generated part of Code.js, its marker lines included. */
export function formRegion() {
  // The file without its opening comment (which is about the file) and without `export`.
  const renderer = readFileSync(RENDERER_FILE, 'utf8').replace(/^(\/\/.*\n)+\n/, '').replace(/^export /gm, '').trim();
  const form = { fields: FORM_FIELDS, honeypot: HONEYPOT_FIELD, consent: CONSENT_FIELD };
  return `${START}
// Written by \`npm run apps-script\` from src/story-outbox/form-fields.js, form-html.js and the
// \`form\` strings of src/i18n/: change those and run it, never this part by hand.

/** The story form's fields, as the site's form has them. */
const FORM = {
  fields: [
${form.fields.map((field) => `    ${literal(field)},`).join('\n')}
  ],
  honeypot: ${literal(form.honeypot)},
  consent: ${literal(form.consent)},
};

/** Answers in every language of the site: the site's own words. */
const TEXT = ${JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, answerText(FORM_PAGE_STRINGS[locale])])), null, 2)};

${renderer}
${END}`;
}

/** `code` with its generated part written anew. */
export function withFormRegion(code) {
  const start = code.indexOf(START);
  const end = code.indexOf(END);
  if (start < 0 || end < start) throw new Error(`Code.js has no "${START}" … "${END}" part`);
  return code.slice(0, start) + formRegion() + code.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CODE_FILE, withFormRegion(readFileSync(CODE_FILE, 'utf8')));
  console.log('deploy/apps-script/Code.js: the story form written from src/story-outbox/form-fields.js');
}
