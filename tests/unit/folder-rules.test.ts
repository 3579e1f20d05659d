// docs/architecture.md says what each folder may use; an import across a line it draws is how a
// pure folder quietly starts reading files or the DOM, and how two folders come to need each other.
// This reads every import, static and dynamic, of every folder under src/, server/ and scripts/,
// and names the file and the import that breaks a rule. A folder with no rule fails too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

interface Rule {
  /** What the folder may import values from, as folders of the repository (`src/lib`). */
  uses: string[];
  /** Packages and schemes it must not reach for (`node:` files, `astro:` content). */
  forbidden?: RegExp;
  /** Why: shown with each break. */
  because: string;
}

const PURE = /^(node:|astro:|sharp$)/;

// Type-only imports vanish when the code runs, so they are free everywhere: the house style takes
// every content type from the schema (`CollectionEntry<'stories'>['data']`).
const RULES: Record<string, Rule> = {
  'src/lib': { uses: [], forbidden: PURE, because: 'src/lib is pure logic: it is handed what it works on' },
  'src/i18n': { uses: ['src/lib'], forbidden: PURE, because: 'strings know only the editions (src/lib/addresses.ts)' },
  'src/stores': { uses: [], forbidden: PURE, because: 'stores hold shared state and know nothing else' },
  'src/data': { uses: ['src/lib', 'src/i18n'], forbidden: /^(node:|sharp$)/, because: 'src/data queries content: file reading and drawing belong in src/build-time' },
  'src/browser': { uses: ['src/lib', 'src/stores'], forbidden: PURE, because: 'page scripts get plain data from the page, and what they act on is handed in' },
  'src/story-outbox': { uses: ['src/lib', 'src/browser'], forbidden: PURE, because: 'the outbox runs in the page and the worker: it tells the page what happened, it does not show it' },
  'src/islands': { uses: ['src/lib', 'src/i18n', 'src/stores', 'src/story-outbox', 'src/browser'], forbidden: PURE, because: 'islands receive plain props and never query content or read files' },
  'src/service-worker': { uses: ['src/lib', 'src/story-outbox'], forbidden: PURE, because: 'the worker is the outbox\'s other half and the site\'s addresses' },
  'src/build-time': { uses: ['src/lib', 'src/i18n', 'src/data', 'src/assets', 'src/styles', 'src/content.config.ts', 'public'], because: 'build-time code feeds pages; it never reaches into what they render' },
  'src/components': { uses: ['src/lib', 'src/i18n', 'src/data', 'src/islands', 'src/stores', 'src/story-outbox', 'src/browser', 'src/build-time', 'src/assets', 'src/styles'], because: 'components compose; pages and layouts use them, not the other way' },
  'src/layouts': { uses: ['src/lib', 'src/i18n', 'src/data', 'src/components', 'src/browser', 'src/build-time', 'src/assets', 'src/styles'], because: 'a layout wraps pages' },
  'src/pages': { uses: ['src/lib', 'src/i18n', 'src/data', 'src/components', 'src/layouts', 'src/islands', 'src/browser', 'src/build-time', 'src/assets', 'src/styles', 'src/content.config.ts'], because: 'pages are routes: they compose the rest' },
  'src/content.config.ts': { uses: ['src/lib', 'src/content-loaders'], because: 'the schema uses the content loaders and pure rules; build code reads the schema, not the other way' },
  'src/content-loaders': { uses: ['src/lib'], because: 'the loaders read content folders for the schema, nothing built' },
  server: { uses: ['src/lib', 'src/i18n', 'src/story-outbox', 'src/build-time'], because: 'npm start shares the form\'s rules and the headers\' matcher, never pages or islands' },
  scripts: { uses: ['src/lib', 'src/i18n', 'src/story-outbox', 'src/build-time', 'src/data', 'server'], because: 'developer tools use the code they work on, never the page\'s own scripts' },
};

/** Folders that hold no code of their own: content, pictures, styles, the deployed collector. */
const NO_CODE = ['src/content', 'src/assets', 'src/styles'];
/** Loose files at the top of src/: type declarations only. */
const DECLARATIONS = /\.d\.ts$/;

const CODE = /\.(tsx?|jsx?|mjs|astro)$/;
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function* codeFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (CODE.test(name)) yield path;
  }
}

