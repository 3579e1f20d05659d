// Code and docs send the reader to `docs/…` files and to each other's Markdown: a pointer to a file
// that was renamed or never written leaves a newcomer at a dead end, so every one must exist.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const FOLDERS = ['src', 'server', 'scripts', 'tests', 'deploy', 'docs', 'public', '.ci', '.github'];
const TOP_FILES = ['README.md', 'CONTENT.md', 'astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts', 'package.json', 'netlify.toml'];
const TEXT = /\.(astro|[cm]?[jt]sx?|md|json|ya?ml|toml|css|html|txt)$|^run$/;
// The content's own Markdown is editors' prose, not pointers into the repository; this file names
// a dead pointer on purpose.
const SKIPPED = [join('src', 'content'), join('tests', 'unit', 'doc-pointers.test.ts')];

function* textFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (SKIPPED.some((skipped) => relative(ROOT, path) === skipped)) continue;
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (TEXT.test(name)) yield path;
  }
}

const files = [
  ...TOP_FILES.map((name) => join(ROOT, name)).filter((path) => existsSync(path)),
  ...FOLDERS.map((name) => join(ROOT, name)).filter((path) => existsSync(path)).flatMap((path) => [...textFiles(path)]),
];

/** `docs/x.md` written anywhere, but not inside another site's address (`react.dev/docs/…`). */
const DOCS_POINTER = /(?<![\w./-])docs\/[\w./-]*\w/g;
/** A relative Markdown link: `[text](stories.md)`, `[text](../README.md#set-up)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#|\/)([^)\s#]+)(?:#[^)\s]*)?\)/g;

function deadPointers(): string[] {
  const dead: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    for (const [pointer] of text.matchAll(DOCS_POINTER)) {
      if (!existsSync(join(ROOT, pointer))) dead.push(`${where}: ${pointer}`);
    }
    if (!file.endsWith('.md')) continue;
    for (const [, target] of text.matchAll(MARKDOWN_LINK)) {
      if (!existsSync(join(dirname(file), decodeURI(target!)))) dead.push(`${where}: ${target}`);
    }
  }
  return dead;
}

describe('pointers to documentation', () => {
  it('reads the project files it is meant to check', () => {
    expect(files.some((file) => file.endsWith(join('docs', 'architecture.md')))).toBe(true);
    expect(files.some((file) => file.endsWith(join('src', 'build', 'integration.ts')))).toBe(true);
  });

  it('finds a dead pointer when there is one', () => {
    const sample = 'see docs/no-such-file.md and react.dev/docs/error-decoder';
    expect([...sample.matchAll(DOCS_POINTER)].map(([match]) => match)).toEqual(['docs/no-such-file.md']);
  });

  it('names only files that exist', () => {
    expect(deadPointers()).toEqual([]);
  });
});
