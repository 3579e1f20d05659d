// The builds the end-to-end tests serve, made by Playwright's webServer before it starts the site, so
// `npx playwright test` alone never tests a stale dist/: the site (dist/), the sub-path deploy
// (tests/build-subpath.js) and the site built for an Apps Script collector (tests/build-apps-script.js).
// Each is its own process: Astro reads the base path and the endpoint when it loads the config.
import { execFileSync } from 'node:child_process';

const BUILDS = [['node_modules/astro/bin/astro.mjs', 'build'], ['tests/build-subpath.js'], ['tests/build-apps-script.js']];

for (const args of BUILDS) {
  // process.execPath: the project's pinned Node that runs Playwright, not the machine's older one.
  execFileSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
}
