// npm run story-draft (scripts/story-draft.js): one received story becomes a draft story file that
// passes the schema, records her consent and never holds her phone number; drafts stay off the site.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { SCHEMAS } from '../../src/content.config';
import { isPublished } from '../../src/data/stories';
import { CONSENT_BOX, asMarkdown, draftFile, receivedStory } from '../../scripts/story-draft.js';

const PHONE = '9876543210';
/** The inbox's CSV as server/inbox.js writes it: a BOM, formula starts kept behind an apostrophe. */
const INBOX = `\uFEFF${stringify(
  [
    ['Received', 'Name', 'Phone', 'Story'],
    ['2026-11-20T09:15:00.000Z', 'Asha Devi', PHONE, 'The bus stop had no light.\n\nWe asked the panchayat, and now it has.'],
    ['2026-11-21T10:00:00.000Z', 'सुनीता', PHONE, "'-1 लड़की भी पीछे नहीं रहेगी"],
  ],
  { escape_formulas: true },
)}`;
/** The inbox's CSV since stories may be told by voice: a Recording column, empty for a written story. */
const VOICE_INBOX = `\uFEFF${stringify([
  ['Received', 'Name', 'Phone', 'Story', 'Recording'],
  ['2026-11-20T09:15:00.000Z', 'Asha Devi', PHONE, 'The bus stop had no light.', ''],
  ['2026-11-22T08:00:00.000Z', '', PHONE, '', 'recordings/2026-11-22T08-00-00-000Z-0a1b2c3d4e5f.webm'],
])}`;

const frontMatter = (text: string) => parseYaml(text.split('---')[1]!) as Record<string, unknown>;
const schema = SCHEMAS.stories((() => z.string()) as never);

describe('a received story as a draft', () => {
  const place = { row: 2, category: 'health', order: 4, taken: () => false };

  it('passes the story schema, marked draft, with her consent and without her phone number', () => {
    const draft = draftFile(receivedStory(INBOX, 2), place);
    expect(draft.path).toBe('stories/health/asha-devi.md');
    expect(draft.text).not.toContain(PHONE);
    const data = frontMatter(draft.text);
    expect(schema.parse(data)).toMatchObject({ name: 'Asha Devi', order: 4, draft: true });
    expect(data.consent).toContain(CONSENT_BOX);
    expect(data.consent).toContain('2026-11-20');
    expect(draft.text.split('---')[2]).toBe('\nThe bus stop had no light.\n\nWe asked the panchayat, and now it has.\n');
  });

  it('gives back her words as she wrote them, not the apostrophe the sheet keeps them behind', () => {
    const draft = draftFile(receivedStory(INBOX, 3), { ...place, row: 3 });
    expect(draft.path).toBe('stories/health/story-row-3.md');
    expect(draft.text).toContain('\\-1 लड़की भी पीछे नहीं रहेगी');
  });

  it('never overwrites a story of the same name', () => {
    const draft = draftFile(receivedStory(INBOX, 2), { ...place, taken: (slug) => slug === 'asha-devi' });
    expect(draft.path).toBe('stories/health/asha-devi-2.md');
  });

  it('shows her Markdown characters as text: no list, heading, link or HTML of her making', () => {
    expect(asMarkdown('# 1. <b>[help](x)</b> *now*')).toBe('\\# 1. \\<b\\>\\[help\\](x)\\</b\\> \\*now\\*');
  });

  it('reads the inbox’s rows with a Recording column: a written story as before', () => {
    expect(receivedStory(VOICE_INBOX, 2)).toEqual({ received: '2026-11-20T09:15:00.000Z', name: 'Asha Devi', story: 'The bus stop had no light.', recording: '' });
  });

  it('makes a draft of a story told by voice that says where her recording is, to be written down', () => {
    const story = receivedStory(VOICE_INBOX, 3);
    expect(story.recording).toBe('recordings/2026-11-22T08-00-00-000Z-0a1b2c3d4e5f.webm');
    const draft = draftFile(story, { ...place, row: 3 });
    expect(draft.path).toBe('stories/health/story-row-3.md');
    expect(draft.text.split('---')[2]).toContain('her recording (recordings/2026-11-22T08-00-00-000Z-0a1b2c3d4e5f.webm)');
    expect(schema.parse(frontMatter(draft.text))).toMatchObject({ draft: true });
    expect(draft.text).not.toContain(PHONE);
  });

  it('refuses a row that is not a story, naming the rows that are', () => {
    expect(() => receivedStory(INBOX, 1)).toThrow('rows 2 to 3');
    expect(() => receivedStory(INBOX, 9)).toThrow('rows 2 to 3');
  });
});

describe('the site leaves drafts out', () => {
  const entry = (draft: boolean | undefined) => ({ data: schema.parse({ name: 'A', order: 0, summary: 'S', image: 'x.svg', imageAlt: 'I', ...(draft === undefined ? {} : { draft }) }) });

  it('publishes a story without the mark or with draft: false, never a draft', () => {
    expect(isPublished(entry(undefined))).toBe(true);
    expect(isPublished(entry(false))).toBe(true);
    expect(isPublished(entry(true))).toBe(false);
  });
});

describe('npm run story-draft', () => {
  let project: string;
  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'stree-draft-'));
    // What the command reads: the categories, their stories, and what the monogram drawer reads.
    for (const path of ['src/content/story-categories', 'src/content/stories', 'src/content/profiles', 'src/content/testimonials', 'src/styles']) {
      cpSync(resolve(path), join(project, path), { recursive: true });
    }
    writeFileSync(join(project, 'stories.csv'), INBOX);
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('writes the draft after the last story of its category, and her monogram', () => {
    execFileSync(process.execPath, [resolve('scripts/story-draft.js'), '2', '--category', 'health', '--file', 'stories.csv'], { cwd: project, stdio: 'pipe' });
    const text = readFileSync(join(project, 'src/content/stories/health/asha-devi.md'), 'utf8');
    expect(frontMatter(text)).toMatchObject({ order: 4, draft: true });
    expect(readFileSync(join(project, 'src/assets/stories/asha-devi.svg'), 'utf8')).toContain('>AD</text>');
  });

  it('says a row has a recording, and where the file is', () => {
    writeFileSync(join(project, 'stories.csv'), VOICE_INBOX);
    const output = execFileSync(process.execPath, [resolve('scripts/story-draft.js'), '3', '--category', 'health', '--file', 'stories.csv'], { cwd: project, stdio: 'pipe' }).toString();
    expect(output).toContain('Row 3 has a recording: recordings/2026-11-22T08-00-00-000Z-0a1b2c3d4e5f.webm');
  });

  it('refuses a category that does not exist, listing those that do', () => {
    expect(() => execFileSync(process.execPath, [resolve('scripts/story-draft.js'), '2', '--category', 'other', '--file', 'stories.csv'], { cwd: project, stdio: 'pipe' }))
      .toThrow(/health/);
  });
});
