// The "Beside a CPU load" part of docs/bench.md: the home pages as a busy cheap phone sees them.
import { failingAuditsList } from './report.js';
import { formatMs, formatScore, table } from './format.js';

export const BESIDE_LOAD_HEADING = '## Beside a CPU load';

const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '?');

/** One row per page: Lighthouse mobile beside the load, then slow 3G beside it; the idle TBT for comparison. */
function besideLoadTable(idle, mobile, slow) {
  return table(
    ['page', 'perf', 'FCP', 'LCP', 'TBT', 'TBT idle', 'slow 3G FCP', 'slow 3G LCP', 'LCP ÷ FCP'],
    mobile.map((m) => {
      const s = slow.find((r) => r.page.path === m.page.path);
      const i = idle.find((r) => r.page.path === m.page.path);
      return [
        `${m.page.type} \`${decodeURI(m.page.path)}\``,
        formatScore(m.median.scores.performance),
        formatMs(m.median.fcp),
        formatMs(m.median.lcp),
        formatMs(m.median.tbt),
        formatMs(i?.median.tbt),
        formatMs(s?.median.fcp),
        formatMs(s?.median.lcp),
        ratio(s?.median.lcp, s?.median.fcp),
      ];
    }),
  );
}

/** Every TBT a run read, so a reader sees the spread a busy machine gives and not the median alone. */
const spread = (results) =>
  results.map((r) => `\`${decodeURI(r.page.path)}\` ${r.runs.map((run) => formatMs(run.tbt)).join(', ')}`).join('; ');

/** The section, as Markdown. */
export function besideLoadSection({ load, loadAverage, idle, mobile, slow }) {
  return [
    BESIDE_LOAD_HEADING,
    '',
    `The home pages again, each Lighthouse run (both settings above) made while ${load} kept the CPU busy ` +
      '(`npm run bench -- --beside-load`), so Chromium gets a share of the cores, as on a cheap phone with other ' +
      'apps awake. Simulated throttling multiplies every main-thread task it saw by 4 (a task that lays out ' +
      'the page by 2), so a task the load stretches past 12.5 ms counts as blocking. ' +
      `Load average ${loadAverage.map((value) => value.toFixed(1)).join(' at the start, ')} at the end (the bench's ` +
      'own busy processes included). Goals: performance 95 or more, TBT 150 ms or less, slow-3G LCP within 15 % ' +
      'of FCP.',
    '',
    besideLoadTable(idle, mobile, slow),
    '',
    `TBT of each run beside the load: ${spread(mobile)}.`,
    '',
    failingAuditsList(mobile),
    '',
  ].join('\n');
}
