// Part of `npm run bench`: does the build and /home stay usable when editors add a lot of content?
// Builds a temporary copy of the project twice, with the real content and with 1,000 extra stories
// and 500 extra profiles, and appends the comparison to docs/bench.md.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addSyntheticContent } from './synthetic-content.js';
import { countHtmlPages, sizeOf } from './dist-facts.js';
import { formatBytes, formatSeconds, table } from './format.js';
import { replaceSection } from './doc.js';

const EXTRA_STORIES = 1000;
const EXTRA_PROFILES = 500;
const COPIED = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
export const SCALE_HEADING = '## Scale: 1,000 more stories and 500 more profiles';
// Astro (content store, incremental builds) and Vite (pre-bundled deps) cache in node_modules by
// default: through the symlink the copy would overwrite the real project's caches, and a warm cache
// would make the second build look cheap. The copy caches in its own folder, emptied per build.
const BENCH_CONFIG = `import config from './astro.config.mjs';
export default { ...config, cacheDir: './.bench-cache/', vite: { ...config.vite, cacheDir: './.bench-cache/vite/' } };
`;

function makeCopy(projectDir) {
  const dir = mkdtempSync(join(tmpdir(), 'stree-bench-scale-'));
  for (const name of COPIED) cpSync(join(projectDir, name), join(dir, name), { recursive: true });
  symlinkSync(join(projectDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'bench.config.mjs'), BENCH_CONFIG);
  return dir;
}

/** Builds the copy; `warm` keeps the caches of the build before, as a host that keeps its build cache does. */
function runBuild(dir, { warm = false } = {}) {
  for (const name of ['dist', '.astro', ...(warm ? [] : ['.bench-cache'])]) rmSync(join(dir, name), { recursive: true, force: true });
  const started = process.hrtime.bigint();
  return new Promise((resolvePromise, reject) => {
    // Output is kept, not shown: 1,500 page lines would bury the report; it is printed on failure.
    const child = spawn('npx', ['astro', 'build', '--config', 'bench.config.mjs'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`astro build failed in ${dir} (exit ${code}):\n${output.slice(-4000)}`));
        return;
      }
      resolvePromise(Number(process.hrtime.bigint() - started) / 1e9);
    });
  });
}

async function measure(dir, label, options) {
  process.stdout.write(`[scale] building the ${label} set… `);
  const seconds = await runBuild(dir, options);
  const dist = join(dir, 'dist');
  const facts = {
    seconds,
    pages: countHtmlPages(dist),
    home: sizeOf(join(dist, 'home', 'index.html')),
    catalogue: sizeOf(join(dist, 'inspiring-women', 'index.html')),
  };
  console.log(`${formatSeconds(seconds)}, ${facts.pages} pages, /home ${formatBytes(facts.home.gzip)} gzip`);
  return facts;
}

const growth = (before, after) => after / before;
const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

function conclusion(real, large) {
  const pageRatio = growth(real.pages, large.pages);
  const timeRatio = growth(real.seconds, large.seconds);
  const homeRatio = growth(real.home.raw, large.home.raw);
  const homeVerdict =
    Math.abs(homeRatio - 1) < 0.02
      ? `stays flat (${percent(homeRatio)}), as it shows at most 4 stories per category`
      : `changes by ${percent(homeRatio)}: it should stay flat (at most 4 stories per category), so look at what grew`;
  return (
    `Pages grow ×${pageRatio.toFixed(1)} and build time ×${timeRatio.toFixed(1)} ` +
    `(${(((large.seconds - real.seconds) / (large.pages - real.pages)) * 1000).toFixed(0)} ms per extra page); ` +
    `/home ${homeVerdict}; the catalogue, which lists every profile, grows ×${growth(real.catalogue.raw, large.catalogue.raw).toFixed(1)}.`
  );
}

/** An editor's typical change: one story's summary, which its page and both share cards show. */
function changeOneStory(dir) {
  const stories = join(dir, 'src', 'content', 'stories');
  const category = readdirSync(stories).sort()[0];
  const file = join(stories, category, readdirSync(join(stories, category)).filter((name) => name.endsWith('.md')).sort()[0]);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: (.*)$/m, 'summary: $1, changed by the bench'));
}

function rebuildLines({ unchanged, oneChanged }) {
  const ratio = oneChanged.seconds / unchanged.seconds;
  return [
    `Rebuilds of the large set with the build cache kept (share cards are drawn once per look, \`src/build/share-card-cache.ts\`): ` +
      `nothing changed ${formatSeconds(unchanged.seconds)}; one story's summary changed ${formatSeconds(oneChanged.seconds)} ` +
      `(×${ratio.toFixed(2)} the unchanged rebuild; the goal is at most ×1.2).`,
    '',
  ];
}

function section(real, large, added, rebuilds) {
  const row = (label, facts) => [
    label,
    formatSeconds(facts.seconds),
    String(facts.pages),
    formatBytes(facts.home.raw),
    formatBytes(facts.home.gzip),
    formatBytes(facts.catalogue.raw),
    formatBytes(facts.catalogue.gzip),
  ];
  return [
    SCALE_HEADING,
    '',
    `A temporary copy of the project with ${added.stories.toLocaleString('en')} extra stories spread over the ${added.storyCategories} ` +
      `story categories and ${added.profiles.toLocaleString('en')} extra profiles over the ${added.profileCategories} profile categories ` +
      '(Markdown files like the real ones, one reused image), built with `npx astro build` from a cold cache ' +
      '(`scripts/bench/scale.js`; `npm run bench -- --no-scale` skips it).',
    '',
    table(
      ['content', 'build time', 'HTML pages', '/home raw', '/home gzip', '/inspiring-women/ raw', '/inspiring-women/ gzip'],
      [row('real', real), row('large', large)],
    ),
    '',
    conclusion(real, large),
    '',
    ...rebuildLines(rebuilds),
  ].join('\n');
}

/** Builds the real and the enlarged content set; returns the Markdown section. */
export async function runScaleBench(projectDir = process.cwd()) {
  console.log('\n[scale] copying the project to a temporary folder');
  const dir = makeCopy(projectDir);
  try {
    const real = await measure(dir, 'real');
    const added = addSyntheticContent(dir, { stories: EXTRA_STORIES, profiles: EXTRA_PROFILES });
    const large = await measure(dir, 'large');
    const unchanged = await measure(dir, 'large set again, nothing changed,', { warm: true });
    changeOneStory(dir);
    const oneChanged = await measure(dir, 'large set after one story changed,', { warm: true });
    return section(real, large, added, { unchanged, oneChanged });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `doc` with the scale section of `previousDoc`, when it had one: a bench run without the scale
 * test (`--no-scale`) keeps the figures of the last one instead of dropping them.
 */
export function keepScaleSection(previousDoc, doc) {
  const start = previousDoc.indexOf(`${SCALE_HEADING}\n`);
  if (start === -1) return doc;
  const end = previousDoc.indexOf('\n## ', start + SCALE_HEADING.length);
  return replaceSection(doc, SCALE_HEADING, previousDoc.slice(start, end === -1 ? undefined : end + 1));
}

/** Puts the section into docs/bench.md, replacing an earlier scale section. */
export function writeScaleSection(docPath, markdown) {
  const before = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# STREE performance benchmark\n';
  writeFileSync(docPath, replaceSection(before, SCALE_HEADING, markdown));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const markdown = await runScaleBench();
    writeScaleSection(resolve('docs/bench.md'), markdown);
    console.log(`\n${markdown}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
