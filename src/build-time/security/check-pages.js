// The page checks of the build's last step (page-check.js) spread over the machine's cores: with
// thousands of pages, parsing each page is most of that step, and one core would do it alone.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./check-pages-worker.js', import.meta.url);
// Below this many pages a worker's start-up costs more than it saves.
const PAGES_PER_WORKER = 100;

/**
 * What the build's last step reads of a page, once its policy is narrowed.
 * @typedef {object} CheckedPage
 * @property {string} file
 * @property {string | undefined} policy its <meta> policy, narrowed (`metaPolicy`)
 * @property {string[]} problems its unsafe markup (`checkPage`)
 * @property {string[]} sampleLinks its links to sample addresses (`linksToSamples`)
 * @property {boolean} hasForm whether it holds the story form (`hasStoryForm`)
 */

/**
 * Narrows each page's policy in place, keeping the hashes of the styles its own islands' libraries
 * insert (`runtimeStyleHashes`), and checks it, in `files` order.
 * @param {string[]} files the pages of dist/
 * @param {{ samples?: { address: string, where: string }[] }} [options] the sample addresses (`sampleAddresses`)
 * @returns {Promise<CheckedPage[]>}
 */
export async function checkPages(files, { samples = [] } = {}) {
  const workers = Math.max(1, Math.min(availableParallelism(), Math.floor(files.length / PAGES_PER_WORKER)));
  // Every n-th page to each worker: story pages and profile pages, large and small, are spread evenly.
  const shares = Array.from({ length: workers }, (_, worker) => files.filter((_, i) => i % workers === worker));
  const checked = await Promise.all(shares.map((share) => inWorker(share, samples)));
  return files.map((_, i) => checked[i % workers][Math.floor(i / workers)]);
}

function inWorker(files, samples) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { files, samples } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the page checks stopped (exit ${code})`)));
  });
}
