// The test build for a collector on another origin: the whole site, built with
// PUBLIC_STORY_ENDPOINT at a Google Apps Script address, into tmp/dist-apps-script/, which
// tests/e2e/apps-script.spec.ts serves beside a stand-in for Apps Script (tests/apps-script/).
import { pathToFileURL } from 'node:url';

export const APPS_SCRIPT_ENDPOINT = 'https://script.google.com/macros/s/TEST/exec';
export const APPS_SCRIPT_DIST = 'tmp/dist-apps-script';

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { build } = await import('astro');
  // Astro and the project's integration read it when build() loads the config.
  process.env.PUBLIC_STORY_ENDPOINT = APPS_SCRIPT_ENDPOINT;
  await build({ outDir: APPS_SCRIPT_DIST, logLevel: 'warn' });
  console.log(`Apps Script build in ${APPS_SCRIPT_DIST}/ for ${APPS_SCRIPT_ENDPOINT}.`);
}
