// Writes into deploy/apps-script/Code.js what it shares with the site and the local inbox, each
// part between its `// <generated: …>` line and the `// </generated>` after it:
// - `checks`: the story's limits, checks and English messages, copied from the modules the site
//   and the inbox import (CHECK_MODULES), their `import` lines and `export` words left out;
// - `form fields`: the story form from its one description (src/story-outbox/form-fields.js),
//   its renderer (form-html.js, copied whole) and the form's words (src/i18n/).
// Code.js is pasted alone into Google's editor, so it cannot import them at run time;
// tests/unit/apps-script-generated.test.ts fails, naming what differs, while Code.js is not what
// this writes. `npm run apps-script`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORM_PAGE_STRINGS } from '../src/i18n/form-pages.ts';
import { LOCALES } from '../src/lib/editions.ts';
import { CONSENT_FIELD, FORM_FIELDS, FORM_STRING_KEYS, HONEYPOT_FIELD } from '../src/story-outbox/form-fields.js';

export const CODE_FILE = fileURLToPath(new URL('../deploy/apps-script/Code.js', import.meta.url));
const SHARED = new URL('../src/story-outbox/', import.meta.url);
const END = '// </generated>';

/**
 * The modules whose code Code.js carries, each after those it imports: one global scope holds
 * them all, so their top-level names must differ from each other's and from Code.js's own.
 */
export const CHECK_MODULES = ['recording.js', 'audio-signature.js', 'fields.js'];

/** The `form` strings the collector's pages say, besides the form's own; then those of `form.page`. */
const FORM_KEYS = [...FORM_STRING_KEYS, 'phoneInvalid', 'tooLong'];
const PAGE_KEYS = ['sentTitle', 'sentBody', 'home', 'fixTitle', 'fixIntro', 'missing', 'unreadable', 'failed', 'recordingNotReceived'];

/** A module's opening comment (about the file, not the code), up to its first blank line. */
const OPENING_COMMENT = /^(\/\/.*\n)+\n/;
/** A named import, on one line or several. */
const IMPORT = /^import\s*\{[^}]*\}\s*from\s*'([^']+)';\n/gm;
/** The start of a top-level declaration, and the name it declares. */
const DECLARATION = /^(?:const|let|var|class|(?:async )?function\*?)\s+([A-Za-z_$][\w$]*)/;

/** @param {(typeof FORM_PAGE_STRINGS)['en']} form */
const answerText = (form) => ({
  ...Object.fromEntries(FORM_KEYS.map((key) => [key, form[key]])),
  ...Object.fromEntries(PAGE_KEYS.map((key) => [key, form.page[key]])),
});

/** A plain object as one line of JavaScript: `{ name: "Name", limit: 100 }`. */
const literal = (object) => `{ ${Object.entries(object).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')} }`;

/**
 * One shared module as Code.js carries it: without its opening comment, its imports (which must
 * name modules carried before it) and its `export` words. Anything else a script pasted alone
 * cannot run is refused.
 * @param {string} name a file of src/story-outbox/
 * @param {string[]} carried the modules before it
 */
