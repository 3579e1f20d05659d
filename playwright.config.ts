import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.js';
import { SPEECH_WAV } from './tests/e2e/fake-microphone';

const PORT = Number(process.env.E2E_PORT) || 4400;
/** Where stories sent during the e2e run land; tests read it back. */
export const E2E_INBOX_FILE = 'test-results/e2e-inbox/stories.csv';
/** The Apps Script stand-in (tests/apps-script/stand-in.ts): the port after the site's. */
export const APPS_SCRIPT_PORT = PORT + 1;
/**
 * The stand-in the voice stories told to Apps Script reach (tests/e2e/apps-script-voice.spec.ts): a
 * port of its own, so that spec and apps-script.spec.ts, each serial on its fixed port, may run at once.
 */
export const APPS_SCRIPT_VOICE_PORT = PORT + 2;
/** Chromium as every project starts it: Debian's, no sandbox (root), no calls home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The voice specs (tests/e2e/voice*.spec.ts): their Chromium has a microphone, the others run without one. */
const VOICE_SPECS = /\/voice[^/]*\.spec\.ts$/;
const APPS_SCRIPT_VOICE_SPEC = /apps-script-voice\.spec\.ts$/;
/**
 * The voice projects' microphone: Chromium's fake one playing SPEECH_WAV (tests/e2e/fake-microphone.ts),
 * every request for it granted without a prompt.
 */
const MICROPHONE_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${SPEECH_WAV}`,
];
/**
 * A voice story sent over a 2G link that drops (tests/e2e/*-2g.spec.ts): a 90-second story chosen
 * in the form, its requests sent through a throttling proxy each test starts (tests/e2e/slow-link.ts).
 * Their own projects: 2G takes real time.
 */
const TWO_G_SPECS = /-2g\.spec\.ts$/;
/** Chromium reaches an Apps Script stand-in on `port` under Google's own names (docs/stories.md). */
const appsScriptArgs = (port: number) => [
  `--host-resolver-rules=MAP script.google.com 127.0.0.1:${port}, MAP script.googleusercontent.com 127.0.0.1:${port}`,
  // The stand-in's certificate is made at test time: no authority signed it.
  '--ignore-certificate-errors',
];

/**
 * The builds a run needs (tests/build-for-e2e.js): the one deployed elsewhere (a sub-path, stories
 * to Apps Script) only when a spec or project that serves it is asked for, or when nothing is named
 * (the whole suite). E2E_BUILDS, when set, is taken as it is.
 */
function buildsFor(args: string[]): string {
  const named = args.filter((arg) => !arg.startsWith('-') && /spec|e2e|\.ts$/.test(arg));
  const projects = args.flatMap((arg, i) => (arg.startsWith('--project=') ? [arg.slice(10)] : arg === '--project' ? [args[i + 1] ?? ''] : []));
  const asks = (pattern: RegExp) => (named.length === 0 && projects.length === 0) || named.some((arg) => pattern.test(arg)) || projects.some((name) => pattern.test(name));
  return ['site', ...(asks(/subpath|apps-script/) ? ['elsewhere'] : [])].join(',');
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two, as on the 2-core machines CI and a developer have: more only wait on each other for the CPU.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // `npm test` leaves out what only the whole run needs (tests/e2e/runs.ts); E2E_FULL (set by
  // `npm run test:full` and .ci/run) runs everything.
  grepInvert: process.env.E2E_FULL ? undefined : /@whole-run/,
  // Dot in CI: its failures are printed last, where a log cut to its tail still shows them.
  reporter: process.env.CI ? 'dot' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace costs every test its recording; kept only for a test that failed once and is tried again.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/apps-script\.spec\.ts$/, VOICE_SPECS, APPS_SCRIPT_VOICE_SPEC, TWO_G_SPECS],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
    {
      // The site built for a Google Apps Script collector, against a stand-in on this machine that
      // Chromium reaches under Google's own names (docs/stories.md). Its flags stay in this project.
      name: 'apps-script',
      testMatch: /apps-script\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        ignoreHTTPSErrors: true,
        launchOptions: {
          executablePath: findChromium(),
          args: [...CHROMIUM_ARGS, ...appsScriptArgs(APPS_SCRIPT_PORT)],
        },
      },
    },
    // Makes the speech the voice project's microphone plays, before that project's Chromium starts.
    { name: 'voice-setup', testMatch: /\/voice\.setup\.ts$/ },
    {
      // Chromium with the fake microphone. The file loops: a recording longer than it still hears speech.
      name: 'voice',
      testMatch: VOICE_SPECS,
      dependencies: ['voice-setup'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...MICROPHONE_ARGS] },
      },
    },
    {
      // The site built for Apps Script, as in `apps-script`, with the fake microphone: a voice story
      // recorded in the form, sent to the stand-in on a port of its own.
      name: 'apps-script-voice',
      testMatch: APPS_SCRIPT_VOICE_SPEC,
      dependencies: ['voice-setup'],
      use: {
        ...devices['Desktop Chrome'],
        ignoreHTTPSErrors: true,
        launchOptions: {
          executablePath: findChromium(),
          args: [...CHROMIUM_ARGS, ...appsScriptArgs(APPS_SCRIPT_VOICE_PORT), ...MICROPHONE_ARGS],
        },
      },
    },
    // Makes the speech the 2G projects' stories are cut from (tests/e2e/long-speech.ts).
    { name: 'long-speech-setup', testMatch: /\/long-speech\.setup\.ts$/ },
    {
      // A voice story chosen in the form and sent to the local inbox over 2G that drops.
      name: 'inbox-2g',
      testMatch: /\/inbox-2g\.spec\.ts$/,
      dependencies: ['long-speech-setup'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
    {
      // The same to the Apps Script stand-in, on a port of its own that only the proxy knows:
      // Chromium asks the proxy for Google's names and never resolves them, so no resolver rules.
      name: 'apps-script-2g',
      testMatch: /\/apps-script-2g\.spec\.ts$/,
      dependencies: ['long-speech-setup'],
      use: {
        ...devices['Desktop Chrome'],
        ignoreHTTPSErrors: true,
        launchOptions: {
          executablePath: findChromium(),
          // The proxy answers TLS for Google's names with a certificate made at test time.
          args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
        },
      },
    },
  ],
  webServer: {
    // Builds first, so a run of any spec tests today's code (tests/build-for-e2e.js).
    command: 'node tests/build-for-e2e.js && node server/start.js',
    // Two builds on a busy 2-core machine take minutes, not the default 60 s.
    timeout: 15 * 60_000,
    url: `http://localhost:${PORT}/home`,
    env: { PORT: String(PORT), STORY_INBOX_FILE: E2E_INBOX_FILE, E2E_BUILDS: process.env.E2E_BUILDS ?? buildsFor(process.argv.slice(2)) },
    reuseExistingServer: false,
  },
});
