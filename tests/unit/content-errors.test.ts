// An editor's mistake must stop the build with the file and the field: checked end to end by
// breaking a content file in a temporary copy of the project and running `astro sync`.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectCopy as makeCopy, removeCopy } from './project-copy';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/editions';

const run = promisify(execFile);
const ROOT = process.cwd();
const copies: string[] = [];

function projectCopy() {
  const copy = makeCopy();
  copies.push(copy);
  return copy;
}

/** Runs `astro sync` in `dir` and returns what it printed; fails if it succeeded. */
async function syncError(dir: string) {
  try {
    await run(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}\n${stderr}`;
  }
  throw new Error('astro sync succeeded on broken content');
}

/** Edits the first story file found; returns its entry id (folder/name) and its path. */
function editStory(dir: string, edit: (source: string) => string) {
  const storiesDir = join(dir, 'src/content/stories');
  const relative = readdirSync(storiesDir, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.md')).sort()[0]!;
  const file = join(storiesDir, relative);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return { id: relative.replace(/\.md$/, ''), path: `src/content/stories/${relative}` };
}

/** Edits the first JSON entry of `folder`; returns its entry id. */
function editJson(dir: string, folder: string, edit: (data: Record<string, unknown>) => void) {
  const name = readdirSync(join(dir, 'src/content', folder)).filter((p) => p.endsWith('.json')).sort()[0]!;
  const file = join(dir, 'src/content', folder, name);
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(data);
  writeFileSync(file, JSON.stringify(data, null, 2));
  return name.replace(/\.json$/, '');
}

afterAll(() => {
  for (const copy of copies) removeCopy(copy);
});

// Each case is its own copy and its own `astro sync`, a process of about 5 CPU-seconds: run side by
// side they use both cores while the other test files wait on little (docs/development.md).
describe.concurrent('a broken content file stops the build, naming the file and the field', () => {
  it('a missing field', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source.replace(/^summary:.*\n/m, ''));
    const output = await syncError(dir);
    expect(output).toContain(`stories → ${story.id}`);
    expect(output).toMatch(/summary/);
  });

  it('a story outside the folder of a category, listing the valid ones', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source);
    const moved = join(dir, 'src/content/stories/cooking', 'asha-devi.md');
    mkdirSync(dirname(moved));
    renameSync(join(dir, story.path), moved);
    // Its translations, checked first: one for each edition but the default.
    for (const locale of LOCALES.filter((code) => code !== DEFAULT_LOCALE)) {
      rmSync(join(dir, 'src/content', locale, story.path.replace('src/content/', '')), { force: true });
    }
    const output = await syncError(dir);
    expect(output).toContain('src/content/stories/cooking/asha-devi.md');
    expect(output).toMatch(/folder of its category, one of: .*livelihood/);
  });

  it('a translation with no English entry to translate, naming both files', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source);
    const hindi = join(dir, 'src/content/hi', story.path.replace('src/content/', ''));
    renameSync(hindi, hindi.replace(/[^/]+\.md$/, 'nobody-at-all.md'));
    const output = await syncError(dir);
    expect(output).toContain(`${story.path.replace('src/content/', 'src/content/hi/').replace(/[^/]+\.md$/, 'nobody-at-all.md')}: there is no English entry`);
  });

  it('a translation with a field the English file owns', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source);
    const hindi = join(dir, 'src/content/hi', story.path.replace('src/content/', ''));
    writeFileSync(hindi, readFileSync(hindi, 'utf8').replace(/^---\n/, '---\norder: 3\n'));
    const output = await syncError(dir);
    expect(output).toContain(`stories_hi → ${story.id}`);
    expect(output).toMatch(/order/);
  });

  it('a missing image', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source.replace(/^image:.*$/m, 'image: ../../../assets/stories/nobody.svg'));
    const output = await syncError(dir);
    expect(output).toContain(`${story.path}: field "image"`);
    expect(output).toContain('nobody.svg');
  });

  it('a wrong type in a Markdown file: a word where a number goes', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source.replace(/^order:.*$/m, 'order: first'));
    const output = await syncError(dir);
    expect(output).toContain(`stories → ${story.id}`);
    expect(output).toMatch(/order.*whole number/);
  });

  it('a stay-safe article with a field its page shows left empty, in one edition', async () => {
    const dir = projectCopy();
    const file = join(dir, 'src/content/gu/stay-safe/stay-safe.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^dangerTitle:.*$/m, 'dangerTitle: ""'));
    const output = await syncError(dir);
    expect(output).toContain('staySafe_gu → stay-safe');
    expect(output).toMatch(/dangerTitle.*write the heading over the helplines/);
  });

  it('a stay-safe article whose text holds what its page cannot show, naming the line and what to write', async () => {
    const dir = projectCopy();
    const file = join(dir, 'src/content/hi/stay-safe/stay-safe.md');
    const lines = readFileSync(file, 'utf8').split('\n');
    const paragraph = lines.findIndex((line, index) => index > 0 && line !== '' && !/^(---|#|- |\d+\. |\w+:)/.test(line));
    lines[paragraph] = `${lines[paragraph]} [STREE](https://stree.example)`;
    writeFileSync(file, lines.join('\n'));
    const output = await syncError(dir);
    expect(output).toContain(`src/content/hi/stay-safe/stay-safe.md: the text below the fields, line ${paragraph + 1}: a link`);
    expect(output).toContain('Write parts that each start with a "## " heading');
  });

  it('a wrong type in a JSON file: a price in quotes', async () => {
    const dir = projectCopy();
    const id = editJson(dir, 'products', (product) => { product.priceRupees = '80'; });
    const output = await syncError(dir);
    expect(output).toContain(`products → ${id}`);
    expect(output).toMatch(/priceRupees.*number without quotes/);
  });
});
