// One worker of check-pages.js: checks its share of the pages, writes each back narrowed, and
// answers with what the rest of the build's last step reads of each, not the page itself: with
// thousands of pages, sending them back cost the main thread time and memory for nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { linksToSamples } from '../unfinished-content.js';
import { hasStoryForm } from './headers.js';
import { checkPage, metaPolicy } from './page-check.js';
import { runtimeStyleHashes } from './runtime-styles.js';

const { files, samples } = workerData;
parentPort.postMessage(
  files.map((file) => {
    const built = readFileSync(file, 'utf8');
    const { html, problems } = checkPage(built, { styleHashes: runtimeStyleHashes(built) });
    writeFileSync(file, html);
    return { file, policy: metaPolicy(html), problems, sampleLinks: linksToSamples(html, samples), hasForm: hasStoryForm(html) };
  }),
);
