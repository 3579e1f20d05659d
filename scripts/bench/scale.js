// Part of `npm run bench`, or on its own with `node scripts/bench/scale.js [--runs=N]`: does the
// build and /home stay usable when editors add a lot of content? Builds a temporary copy of the
// project with the real content, then with 1,000 extra stories and 500 extra profiles: from a cold
// cache, again with nothing changed, and after one story changed (these three once per run), and
// writes the comparison, phase by phase, into docs/bench.md.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addSyntheticContent } from './synthetic-content.js';
import { countHtmlPages, sizeOf } from './dist-facts.js';
import { formatBytes, formatSeconds, table } from './format.js';
import { replaceSection } from './doc.js';
import { phasesOf, PHASES } from './build-timing.js';

const EXTRA_STORIES = 1000;
const EXTRA_PROFILES = 500;
const COPIED = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
export const SCALE_HEADING = '## Scale: 1,000 more stories and 500 more profiles';
// Astro (content store, incremental builds) and Vite (pre-bundled deps) cache in node_modules by
// default: through the symlink the copy would overwrite the real project's caches, and a warm cache
// would make the second build look cheap. The copy caches in its own folder, emptied per cold build.
// The timing hooks (build-timing.js) print where each build's time goes.
const BENCH_CONFIG = `import config from './astro.config.mjs';
import { timingBundles, timingFirst, timingLast } from './bench-timing.mjs';
export default {
  ...config,
  integrations: [timingFirst, ...config.integrations, timingLast],
  cacheDir: './.bench-cache/',
  vite: { ...config.vite, cacheDir: './.bench-cache/vite/', plugins: [...(config.vite?.plugins ?? []), timingBundles] },
};
`;
const TIMING_MODULE = join(dirname(fileURLToPath(import.meta.url)), 'build-timing.js');

function makeCopy(projectDir) {
  const dir = mkdtempSync(join(tmpdir(), 'stree-bench-scale-'));
  for (const name of COPIED) cpSync(join(projectDir, name), join(dir, name), { recursive: true });
  symlinkSync(join(projectDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'bench.config.mjs'), BENCH_CONFIG);
  cpSync(TIMING_MODULE, join(dir, 'bench-timing.mjs'));
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
      resolvePromise({ seconds: Number(process.hrtime.bigint() - started) / 1e9, output });
    });
  });
}

async function measure(dir, label, options) {
  process.stdout.write(`[scale] building the ${label}… `);
  const loadBefore = loadavg()[0];
  const { seconds, output } = await runBuild(dir, options);
  const dist = join(dir, 'dist');
  const phases = phasesOf(output);
  const facts = {
    seconds,
    cpu: phases.reduce((sum, { cpu }) => sum + cpu, 0),
    phases,
    load: [loadBefore, loadavg()[0]],
    pages: countHtmlPages(dist),
    home: sizeOf(join(dist, 'home', 'index.html')),
    catalogue: sizeOf(join(dist, 'inspiring-women', 'index.html')),
  };
  const loads = facts.load.map((value) => value.toFixed(1)).join(' → ');
  console.log(`${formatSeconds(seconds)} (CPU ${formatSeconds(facts.cpu)}, load ${loads}), ${facts.pages} pages, /home ${formatBytes(facts.home.gzip)} gzip`);
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

/** An editor's typical change: one story's summary, which its page and its share cards show. */
function changeOneStory(dir) {
  const stories = join(dir, 'src', 'content', 'stories');
  const category = readdirSync(stories).sort()[0];
  const file = join(stories, category, readdirSync(join(stories, category)).filter((name) => name.endsWith('.md')).sort()[0]);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: (.*)$/m, 'summary: $1, changed by the bench'));
}

const LARGE_BUILDS = [
  ['cold', 'cold cache'],
  ['unchanged', 'cache kept, nothing changed'],
  ['oneChanged', 'cache kept, one story changed'],
];

