// The test build of the site as an organisation deploys it to a static host: below a sub-path
// (BASE_PATH=/stree/, as GitHub Pages serves a project) and sending stories to Google Apps Script
// (PUBLIC_STORY_ENDPOINT), since such a host runs no inbox of its own. One build serves both the
// sub-path crawl (tests/e2e/subpath.spec.ts) and the Apps Script specs (tests/apps-script/site.ts):
// each would otherwise cost the suite a whole build of its own.
import { pathToFileURL } from 'node:url';

export const ELSEWHERE_BASE = '/stree/';
export const APPS_SCRIPT_ENDPOINT = 'https://script.google.com/macros/s/TEST/exec';
export const ELSEWHERE_DIST = 'tmp/dist-elsewhere';

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { build } = await import('astro');
  // Astro and the project's integration read both when build() loads the config.
  process.env.BASE_PATH = ELSEWHERE_BASE;
  process.env.PUBLIC_STORY_ENDPOINT = APPS_SCRIPT_ENDPOINT;
  await build({ outDir: ELSEWHERE_DIST, logLevel: 'warn' });
  console.log(`Built in ${ELSEWHERE_DIST}/ for ${ELSEWHERE_BASE}, stories to ${APPS_SCRIPT_ENDPOINT}.`);
}
