// Turns one story women sent (a row of the inbox CSV, data/stories.csv, or of the collector's
// sheet saved as CSV) into a draft story file in its category: her name and words, how she gave
// her consent, never her phone number. The draft is not on the site until an editor has checked
// it and cleared `draft` (CONTENT.md, "From a received story to a page"). A story told by voice
// has a recording (a file beside the inbox's CSV, or a Drive address in the sheet): the draft says
// so, and the command names it, for an editor to listen to and write down with her.
// Usage: npm run story-draft -- <row> --category <id> [--file data/stories.csv]
//   <row> is the row number a spreadsheet shows for it: the column names are row 1.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';

/** The form's consent box, as she saw it: no story reaches the inbox or the sheet without it ticked. */
export const CONSENT_BOX = "I'd like to publish my story on the STREE platform.";
/** What an editor replaces before she clears the draft. */
export const TO_WRITE = 'TO WRITE:';

/** The inbox and the collector keep a value that would start a formula behind an apostrophe. */
const unsafeStart = /^'(?=[=+\-@\t\r＝＋－＠])/;
const cell = (value) => String(value ?? '').replace(unsafeStart, '').trim();

/** Her words as Markdown that shows exactly what she wrote: no accidental list, heading or link. */
export function asMarkdown(text) {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph
        .trim()
        .replace(/[\\`*_[\]<>]/g, '\\$&')
        .replace(/^([#+-]|\d+[.)])/gm, '\\$1'),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** `Asha Devi` → `asha-devi`; a name in another script gives nothing, and the row number is used. */
export const slugOf = (name) =>
  name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Her initials, as scripts/illustrate.js draws them on the monogram (that script draws on import). */
function initialsOf(name) {
  const words = name.replace(/\(.*?\)/g, '').split(/[\s.]+/).filter((word) => /^\p{L}/u.test(word));
  return (words.length > 1 ? [words[0], words.at(-1)] : words).map((word) => word[0].toUpperCase()).join(' ');
}

/** A YAML string that stays a string, whatever she wrote. */
const quoted = (text) => JSON.stringify(text);

/**
 * The row of a CSV, by the number a spreadsheet shows (the column names are row 1), as
 * `{ received, name, story, recording }`: the phone number is never read. `recording` is the
 * Recording column (a file name relative to the CSV, or a Drive address), '' for a written story
 * or a file from before recordings.
 * @param {string} csv
 * @param {number} row
 */
export function receivedStory(csv, row) {
  const rows = parse(csv, { bom: true, columns: (names) => names.map((name) => name.trim()), skip_empty_lines: true, relax_column_count: true });
  const record = rows[row - 2];
  if (!Number.isInteger(row) || row < 2 || !record) throw new Error(`No story in row ${row}: the stories are in rows 2 to ${rows.length + 1}`);
  for (const column of ['Received', 'Name', 'Story']) {
    if (!(column in record)) throw new Error(`The file has no ${column} column: use the inbox's CSV or the sheet saved as CSV`);
  }
  const story = { received: cell(record.Received), name: cell(record.Name), story: cell(record.Story), recording: cell(record.Recording) };
  if (!story.story && !story.recording) throw new Error(`Row ${row} has no story`);
  return story;
}

/**
 * The draft story file for a received story: its path below src/content/ and its text.
 * @param {{ received: string, name: string, story: string, recording?: string }} story
 * @param {{ row: number, category: string, order: number, taken: (slug: string) => boolean }} place
 */
export function draftFile(story, { row, category, order, taken }) {
  const base = slugOf(story.name) || `story-row-${row}`;
  let slug = base;
  for (let n = 2; taken(slug); n += 1) slug = `${base}-${n}`;
  const name = story.name || `${TO_WRITE} her name, or how she wants to be named`;
  const initials = initialsOf(story.name || 'S');
  const received = story.received.slice(0, 10) || 'the day in the inbox';
  const text = [
    '---',
    `name: ${quoted(name)}`,
    `order: ${order}`,
    `summary: ${quoted(`${TO_WRITE} one line on what she did, in your words`)}`,
    `image: ../../../assets/stories/${slug}.svg`,
    `imageAlt: ${quoted(`Illustrated monogram with the initials ${initials}`)}`,
    'draft: true',
    `consent: ${quoted(`She ticked "${CONSENT_BOX}" when she sent it through the website form, received ${received} (row ${row} of the inbox).`)}`,
    '---',
    story.story ? asMarkdown(story.story) : `${TO_WRITE} her story, as she told it in her recording (${story.recording}), in her words.`,
    '',
  ].join('\n');
  return { slug, path: `stories/${category}/${slug}.md`, text };
}

/** The next free order in a category: after its last story. */
function nextOrder(folder) {
  const orders = existsSync(folder)
    ? readdirSync(folder)
      .filter((file) => file.endsWith('.md'))
      .map((file) => Number(readFileSync(join(folder, file), 'utf8').match(/^order:\s*(\d+)/m)?.[1] ?? -1))
    : [];
  return Math.max(-1, ...orders) + 1;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { category: { type: 'string' }, file: { type: 'string', default: process.env.STORY_INBOX_FILE || 'data/stories.csv' } },
  });
  const content = resolve('src/content');
  const categories = readdirSync(join(content, 'story-categories')).map((file) => file.replace(/\.json$/, '')).sort();
  if (positionals.length !== 1 || !values.category) {
    throw new Error(`Usage: npm run story-draft -- <row> --category <${categories.join('|')}> [--file data/stories.csv]`);
  }
  if (!categories.includes(values.category)) throw new Error(`No category ${values.category}: use one of ${categories.join(', ')}`);
  const row = Number(positionals[0]);
  const story = receivedStory(readFileSync(values.file, 'utf8'), row);
  const folder = join(content, 'stories', values.category);
  const draft = draftFile(story, {
    row,
    category: values.category,
    order: nextOrder(folder),
    taken: (slug) => existsSync(join(folder, `${slug}.md`)),
  });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(content, draft.path), draft.text, { flag: 'wx' });
  console.log(`Wrote ${relative(process.cwd(), join(content, draft.path))}: a draft, not on the site until an editor clears it.`);
  if (story.recording) {
    // The inbox names its file relative to the CSV's folder; the sheet gives a Drive address.
    const where = /^https?:\/\//.test(story.recording) ? story.recording : relative(process.cwd(), join(dirname(resolve(values.file)), story.recording));
    console.log(`Row ${row} has a recording: ${where}. Listen to it and write her story down before you clear the draft.`);
  }
  // Her portrait: initials, never a face (npm run illustrate draws every missing one).
  execFileSync(process.execPath, [fileURLToPath(new URL('illustrate.js', import.meta.url))], { stdio: 'inherit' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
