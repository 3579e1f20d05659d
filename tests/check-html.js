// Every built page, and every page the story inbox writes itself, checked by the Nu Html Checker
// (npm vnu-jar, which needs Java 11 or newer: `.ci/run` installs Debian's where it is missing).
// Fails on any error; warnings are printed, not counted. Run by `npm test` after the build.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fixPage, sentPage, unreadablePage } from '../server/story-pages.js';
import { LOCALES } from '../src/lib/editions.ts';

const DIST = process.argv[2] ?? 'dist';
/** The inbox's own pages, written out so the checker reads them as it reads dist/. */
const INBOX_PAGES = 'tmp/html-check';

function vnuJar() {
  try {
    return String(createRequire(import.meta.url)('vnu-jar'));
  } catch {
    console.error('The Nu Html Checker is missing: run npm install (it is the devDependency vnu-jar).');
    process.exit(1);
  }
}

function hasJava() {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

function writeInboxPages() {
  rmSync(INBOX_PAGES, { recursive: true, force: true });
  mkdirSync(INBOX_PAGES, { recursive: true });
  const values = { Name: 'आशा <b>', Phone: '98765', Story: 'x'.repeat(5001) };
  const problems = { Name: 'missing', Phone: 'invalid', Story: 'tooLong' };
  for (const lang of LOCALES) {
    const action = `/api/stories?lang=${lang}`;
    writeFileSync(join(INBOX_PAGES, `sent-${lang}.html`), sentPage({ lang }));
    writeFileSync(join(INBOX_PAGES, `unreadable-${lang}.html`), unreadablePage({ lang }));
    writeFileSync(join(INBOX_PAGES, `refused-${lang}.html`), fixPage({ lang, action, values, problems }));
    writeFileSync(join(INBOX_PAGES, `failed-${lang}.html`), fixPage({ lang, action, values, failed: true }));
  }
}

if (!hasJava()) {
  console.error('The Nu Html Checker needs Java: apt-get install -y default-jre-headless (.ci/run does it where it can).');
  process.exit(1);
}
writeInboxPages();
try {
  // --errors-only: a warning is advice, an error is markup a browser must guess at.
  execFileSync('java', ['-jar', vnuJar(), '--errors-only', '--skip-non-html', '--format', 'gnu', DIST, INBOX_PAGES], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  console.log(`Nu Html Checker: no errors in ${DIST}/ or the story inbox's pages.`);
} catch (error) {
  const report = String(error.stderr ?? error.message);
  const lines = report.trim().split('\n');
  console.error(lines.map((line) => line.replace(`${process.cwd()}/`, '')).join('\n'));
  console.error(`\nNu Html Checker: ${lines.length} error(s). Fix the markup (or the component that writes it).`);
  process.exit(1);
}
