// `npm run bench`: the performance report in docs/bench.md (docs/design.md, Budgets: timings live here).
// A report, not a test: low scores still exit 0; a failed build, a missing Chromium or a page
// Lighthouse could not load at all exit 1.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { findChromium } from '../find-chromium.js';
import { pickPages } from './pages.js';
import { serveDist } from './serve.js';
import { measurePages } from './measure.js';
import { CATEGORIES } from './summary.js';
import { lighthouseDoc, lighthouseSummary } from './lighthouse-doc.js';
import { runScaleBench, SCALE_HEADING, writeScaleSection } from './scale.js';
import { describeLoad, startLoad } from './cpu-load.js';
import { besideLoadSection } from './beside-load-doc.js';

const DEFAULT_RUNS = 3;
const DIST = resolve('dist');
const DOC = resolve('docs/bench.md');

// Default mobile config; the full-page screenshot only feeds the HTML report, which we do not keep.
const MOBILE_FLAGS = { onlyCategories: CATEGORIES, disableFullPageScreenshot: true };

/** The pages measured again beside the CPU load: the two homes the goals name, and their script-free floor. */
const BESIDE_LOAD_TYPES = ['home', 'home, Hindi', 'reference'];

// Slow 3G for rural visitors. DevTools throttling needs the request-level fields; rttMs and
// throughputKbps only matter to simulated throttling and are set alike so the report is unambiguous.
const SLOW_3G = {
  rttMs: 400,
  throughputKbps: 400,
  requestLatencyMs: 400,
  downloadThroughputKbps: 400,
  uploadThroughputKbps: 400,
  cpuSlowdownMultiplier: 4,
};
// Observed throttling makes Lighthouse wait at least 5.25 s of network quiet and then of CPU quiet
// (nonSimulatedSettingsOverrides, not lowerable), so each of these runs takes about 20 s.
const SLOW_FLAGS = {
  throttlingMethod: 'devtools',
  throttling: SLOW_3G,
  // Only the figures the table shows: skipping the other audits skips their gatherers too.
  onlyAudits: ['first-contentful-paint', 'largest-contentful-paint', 'resource-summary'],
  // The design's base phone (docs/style.md, CSS): what fills its first screen is what LCP waits for.
  formFactor: 'mobile',
  screenEmulation: { mobile: true, width: 360, height: 740, deviceScaleFactor: 2, disabled: false },
  disableFullPageScreenshot: true,
};

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

function chromiumVersion(chromePath) {
  try {
    return execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `Chromium at ${chromePath} (version unknown)`;
  }
}

const minutesSince = (start) => (Date.now() - start) / 60000;

/** The doc's scale section, kept from the last run when this one skips it: it belongs to that run. */
function earlierScaleSection() {
  if (!existsSync(DOC)) return undefined;
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(`${SCALE_HEADING}\n`);
  if (start === -1) return undefined;
  const next = doc.indexOf('\n## ', start + SCALE_HEADING.length);
  return doc.slice(start, next === -1 ? undefined : next + 1);
}

/** The home pages once more, every run beside one busy process per core (cpu-load.js). */
async function measureBesideLoad(common) {
  const pages = common.pages.filter((page) => BESIDE_LOAD_TYPES.includes(page.type));
  const load = startLoad();
  console.log(`[bench] beside a CPU load: ${describeLoad(load.processes)}`);
  const loadBefore = loadavg()[0];
  try {
    const mobile = await measurePages({ ...common, pages, label: 'mobile beside load', flags: MOBILE_FLAGS });
    const slow = await measurePages({ ...common, pages, label: 'slow 3G beside load', flags: SLOW_FLAGS, scored: false });
    return { load: describeLoad(load.processes), loadAverage: [loadBefore, loadavg()[0]], mobile, slow };
  } finally {
    load.stop();
  }
}

async function main() {
  const started = Date.now();
  const args = new Set(process.argv.slice(2));
  // --runs=1 gives a quick look while working on a page; the report's medians want 3.
  const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : DEFAULT_RUNS;
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs wants a whole number from 1, not ${runsArg}`);
  const chromePath = findChromium();
  if (!chromePath) fail('no Chromium found. Set CHROMIUM_PATH, or run: apt-get install -y chromium');

  if (!args.has('--no-build')) {
    console.log('[bench] npm run build');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) fail(`the build failed (exit ${build.status ?? build.signal})`);
  }
  if (!existsSync(resolve(DIST, 'index.html'))) fail('dist/index.html is missing: run without --no-build');

  const pages = pickPages(DIST);
  const server = await serveDist(DIST);
  console.log(`[bench] serving dist/ at ${server.origin}; ${pages.length} pages × ${runs} runs × 2 settings`);
  const common = { origin: server.origin, pages, runs, chromePath };
  const loadBefore = loadavg()[0];
  let mobile, slow, idleLoad, besideLoad;
  try {
    mobile = await measurePages({ ...common, label: 'mobile', flags: MOBILE_FLAGS });
    slow = await measurePages({ ...common, label: 'slow 3G', flags: SLOW_FLAGS, scored: false });
    idleLoad = loadavg()[0];
    if (args.has('--beside-load')) besideLoad = await measureBesideLoad(common);
  } finally {
    await server.close();
  }

  const doc = lighthouseDoc({
    date: new Date().toISOString().slice(0, 10),
    chromiumVersion: chromiumVersion(chromePath),
    load: [loadBefore, idleLoad],
    minutes: minutesSince(started),
    runs,
    slow3g: { ...SLOW_3G, screen: SLOW_FLAGS.screenEmulation },
    mobile,
    slow,
  });
  const keptScale = args.has('--no-scale') ? earlierScaleSection() : undefined;
  const section = besideLoad && besideLoadSection({ ...besideLoad, idle: mobile });
  mkdirSync(dirname(DOC), { recursive: true });
  writeFileSync(DOC, [doc, section, keptScale].filter(Boolean).join('\n'));
  console.log(`\n${lighthouseSummary({ mobile, slow })}\n${section ? `\n${section}\n` : ''}\n[bench] wrote ${DOC}`);

  if (!args.has('--no-scale')) {
    const scale = await runScaleBench();
    writeScaleSection(DOC, scale);
    console.log(`\n${scale}`);
  }
  console.log(`[bench] done in ${minutesSince(started).toFixed(1)} min`);

  const unmeasured = [...mobile, ...slow, ...(besideLoad?.mobile ?? []), ...(besideLoad?.slow ?? [])].filter((r) => r.runs.length === 0);
  if (unmeasured.length) fail(`Lighthouse could not measure: ${unmeasured.map((r) => r.page.path).join(', ')}`);
}

main().catch((error) => fail(error.stack ?? error.message));
