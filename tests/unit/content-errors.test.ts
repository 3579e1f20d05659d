// An editor's mistake must stop the build with the file and the field: checked end to end by
// breaking a content file in a temporary copy of the project and running `astro sync`.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = process.cwd();
let copy: string | undefined;

function projectCopy() {
  copy = mkdtempSync(join(tmpdir(), 'stree-content-'));
  for (const item of ['src', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, item), join(copy, item), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
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

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

describe('a broken content file stops the build, naming the file and the field', () => {
  it('a missing field', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source.replace(/^summary:.*\n/m, ''));
    const output = await syncError(dir);
    expect(output).toContain(`stories → ${story.id}`);
    expect(output).toMatch(/summary/);
  });

  it('an unknown category, listing the valid ones', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source.replace(/^category:.*$/m, 'category: cooking'));
    const output = await syncError(dir);
    expect(output).toContain(story.id);
    expect(output).toMatch(/category.*use one of: .*livelihood/);
  });

  it('a missing image', async () => {
    const dir = projectCopy();
    const story = editStory(dir, (source) => source.replace(/^image:.*$/m, 'image: ../../../assets/stories/nobody.svg'));
    const output = await syncError(dir);
    expect(output).toContain(`${story.path}: field "image"`);
    expect(output).toContain('nobody.svg');
  });
});
