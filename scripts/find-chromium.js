// Finds a Chromium for Playwright and, with --ensure, installs one when none is found:
// CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own download.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function playwrightChromium() {
  try {
    const out = execFileSync(process.execPath, ['-e',
      "import('@playwright/test').then(m => console.log(m.chromium.executablePath()))"], { encoding: 'utf8' });
    const path = out.trim();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The path of a usable Chromium, or undefined. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? playwrightChromium();
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

function installChromium() {
  if (run('npx', ['playwright', 'install', 'chromium']) && findChromium()) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  let path = findChromium();
  if (!path && process.argv.includes('--ensure')) {
    console.log('No Chromium found: installing one.');
    installChromium();
    path = findChromium();
  }
  if (!path) {
    console.error('No Chromium found. Set CHROMIUM_PATH, or run: apt-get install -y chromium');
    process.exit(1);
  }
  console.log(`Chromium: ${path}`);
}
