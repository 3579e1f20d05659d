// `npm run bench -- --beside-load`: a busy phone, reproduced on the bench machine. One busy process
// per core, each hashing a buffer over and over at normal priority, so Chromium gets its share of
// the CPU and no more, as the page's scripts do on a cheap phone with other apps awake.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const BUSY_SCRIPT = fileURLToPath(new URL('./cpu-load-worker.js', import.meta.url));

/** What the load is, in the words the report prints. */
export function describeLoad(processes = availableParallelism()) {
  return `${processes} busy Node processes (one per core), each hashing 64 KB with SHA-256 in a loop at normal priority`;
}

/** Starts one busy process per core; returns `stop()`, which ends them (and only them). */
export function startLoad(processes = availableParallelism()) {
  // Forked with an IPC channel: a worker ends on its own when the bench exits, however it exits.
  const workers = Array.from({ length: processes }, () => fork(BUSY_SCRIPT, [], { stdio: 'ignore' }));
  const stop = () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill();
  };
  process.once('exit', stop);
  return { processes, stop };
}