function carriedModule(name, carried) {
  const source = readFileSync(new URL(name, SHARED), 'utf8');
  for (const [, from] of source.matchAll(IMPORT)) {
    if (!carried.includes(from.replace(/^\.\//, ''))) {
      throw new Error(`src/story-outbox/${name} imports ${from}, which Code.js does not carry before it: add it to CHECK_MODULES in scripts/apps-script.js, or import less`);
    }
  }
  const body = source.replace(OPENING_COMMENT, '').replace(IMPORT, '').replace(/^export (?=const|let|function|class|async)/gm, '').trim();
  const unrunnable = body.match(/^\s*(?:import|export)\b.*$|^.*\b(?:import\s*\(|import\.meta|require\s*\().*$/m);
  if (unrunnable) throw new Error(`src/story-outbox/${name} has what a script pasted alone cannot run: ${unrunnable[0].trim()}`);
  return `// From src/story-outbox/${name}.\n${body}`;
}

/** The checks part of Code.js, its marker lines included. */
export function checksRegion() {
  const modules = CHECK_MODULES.map((name, i) => carriedModule(name, CHECK_MODULES.slice(0, i)));
  return `// <generated: checks>
// Written by \`npm run apps-script\` from the modules the site and the local inbox import
// (src/story-outbox/: ${CHECK_MODULES.join(', ')}):
// change those and run it, never this part by hand.

${modules.join('\n\n')}
${END}`;
}

/** The story form's part of Code.js, its marker lines included. */
export function formRegion() {
  const renderer = carriedModule('form-html.js', []).replace(/^\/\/ From .*\n/, '');
  const form = { fields: FORM_FIELDS, honeypot: HONEYPOT_FIELD, consent: CONSENT_FIELD };
  return `// <generated: form fields>
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

/** Which module a declaration of the checks part comes from. */
function checkSource(declared) {
  const name = CHECK_MODULES.find((module) => declarations(carriedModule(module, CHECK_MODULES)).has(declared));
  return name ? `src/story-outbox/${name}` : 'none of the modules';
}

/** The generated parts of Code.js by the name on their opening line: how each is written, and from what. */
export const REGIONS = {
  checks: { write: checksRegion, sourceOf: checkSource },
  'form fields': { write: formRegion, sourceOf: () => 'src/story-outbox/form-fields.js, form-html.js and src/i18n/' },
};

/** Where the part `name` is in `code`: from its opening line to the end of its closing one. */
function regionAt(code, name) {
  const startLine = `// <generated: ${name}>`;
  const start = code.indexOf(startLine);
  const end = start < 0 ? -1 : code.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`Code.js has no "${startLine}" … "${END}" part`);
  return { start, end: end + END.length };
}

/** The text of the part `name` of `code`, its marker lines included. */
export function regionOf(code, name) {
  const { start, end } = regionAt(code, name);
  return code.slice(start, end);
}

/**
 * The top-level declarations of `code` by name, each with the comment lines just above it: what
 * one global scope holds, and what a drift is named by.
 * @returns {Map<string, string>}
 */
export function declarations(code) {
  const lines = code.split('\n');
  const starts = [];
  lines.forEach((line, i) => {
    const name = DECLARATION.exec(line)?.[1];
    if (!name) return;
    let start = i;
    while (start > 0 && /^(?:\/\/|\/\*\*|\s\*)/.test(lines[start - 1])) start -= 1;
    starts.push({ name, start });
  });
  const found = new Map();
  starts.forEach(({ name, start }, i) => {
    const text = lines.slice(start, starts[i + 1]?.start ?? lines.length).join('\n').trim();
    if (found.has(name)) throw new Error(`"${name}" is declared twice at the top level of Code.js: one global scope holds it`);
    found.set(name, text);
  });
  return found;
}

/** `code` with every generated part written anew. Throws when a generated name is also one of Code.js's own. */
export function withGeneratedParts(code) {
  let written = code;
  for (const [name, { write }] of Object.entries(REGIONS)) {
    const { start, end } = regionAt(written, name);
    written = written.slice(0, start) + write() + written.slice(end);
  }
  // Declared twice, a `const` stops the script from loading and a `function` silently replaces the other.
  declarations(written);
  return written;
}

/**
 * What differs between the generated parts of `code` and what this script writes from today's
 * modules, one line each, naming the part and the declaration: empty when nothing does.
 */
export function driftOf(code) {
  return Object.entries(REGIONS).flatMap(([name, { write, sourceOf }]) => {
    const written = write();
    const actual = declarations(regionOf(code, name));
    const expected = declarations(written);
    const names = [...new Set([...expected.keys(), ...actual.keys()])];
    const differing = names.flatMap((declared) => {
      if (!actual.has(declared)) return [`${name}: ${declared} is missing from Code.js`];
      if (!expected.has(declared)) return [`${name}: ${declared} is in Code.js but in none of the modules`];
      return actual.get(declared) === expected.get(declared) ? [] : [`${name}: ${declared} differs from ${sourceOf(declared)}`];
    });
    if (differing.length === 0 && regionOf(code, name) !== written) return [`${name}: the lines between its declarations, or their order, differ`];
    return differing;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CODE_FILE, withGeneratedParts(readFileSync(CODE_FILE, 'utf8')));
  console.log(`deploy/apps-script/Code.js: its checks written from ${CHECK_MODULES.join(', ')}, its form from form-fields.js`);
}
