// Code and docs send the reader to `docs/…` files and to each other's Markdown, often to a section
// of one (`docs/stories.md, "Voice stories"`, `README.md#deploy`): a pointer to a file or a heading
// that was renamed or never written leaves a newcomer at a dead end, so every one must exist.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
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
/**
 * A path in the repository written anywhere (`src/islands/VoiceRecorder.ts`, `server/inbox.js`):
 * but not an editor's example entry (`src/content/…`, `src/assets/…`), which CONTENT.md invents.
 */
const CODE_POINTER = /(?<![\w./-])(?:src\/(?!content\/|assets\/)|server\/|scripts\/|deploy\/)[\w./[\]-]*\.[a-z]{1,4}\b/g;
/** A relative Markdown link: `[text](stories.md)`, `[text](../README.md#set-up)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#|\/)([^)\s#]+)(?:#[^)\s]*)?\)/g;

/**
 * A pointer to a section: `stories.md, "Voice stories"` (straight or curly quotes),
 * `docs/design.md, Budgets)` (one capitalised word or more, up to a bracket or colon), or a link's
 * `file.md#anchor`. The section is named by the start of its heading.
 */
const SECTION_POINTER = /(?<![\w/-])((?:\.\.\/|[\w-]+\/)*[\w-]+\.md)(?:, (?:section )?(?:["“]([^"”\n]+)["”]|([A-Z][\w -]*?)(?=[):])))/g;
const ANCHOR_POINTER = /(?<![\w./-])((?:\.\.\/|[\w-]+\/)*[\w-]+\.md)?#([a-z0-9-]+)/g;

/** The headings of a Markdown file, as written and as GitHub makes their anchors. */
function headingsOf(file: string) {
  const titles = [...readFileSync(file, 'utf8').matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map(([, title]) => title!.replace(/`/g, ''));
  const anchor = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');
  return { titles, anchors: titles.map(anchor) };
}

/** The Markdown file a pointer names, as a reader would look for it: beside the pointer, then from the top. */
function fileNamed(pointer: string, from: string): string | undefined {
  const candidates = [join(dirname(from), pointer), join(ROOT, pointer), join(ROOT, 'docs', pointer)];
  return candidates.find((path) => existsSync(path));
}

function deadPointers(): string[] {
  const dead: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    for (const [pointer] of text.matchAll(DOCS_POINTER)) {
      if (!existsSync(join(ROOT, pointer))) dead.push(`${where}: ${pointer}`);
    }
    dead.push(...deadSections(text, file).map((pointer) => `${where}: ${pointer}`));
    // Tests name files that do not exist on purpose (a folder without a rule, a fixture's entry).
    if (!where.startsWith(`tests${sep}`)) {
      for (const [pointer] of text.matchAll(CODE_POINTER)) if (!existsSync(join(ROOT, pointer))) dead.push(`${where}: ${pointer}`);
    }
    if (!file.endsWith('.md')) continue;
    for (const [, target] of text.matchAll(MARKDOWN_LINK)) {
      if (!existsSync(join(dirname(file), decodeURI(target!)))) dead.push(`${where}: ${target}`);
    }
  }
  return dead;
}

/** The section pointers in `text` (written in `file`) whose file or heading does not exist. */
function deadSections(text: string, file: string): string[] {
  const dead: string[] = [];
  for (const [pointer, name, quoted, bare] of text.matchAll(SECTION_POINTER)) {
    const target = fileNamed(name!, file);
    const section = (quoted ?? bare)!.trim();
    if (!target || !headingsOf(target).titles.some((title) => title.startsWith(section))) dead.push(pointer);
  }
  // Anchors: in Markdown links only, where a reader clicks them (`](#deploy)`, `](README.md#set-up)`).
  if (file.endsWith('.md')) {
    for (const [, link] of text.matchAll(/\]\(([^)\s]*#[^)\s]+)\)/g)) {
      for (const [pointer, name, anchor] of link!.matchAll(ANCHOR_POINTER)) {
        if (/^https?:/.test(link!)) continue;
        const target = name ? fileNamed(name, file) : file;
        if (!target || !headingsOf(target).anchors.includes(anchor!)) dead.push(pointer);
      }
    }
  }
  return dead;
}

describe('pointers to documentation', () => {
  it('reads the project files it is meant to check', () => {
    expect(files.some((file) => file.endsWith(join('docs', 'architecture.md')))).toBe(true);
    expect(files.some((file) => file.endsWith(join('src', 'build-time', 'integration.ts')))).toBe(true);
  });

  it('finds a dead pointer when there is one', () => {
    const sample = 'see docs/no-such-file.md and react.dev/docs/error-decoder';
    expect([...sample.matchAll(DOCS_POINTER)].map(([match]) => match)).toEqual(['docs/no-such-file.md']);
  });

  it('finds a path to code that does not exist', () => {
    expect([...'see src/islands/VoiceRecorder.tsx and src/content/stories/x.md'.matchAll(CODE_POINTER)].map(([match]) => match)).toEqual([
      'src/islands/VoiceRecorder.tsx',
    ]);
  });

  it('finds a dead section when there is one', () => {
    const here = join(ROOT, 'docs', 'example.md');
    expect(deadSections('see docs/stories.md, "No such section" and stories.md, "Voice stories"', here)).toEqual([
      'docs/stories.md, "No such section"',
    ]);
    expect(deadSections('(docs/design.md, Budgets) and (docs/design.md, Nowhere)', here)).toEqual(['docs/design.md, Nowhere']);
    expect(deadSections('[set up](../README.md#no-such-heading) [ok](stories.md#voice-stories)', here)).toEqual(['../README.md#no-such-heading']);
  });

  it('names only files and sections that exist', () => {
    expect(deadPointers()).toEqual([]);
  });
});
