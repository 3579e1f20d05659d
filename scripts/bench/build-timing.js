// Part of the scale bench (scale.js): where a build's time goes. The bench's copy of the project
// builds with these hooks around the project's own integrations; each prints the seconds and the
// CPU seconds (every thread of the build's process) since the build started, and scale.js reads
// the lines back out of the build's output.
export const TIMING_MARK = '[bench-timing]';

const started = performance.now();
const cpuAtStart = process.cpuUsage();

function mark(name) {
  const cpu = process.cpuUsage(cpuAtStart);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${TIMING_MARK} ${name} ${seconds.toFixed(2)} ${((cpu.user + cpu.system) / 1e6).toFixed(2)}`);
}

/** Before the project's integrations: when the content is loaded and when every page is written. */
export const timingFirst = {
  name: 'bench-timing-first',
  hooks: {
    'astro:build:start': () => mark('content'),
    'astro:build:generated': () => mark('pages'),
  },
};

/** After the project's integrations: the build's last step (the sitemap, checks, worker and headers). */
export const timingLast = { name: 'bench-timing-last', hooks: { 'astro:build:done': () => mark('done') } };

/** A Vite plugin: each bundle Vite closes; the last before the pages is the end of bundling. */
export const timingBundles = { name: 'bench-timing-bundles', closeBundle: () => mark('bundle') };

/** A build's phases, in order, each ending at the mark of the same place in MARKS. */
export const PHASES = ['start-up and content', 'bundling', 'pages and share cards', 'after the pages'];
const MARKS = ['content', 'bundle', 'pages', 'done'];

/**
 * The phases of one build from its output: seconds and CPU seconds of each, in build order.
 * @param {string} output what the build printed
 * @returns {{ phase: string, seconds: number, cpu: number }[]}
 */
export function phasesOf(output) {
  const marks = new Map();
  for (const line of output.split('\n')) {
    const [, name, seconds, cpu] = line.match(/\[bench-timing\] (\w+) ([\d.]+) ([\d.]+)/) ?? [];
    // A bundle closes more than once: the last before the pages ends the bundling.
    if (name && !(name === 'bundle' && marks.has('pages'))) marks.set(name, { seconds: Number(seconds), cpu: Number(cpu) });
  }
  let before = { seconds: 0, cpu: 0 };
  return PHASES.flatMap((phase, i) => {
    const at = marks.get(MARKS[i]);
    if (!at) return [];
    const spent = { phase, seconds: at.seconds - before.seconds, cpu: at.cpu - before.cpu };
    before = at;
    return [spent];
  });
}
