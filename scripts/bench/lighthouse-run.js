// One Lighthouse run in a fresh Chromium, so no run inherits another's cache or service worker.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

// docs/development.md, "This machine": the machine has no outside network, so nothing may phone home.
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Runs Lighthouse once on `url` with `flags` (settings over the default mobile config); returns the LHR. */
export async function runLighthouse(url, { chromePath, flags }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}
