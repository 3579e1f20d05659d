// Runs Lighthouse a few times per page and keeps medians, printing each run as it finishes.
import { runLighthouse } from './lighthouse-run.js';
import { failingAudits, figuresOf, medianFigures } from './summary.js';
import { formatMs } from './format.js';

// A fresh Chromium occasionally fails to load the first document on a busy 2-core machine
// (FAILED_DOCUMENT_REQUEST); one more try tells a flake from a broken page.
const ATTEMPTS_PER_RUN = 2;

async function oneRun(url, options) {
  let lastError;
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    try {
      const lhr = await runLighthouse(url, options);
      if (!lhr.runtimeError) return { lhr };
      lastError = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    } catch (error) {
      lastError = error.message;
    }
    console.log(`    attempt ${attempt} failed: ${lastError}`);
  }
  return { error: lastError };
}

function progressLine(figures) {
  const scores = Object.values(figures.scores).filter((s) => s !== undefined);
  const scorePart = scores.length ? `scores ${scores.join('/')}, ` : '';
  return `${scorePart}FCP ${formatMs(figures.fcp)}, LCP ${formatMs(figures.lcp)}`;
}

/**
 * Measures every page `runs` times with the given Lighthouse flags (`scored`: keep category scores).
 * Returns one result per page: its runs' figures, failing audits per run, medians and errors.
 */
export async function measurePages({ label, origin, pages, runs, chromePath, flags, scored = true }) {
  const results = [];
  const total = pages.length * runs;
  let done = 0;
  for (const page of pages) {
    const result = { page, attempted: runs, runs: [], failing: [], errors: [] };
    for (let run = 1; run <= runs; run += 1) {
      const started = Date.now();
      const { lhr, error } = await oneRun(origin + page.path, { chromePath, flags });
      done += 1;
      const prefix = `[${label} ${done}/${total}] ${decodeURI(page.path)} run ${run}/${runs}`;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (error) {
        result.errors.push(error);
        console.log(`${prefix}: failed (${error}) after ${seconds} s`);
        continue;
      }
      // With onlyAudits a category's score covers only those audits: not a score worth showing.
      const figures = scored ? figuresOf(lhr) : { ...figuresOf(lhr), scores: {} };
      result.runs.push(figures);
      result.failing.push(failingAudits(lhr));
      result.environment ??= lhr.environment;
      result.lighthouseVersion ??= lhr.lighthouseVersion;
      console.log(`${prefix}: ${progressLine(figures)} (${seconds} s)`);
    }
    result.median = medianFigures(result.runs);
    results.push(result);
  }
  return results;
}
