// The Markdown of the Lighthouse sections: one row per page type, then what cost points.
import { CATEGORIES } from './summary.js';
import { formatBytes, formatCls, formatMs, formatScore, table } from './format.js';

const CATEGORY_NAMES = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

const pageCell = (result) => `${result.page.type} \`${decodeURI(result.page.path)}\``;
const runsNote = (result) => (result.runs.length < result.attempted ? ` (${result.runs.length} of ${result.attempted} runs)` : '');

/** Table of median scores, timings and bytes under Lighthouse's default mobile settings. */
export function mobileTable(results) {
  return table(
    ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'transfer', 'JS transfer'],
    results.map((r) => [
      pageCell(r) + runsNote(r),
      ...CATEGORIES.map((id) => formatScore(r.median.scores[id])),
      formatMs(r.median.fcp),
      formatMs(r.median.lcp),
      formatMs(r.median.tbt),
      formatCls(r.median.cls),
      formatBytes(r.median.totalBytes),
      formatBytes(r.median.scriptBytes),
    ]),
  );
}

/** Table of median paint times under the slow-3G emulation. */
export function slowTable(results) {
  return table(
    ['page', 'FCP', 'LCP', 'transfer', 'JS transfer'],
    results.map((r) => [
      pageCell(r) + runsNote(r),
      formatMs(r.median.fcp),
      formatMs(r.median.lcp),
      formatBytes(r.median.totalBytes),
      formatBytes(r.median.scriptBytes),
    ]),
  );
}

const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '?');

/**
 * The figures the performance goals are written in (docs/design.md, "Budgets"): on the home pages
 * and the reference, slow-3G LCP as a multiple of FCP (goal: 1.15 or less) and blocking time; on
 * every page, the script a phone fetched with no touch (a story page: 10 KB or less).
 */
export function goalsTable(mobile, slow) {
  return table(
    ['page', 'slow 3G FCP', 'slow 3G LCP', 'LCP ÷ FCP', 'TBT (mobile)', 'JS fetched, no touch (mobile)', 'perf'],
    mobile.map((m) => {
      const s = slow.find((r) => r.page.path === m.page.path);
      return [
        pageCell(m),
        formatMs(s?.median.fcp),
        formatMs(s?.median.lcp),
        ratio(s?.median.lcp, s?.median.fcp),
        formatMs(m.median.tbt),
        formatBytes(m.median.scriptBytes),
        formatScore(m.median.scores.performance),
      ];
    }),
  );
}

function describeAudit({ title, score, displayValue, error }, runs, total) {
  const outcome = error ? `failed: ${error}` : `${displayValue ? `${displayValue}, ` : ''}score ${score.toFixed(2)}`;
  return `${title} (${outcome.replaceAll('|', '/')}; in ${runs} of ${total} runs)`;
}

/** For every category whose median is below 100 or missing: the weighted audits that cost it, by page. */
export function failingAuditsList(results) {
  const lines = [];
  for (const result of results) {
    for (const id of CATEGORIES) {
      const score = result.median.scores[id];
      if (score >= 100 || (score === undefined && result.runs.length === 0)) continue;
      const byId = new Map();
      for (const run of result.failing) {
        for (const audit of run[id] ?? []) {
          const seen = byId.get(audit.id);
          byId.set(audit.id, { audit: seen?.audit ?? audit, runs: (seen?.runs ?? 0) + 1 });
        }
      }
      const audits = [...byId.values()].map(({ audit, runs }) => describeAudit(audit, runs, result.failing.length));
      const detail = audits.length ? audits.join('; ') : 'no single weighted audit below 1';
      const shown = score === undefined ? 'has no score' : formatScore(score);
      lines.push(`- ${pageCell(result)}, ${CATEGORY_NAMES[id]} ${shown}: ${detail}.`);
    }
  }
  return lines.length ? lines.join('\n') : 'Every category scores 100 on every page type.';
}