/** The modules `source` imports for their values (not `import type`), statically or with `import()`. */
export function valueImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)].map(([, specifier]) => specifier!);
}

/** The rule's folder a repository path is in: `src/lib/x.ts` → `src/lib`, `server/inbox.js` → `server`. */
function folderOf(path: string): string {
  const parts = relative(ROOT, path).split(sep);
  if (parts[0] !== 'src') return parts[0]!;
  return parts.length > 2 || statSync(join(ROOT, 'src', parts[1]!), { throwIfNoEntry: false })?.isDirectory() ? `src/${parts[1]}` : `src/${parts[1]}`;
}

/** The folder a relative import lands in, or undefined for a package (`react`, `node:fs`). */
function targetFolder(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = join(dirname(file), specifier.split('?')[0]!);
  const parts = relative(ROOT, target).split(sep);
  if (parts[0] !== 'src') return parts[0];
  // `../i18n` is the folder's index; `../content.config` the schema file.
  return parts[1]!.startsWith('content.config') ? 'src/content.config.ts' : `src/${parts[1]}`;
}

/** Every import in `file` that its folder's rule does not allow, as `file imports x: why`. */
function breaksIn(file: string, source: string): string[] {
  const folder = folderOf(file);
  const rule = RULES[folder];
  const where = relative(ROOT, file);
  if (!rule) return [`${where}: the folder ${folder} has no rule in tests/unit/folder-rules.test.ts (and docs/architecture.md)`];
  return valueImports(source).flatMap((specifier) => {
    const target = targetFolder(file, specifier);
    const isAllowed = target === undefined ? !rule.forbidden?.test(specifier) : target === folder || rule.uses.includes(target);
    return isAllowed ? [] : [`${where} imports ${specifier}: ${rule.because}`];
  });
}

function allBreaks(): string[] {
  const roots = ['server', 'scripts', ...readdirSync(join(ROOT, 'src')).map((name) => `src/${name}`)];
  return roots.flatMap((root) => {
    const path = join(ROOT, root);
    if (NO_CODE.includes(root) || DECLARATIONS.test(root)) return [];
    const files = statSync(path).isDirectory() ? [...codeFiles(path)] : [path];
    return files.flatMap((file) => breaksIn(file, readFileSync(file, 'utf8')));
  });
}

describe('what each folder may use', () => {
  it('reads value imports, static and dynamic, and leaves type imports alone', () => {
    const source = `import { a } from '../data/x';\nimport type { B } from 'astro:content';\nexport { c } from 'node:fs';\nimport './side-effect.css';\nconst d = await import('../build/y');`;
    expect(valueImports(source)).toEqual(['../data/x', 'node:fs', './side-effect.css', '../build/y']);
  });

  it('finds a break when there is one, a dynamic import or a package a pure folder may not use', () => {
    const lib = join(ROOT, 'src', 'lib', 'example.ts');
    expect(breaksIn(lib, `const strings = await import('../i18n');`)).toEqual([`src/lib/example.ts imports ../i18n: ${RULES['src/lib']!.because}`]);
    expect(breaksIn(lib, `import { readFileSync } from 'node:fs';`)).toHaveLength(1);
    expect(breaksIn(lib, `import type { Strings } from '../i18n';\nimport { x } from './sections';`)).toEqual([]);
    const browser = join(ROOT, 'src', 'browser', 'example.ts');
    expect(breaksIn(browser, `import { forgetTypedWords } from '../story-outbox/draft';`)).toHaveLength(1);
  });

  it('finds a folder that has no rule', () => {
    expect(breaksIn(join(ROOT, 'src', 'widgets', 'x.ts'), '')).toEqual([
      'src/widgets/x.ts: the folder src/widgets has no rule in tests/unit/folder-rules.test.ts (and docs/architecture.md)',
    ]);
  });

  it('no arrow runs back up: every folder keeps to its rule', () => {
    expect(allBreaks()).toEqual([]);
  });

  it('no two folders use each other', () => {
    const loops = Object.entries(RULES).flatMap(([folder, { uses }]) =>
      uses.filter((used) => RULES[used]?.uses.includes(folder) && folder < used).map((used) => `${folder} ⇄ ${used}`));
    expect(loops).toEqual([]);
  });
});
