// The test build for a sub-path deploy: the whole site, built with BASE_PATH=/stree/ into
// tmp/dist-subpath/, which tests/e2e/subpath.spec.ts serves and crawls. `astro build` alone
// makes all of it (src/build/integration.ts), as it does for a root deploy.
import { pathToFileURL } from 'node:url';

export const SUBPATH_BASE = '/stree/';
export const SUBPATH_DIST = 'tmp/dist-subpath';

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { build } = await import('astro');
  // astro.config.mjs reads it when build() loads the config.
  process.env.BASE_PATH = SUBPATH_BASE;
  await build({ outDir: SUBPATH_DIST, logLevel: 'warn' });
  console.log(`Sub-path build in ${SUBPATH_DIST}/ for ${SUBPATH_BASE}.`);
}