/** One row per build of the large set: its time, CPU time and load, and each phase as seconds / CPU seconds. */
function buildRows(runs) {
  return runs.flatMap((run, i) =>
    LARGE_BUILDS.map(([key, build]) => {
      const facts = run[key];
      const phases = PHASES.map((phase) => {
        const spent = facts.phases.find((p) => p.phase === phase);
        return spent ? `${spent.seconds.toFixed(1)} / ${spent.cpu.toFixed(1)}` : '–';
      });
      const load = facts.load.map((value) => value.toFixed(1)).join(' → ');
      return [String(i + 1), build, formatSeconds(facts.seconds), formatSeconds(facts.cpu), load, ...phases];
    }),
  );
}

function rebuildLine(runs) {
  const ratios = runs.map(({ unchanged, oneChanged }) => `×${(oneChanged.seconds / unchanged.seconds).toFixed(2)}`);
  return (
    `A rebuild after one story's summary changed takes ${ratios.join(', ')} the time of a rebuild with nothing changed ` +
    '(the goal is at most ×1.2): the cache keeps each share card by what it shows (`src/build-time/share-card-cache.ts`), ' +
    "so only that story's cards are drawn again."
  );
}

function machine() {
  const [first] = cpus();
  return `${cpus().length} cores (${first?.model.trim() ?? 'unknown'})`;
}

function section(real, runs, added, { load: [loadStart, loadEnd] }) {
  const large = runs[0].cold;
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
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node scripts/bench/scale.js --runs=${runs.length}\` ` +
      '(`npm run bench` ends with one run of it; `npm run bench -- --no-scale` skips it) ' +
      `on ${machine()}, Node ${process.version}; load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end. ` +
      "Where other work shares the machine a build gets less of it: its CPU seconds, the build's own work, move less than its seconds.",
    '',
    `A temporary copy of the project with ${added.stories.toLocaleString('en')} extra stories spread over the ${added.storyCategories} ` +
      `story categories and ${added.profiles.toLocaleString('en')} extra profiles over the ${added.profileCategories} profile categories ` +
      '(Markdown files like the real ones, one reused image; a page and a share card each in every edition), built with `npx astro build`.',
    '',
    table(
      ['content, cold cache', 'build time', 'HTML pages', '/home raw', '/home gzip', '/inspiring-women/ raw', '/inspiring-women/ gzip'],
      [row('real', real), row('large', large)],
    ),
    '',
    conclusion(real, large),
    '',
    'Each build of the large set and where its time went, as seconds / CPU seconds (all threads of the build) per phase. ' +
      'A cold cache is what a first deploy, or a host whose build cache was emptied, pays; a kept cache is a host that keeps ' +
      'Astro\'s cache folder between builds (README, "Build cache").',
    '',
    table(['run', 'large set', 'build time', 'CPU time', 'load average', ...PHASES], buildRows(runs)),
    '',
    rebuildLine(runs),
    '',
  ].join('\n');
}

/** Builds the real content set, then the enlarged one `runs` times; returns the Markdown section. */
export async function runScaleBench(projectDir = process.cwd(), { runs: runCount = 1 } = {}) {
  const loadStart = loadavg()[0];
  console.log('\n[scale] copying the project to a temporary folder');
  const dir = makeCopy(projectDir);
  try {
    const real = await measure(dir, 'real set, cold cache');
    const added = addSyntheticContent(dir, { stories: EXTRA_STORIES, profiles: EXTRA_PROFILES });
    const runs = [];
    for (let run = 1; run <= runCount; run += 1) {
      const label = (build) => `large set, run ${run}, ${build}`;
      const cold = await measure(dir, label('cold cache'));
      const unchanged = await measure(dir, label('cache kept, nothing changed'), { warm: true });
      changeOneStory(dir);
      const oneChanged = await measure(dir, label('cache kept, one story changed'), { warm: true });
      runs.push({ cold, unchanged, oneChanged });
    }
    return section(real, runs, added, { load: [loadStart, loadavg()[0]] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Puts the section into docs/bench.md, replacing an earlier scale section. */
export function writeScaleSection(docPath, markdown) {
  const before = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# STREE performance benchmark\n';
  writeFileSync(docPath, replaceSection(before, SCALE_HEADING, markdown));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
    const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 1;
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number from 1, not ${runsArg}`);
    const markdown = await runScaleBench(process.cwd(), { runs });
    writeScaleSection(resolve('docs/bench.md'), markdown);
    console.log(`\n${markdown}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
