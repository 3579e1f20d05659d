// docs/architecture.md says what each folder may use; an import across a line it draws is how a
// pure folder quietly starts reading files or the DOM. This reads every import and names the
// file and the import that breaks a rule.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');

interface Rule {
  folder: string;
  /** Why the folder must not use these: shown with each break. */
  because: string;
  forbidden: RegExp;
}

// Type-only imports vanish when the code runs, so they are allowed everywhere: the house style
// takes every content type from the schema (`CollectionEntry<'stories'>['data']`).
const RULES: Rule[] = [
  {
    folder: 'lib',
    because: 'src/lib is pure: no files, no content queries, no build, browser or store code',
    forbidden: /^(node:|astro:|sharp$)|\/(data|build|browser|stores|islands|components|story-outbox)\//,
  },
  {
    folder: 'data',
    because: 'src/data queries content: file reading and drawing belong in src/build',
    forbidden: /^(node:|sharp$)|\/(build|browser|stores|islands|components)\//,
  },
  {
    folder: 'story-outbox',
    because: 'the outbox runs in the page and the worker: it tells the page what happened, it does not show it',
    forbidden: /^(node:|astro:)|\/(stores|islands|components|data|build)\//,
  },
  {
    folder: 'browser',
    because: 'page scripts get plain data from the page, never from content or files',
    forbidden: /^(node:|astro:)|\/(data|build)\//,
  },
  {
    folder: 'islands',
    because: 'islands receive plain props and never query content or read files',
    forbidden: /^(node:|astro:)|\/(data|build)\//,
  },
];

const CODE = /\.(tsx?|jsx?|mjs|astro)$/;
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function* codeFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (CODE.test(name)) yield path;
  }
}

/** The modules `source` imports for their values (not `import type`). */
export function valueImports(source: string): string[] {
  return [...source.matchAll(VALUE_IMPORT)].map(([, specifier]) => specifier!);
}

function breaks(rule: Rule): string[] {
  return [...codeFiles(join(SRC, rule.folder))].flatMap((file) =>
    valueImports(readFileSync(file, 'utf8'))
      .filter((specifier) => rule.forbidden.test(specifier))
      .map((specifier) => `${relative(process.cwd(), file)} imports ${specifier}: ${rule.because}`),
  );
}

describe('what each folder may use', () => {
  it('reads value imports and leaves type imports alone', () => {
    const source = `import { a } from '../data/x';\nimport type { B } from 'astro:content';\nexport { c } from 'node:fs';\nimport './side-effect.css';`;
    expect(valueImports(source)).toEqual(['../data/x', 'node:fs', './side-effect.css']);
  });

  it('finds a break when there is one', () => {
    const lib = RULES.find((rule) => rule.folder === 'lib')!;
    expect(lib.forbidden.test('node:fs')).toBe(true);
    expect(lib.forbidden.test('../data/stories')).toBe(true);
    expect(lib.forbidden.test('../i18n')).toBe(false);
  });

  for (const rule of RULES) {
    it(`src/${rule.folder} keeps to its rule`, () => {
      expect(breaks(rule)).toEqual([]);
    });
  }
});
