// How figures read in the report: one decimal, units a reader expects.

export const formatSeconds = (seconds) => (seconds === undefined ? '–' : `${seconds.toFixed(1)} s`);
export const formatMs = (ms) => (ms === undefined ? '–' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);
export const formatBytes = (bytes) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
export const formatScore = (score) => (score === undefined ? '–' : String(Math.round(score)));
export const formatCls = (cls) => (cls === undefined ? '–' : cls.toFixed(3));

/** A Markdown table; cells must not contain `|`. */
export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
