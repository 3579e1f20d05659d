// The page checks of the build's last step (page-check.js) spread over the machine's cores: with
// thousands of pages, parsing each page is most of that step, and one core would do it alone.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./check-pages-worker.js', import.meta.url);
// Below this many pages a worker's start-up costs more than it saves.
const PAGES_PER_WORKER = 100;

/**
 * Narrows each page's policy in place, keeping the hashes of the styles its own islands' libraries
 * insert (`runtimeStyleHashes`), and lists its unsafe markup (`checkPage`), in `files` order.
 * @param {string[]} files the pages of dist/
 * @returns {Promise<{ file: string, html: string, problems: string[] }[]>}
 */
export async function checkPages(files) {
  const workers = Math.max(1, Math.min(availableParallelism(), Math.floor(files.length / PAGES_PER_WORKER)));
  // Every n-th page to each worker: story pages and profile pages, large and small, are spread evenly.
  const shares = Array.from({ length: workers }, (_, worker) => files.filter((_, i) => i % workers === worker));
  const checked = await Promise.all(shares.map((share) => inWorker(share)));
  return files.map((_, i) => checked[i % workers][Math.floor(i / workers)]);
}

function inWorker(files) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { files } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the page checks stopped (exit ${code})`)));
  });
}
