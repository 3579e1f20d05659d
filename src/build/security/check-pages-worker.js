// One worker of check-pages.js: checks its share of the pages, writes each back narrowed, and
// answers with what the rest of the build's last step reads.
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { checkPage } from './page-check.js';

const { files, styleHashes } = workerData;
parentPort.postMessage(
  files.map((file) => {
    const { html, problems } = checkPage(readFileSync(file, 'utf8'), { styleHashes });
    writeFileSync(file, html);
    return { file, html, problems };
  }),
);
