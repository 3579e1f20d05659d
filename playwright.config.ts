import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.js';

const PORT = Number(process.env.E2E_PORT) || 4400;
/** Where stories sent during the e2e run land; tests read it back. */
export const E2E_INBOX_FILE = 'test-results/e2e-inbox/stories.csv';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium(),
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node server/start.js',
    url: `http://localhost:${PORT}/home`,
    env: { PORT: String(PORT), STORY_INBOX_FILE: E2E_INBOX_FILE },
    reuseExistingServer: false,
  },
});
