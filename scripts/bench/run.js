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
import { keepScaleSection, runScaleBench, writeScaleSection } from './scale.js';

const DEFAULT_RUNS = 3;
const DIST = resolve('dist');
const DOC = resolve('docs/bench.md');

// Default mobile config; the full-page screenshot only feeds the HTML report, which we do not keep.
const MOBILE_FLAGS = { onlyCategories: CATEGORIES, disableFullPageScreenshot: true };

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
  let mobile, slow;
  try {
    mobile = await measurePages({ ...common, label: 'mobile', flags: MOBILE_FLAGS });
    slow = await measurePages({ ...common, label: 'slow 3G', flags: SLOW_FLAGS, scored: false });
  } finally {
    await server.close();
  }

  const doc = lighthouseDoc({
    date: new Date().toISOString().slice(0, 10),
    chromiumVersion: chromiumVersion(chromePath),
    load: [loadBefore, loadavg()[0]],
    minutes: minutesSince(started),
    runs,
    slow3g: SLOW_3G,
    mobile,
    slow,
  });
  mkdirSync(dirname(DOC), { recursive: true });
  writeFileSync(DOC, keepScaleSection(existsSync(DOC) ? readFileSync(DOC, 'utf8') : '', doc));
  console.log(`\n${lighthouseSummary({ mobile, slow })}\n\n[bench] wrote ${DOC}`);

  if (!args.has('--no-scale')) {
    const scale = await runScaleBench();
    writeScaleSection(DOC, scale);
    console.log(`\n${scale}`);
  }
  console.log(`[bench] done in ${minutesSince(started).toFixed(1)} min`);

  const unmeasured = [...mobile, ...slow].filter((r) => r.runs.length === 0);
  if (unmeasured.length) fail(`Lighthouse could not measure: ${unmeasured.map((r) => r.page.path).join(', ')}`);
}

main().catch((error) => fail(error.stack ?? error.message));
