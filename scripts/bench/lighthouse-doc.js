// The Lighthouse part of docs/bench.md: when, where, how, the two tables and what cost points.
import { cpus, totalmem } from 'node:os';
import { failingAuditsList, goalsTable, mobileTable, slowTable } from './report.js';
import { median } from './summary.js';

const loadNote = (load) => load.map((value) => value.toFixed(1)).join(' at the start, ') + ' at the end';

function machineNote({ chromiumVersion, results, load }) {
  const first = results.find((r) => r.lighthouseVersion);
  const benchmark = median(results.map((r) => r.environment?.benchmarkIndex));
  return [
    `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM`,
    // Other jobs on a shared machine skew simulated timings: the 1-minute load average shows it.
    `load average ${loadNote(load)}`,
    chromiumVersion,
    `Node ${process.version}`,
    `Lighthouse ${first?.lighthouseVersion ?? '?'}` + (benchmark ? ` (benchmark index ${Math.round(benchmark)})` : ''),
  ].join('; ');
}

function redirectNotes(results) {
  return results.flatMap((r) => {
    const moved = r.runs.filter((run) => run.finalUrl && new URL(run.finalUrl).pathname !== r.page.path);
    if (moved.length === 0) return [];
    const to = new URL(moved[0].finalUrl).pathname;
    return [`- \`${decodeURI(r.page.path)}\` ended on \`${decodeURI(to)}\` in ${moved.length} of ${r.runs.length} runs ` +
      '(its own 3-second redirect, expected): the paint times are the first page\'s, the bytes include the second.'];
  });
}

/** The whole Lighthouse part of the report, as Markdown. */
export function lighthouseDoc({ date, chromiumVersion, load, minutes, runs, slow3g, mobile, slow }) {
  const notes = [...redirectNotes(mobile), ...redirectNotes(slow)];
  return [
    '# STREE performance benchmark',
    '',
    `Measured ${date} by \`npm run bench\` (\`scripts/bench/run.js\`); the build and the Lighthouse runs took ${minutes.toFixed(1)} min.`,
    '',
    `Machine: ${machineNote({ chromiumVersion, results: mobile, load })}. Chromium runs headless, without network access ` +
      'beyond loopback; `dist/` is served by the project\'s own `server/static-site.js` on 127.0.0.1.',
    '',
    '## How to reproduce',
    '',
    '```sh',
    'npm run bench                      # build, Lighthouse, then the scale test (about 15 minutes on 2 cores)',
    'npm run bench -- --no-build        # measure the dist/ already there',
    'npm run bench -- --no-scale        # skip the 1,500-entry build',
    'npm run bench -- --runs=1          # one run per page: quicker, noisier',
    'npm run bench -- --beside-load     # then the home pages again beside a CPU load (about 6 more minutes)',
    '```',
    '',
    'Each page type is one concrete page picked from `dist/`: the first story category (by folder name), its first ' +
      'story, the first profile. Figures are medians of ' + `${runs} runs, each in a fresh Chromium.`,
    '',
    'Transfer sizes are what `server/static-site.js` sends: gzip-compressed, as every static host sends text. ' +
      'The splash prefetches `/home` (docs/design.md, Routes), and the slow-3G runs wait long ' +
      'enough for its redirect, so its transfer there counts `/home` too.',
    '',
    '## The goals, side by side',
    '',
    'The reference is `/home` with every script taken out (the bench serves it; nothing is built for it): the same ' +
      'HTML and CSS, so its paints are the floor for ours. Goals: on the home pages LCP within 15 % of FCP on slow 3G; ' +
      'on a story page at most 10 KB of script before a touch, none of it React; performance 100 everywhere.',
    '',
    goalsTable(mobile, slow),
    '',
    'Earlier runs, before and after each change aimed at these figures: [bench-history.md](bench-history.md).',
    '',
    '## Lighthouse mobile',
    '',
    'Lighthouse\'s default mobile settings: a 412 px phone, simulated throttling (150 ms RTT, 1.6 Mbps, CPU ×4); ' +
      'categories performance, accessibility, best practices and SEO.',
    '',
    mobileTable(mobile),
    '',
    '### What keeps a score below 100',
    '',
    'Weighted audits of each category below 100 that scored below 1 (title, value, score, how many runs).',
    '',
    failingAuditsList(mobile),
    '',
    '## Slow 3G',
    '',
    `The same pages with DevTools throttling (applied to the real page load, not simulated): ` +
      `${slow3g.requestLatencyMs} ms added to every request, ${slow3g.downloadThroughputKbps} kbps down and ` +
      `${slow3g.uploadThroughputKbps} kbps up, CPU slowed ×${slow3g.cpuSlowdownMultiplier}, on a ` +
      `${slow3g.screen.width}×${slow3g.screen.height} px screen (the design's base phone); only the paint metrics.`,
    '',
    slowTable(slow),
    '',
    ...(notes.length ? ['Notes:', '', ...notes, ''] : []),
  ].join('\n');
}

/** The tables alone, for the terminal. */
export function lighthouseSummary({ mobile, slow }) {
  return [
    'Goals (medians):', goalsTable(mobile, slow), '',
    'Lighthouse mobile (medians):', mobileTable(mobile), '',
    'Below 100:', failingAuditsList(mobile), '',
    'Slow 3G (medians):', slowTable(slow),
  ].join('\n');
}
