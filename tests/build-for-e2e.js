// The builds the end-to-end tests serve, made by Playwright's webServer before it starts the site, so
// `npx playwright test` alone never tests a stale dist/: the site (dist/), and the site as deployed
// elsewhere, below a sub-path and sending stories to Apps Script (tests/build-elsewhere.js).
// Each is its own process: Astro reads the base path and the endpoint when it loads the config.
// E2E_BUILDS (`site` or `site,elsewhere`) is set by playwright.config.ts from the specs a run names.
import { execFileSync } from 'node:child_process';

const BUILDS = {
  site: ['node_modules/astro/bin/astro.mjs', 'build'],
  elsewhere: ['tests/build-elsewhere.js'],
};

// The site itself is always built: the web server serves it, whatever else the specs need.
const chosen = process.env.E2E_BUILDS
  ? [...new Set(['site', ...process.env.E2E_BUILDS.split(',').map((name) => name.trim())])]
  : Object.keys(BUILDS);
for (const name of chosen) {
  const args = BUILDS[name];
  if (!args) throw new Error(`E2E_BUILDS names "${name}"; the builds are ${Object.keys(BUILDS).join(', ')}`);
  // process.execPath: the project's pinned Node that runs Playwright, not the machine's older one.
  execFileSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
}
