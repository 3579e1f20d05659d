// Every built page, and every page the story inbox writes itself, checked by the Nu Html Checker
// (npm vnu-jar, which needs Java 11 or newer: `.ci/run` installs Debian's where it is missing).
// Fails on any error; warnings are printed, not counted. Run by `npm test` after the build.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * The HTML standard lets `blocking` stand on a link whose rel is `stylesheet` or `expect` (link type
 * "expect": render-blocking until an element of the page has arrived; Chromium 124 and later). The
 * Nu checker knows only `stylesheet` and calls the other an error, so that one message is filtered
 * out of its report, and this checks the rule as the standard states it instead.
 */
const NU_KNOWS_ONLY_STYLESHEET = 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\\.';

function linksBlockingWithoutStandardRel(dir) {
  const found = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'))) {
    for (const [link] of readFileSync(join(dir, file), 'utf8').matchAll(/<link\b[^>]*\bblocking=[^>]*>/g)) {
      if (!/\brel="(stylesheet|expect)"/.test(link)) found.push(`${dir}/${file}: ${link}`);
    }
  }
  return found;
}

if (!hasJava()) {
  console.error('The Nu Html Checker needs Java: apt-get install -y default-jre-headless (.ci/run does it where it can).');
  process.exit(1);
}
writeInboxPages();
try {
  // --errors-only: a warning is advice, an error is markup a browser must guess at.
  const args = ['--errors-only', '--skip-non-html', '--format', 'gnu', '--filterpattern', `.*${NU_KNOWS_ONLY_STYLESHEET}.*`];
  execFileSync('java', ['-jar', vnuJar(), ...args, DIST, INBOX_PAGES], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  const misused = linksBlockingWithoutStandardRel(DIST);
  if (misused.length > 0) {
    console.error(`${misused.join('\n')}\n\nA link with "blocking" must have rel="stylesheet" or rel="expect" (HTML standard).`);
    process.exit(1);
  }
  console.log(`Nu Html Checker: no errors in ${DIST}/ or the story inbox's pages.`);
} catch (error) {
  const report = String(error.stderr ?? error.message);
  const lines = report.trim().split('\n');
  console.error(lines.map((line) => line.replace(`${process.cwd()}/`, '')).join('\n'));
  console.error(`\nNu Html Checker: ${lines.length} error(s). Fix the markup (or the component that writes it).`);
  process.exit(1);
}
