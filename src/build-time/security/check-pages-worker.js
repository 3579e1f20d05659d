// One worker of check-pages.js: checks its share of the pages, writes each back narrowed, and
// answers with what the rest of the build's last step reads.
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { checkPage } from './page-check.js';
import { runtimeStyleHashes } from './runtime-styles.js';

const { files } = workerData;
parentPort.postMessage(
  files.map((file) => {
    const built = readFileSync(file, 'utf8');
    const { html, problems } = checkPage(built, { styleHashes: runtimeStyleHashes(built) });
    writeFileSync(file, html);
    return { file, html, problems };
  }),
);
