// The test build for a sub-path deploy: the whole site, service worker included, built with
// BASE_PATH=/stree/ into tmp/dist-subpath/, which tests/e2e/subpath.spec.ts serves and crawls.
import { pathToFileURL } from 'node:url';

export const SUBPATH_BASE = '/stree/';
export const SUBPATH_DIST = 'tmp/dist-subpath';

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { build } = await import('astro');
  const { buildServiceWorker } = await import('./build-service-worker.js');
  const { addSecurityHeaders } = await import('./security-headers.js');
  // astro.config.mjs reads it when build() loads the config.
  process.env.BASE_PATH = SUBPATH_BASE;
  await build({ outDir: SUBPATH_DIST, logLevel: 'warn' });
  // As `npm run build` does: the policy goes into the pages before the worker hashes them.
  addSecurityHeaders(SUBPATH_DIST);
  const { count } = await buildServiceWorker({ dist: SUBPATH_DIST });
  console.log(`Sub-path build in ${SUBPATH_DIST}/ for ${SUBPATH_BASE}: the service worker precaches ${count} files.`);
}
