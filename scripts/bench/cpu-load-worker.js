// One busy core for `--beside-load` (cpu-load.js): hashes without pause, yielding to its own event
// loop every slice only to hear that the bench is gone (the IPC channel closes) and end.
import { createHash } from 'node:crypto';

const SLICE_MS = 50;
const block = Buffer.alloc(64 * 1024, 1);

function spin() {
  const until = Date.now() + SLICE_MS;
  while (Date.now() < until) createHash('sha256').update(block).digest();
  setImmediate(spin);
}

process.on('disconnect', () => process.exit(0));
spin();
