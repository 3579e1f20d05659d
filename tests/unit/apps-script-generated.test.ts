// deploy/apps-script/Code.js carries the site's own code, written by `npm run apps-script`
// (scripts/apps-script.js): the story's limits, checks and messages from the modules the site and
// the inbox import, and the story form from its one description. This fails, naming what differs,
// when the two drift, and when Code.js uses JavaScript Apps Script may not run
// (docs/stories.md, "One source for the collector's checks").
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CODE_FILE, driftOf, regionOf, withGeneratedParts } from '../../scripts/apps-script.js';

const code = readFileSync(CODE_FILE, 'utf8');

describe('Code.js’s generated parts', () => {
  it('are what the generator writes from today’s modules', () => {
    expect(driftOf(code), 'Code.js is out of date: run npm run apps-script').toEqual([]);
    expect(code, 'Code.js is out of date: run npm run apps-script').toBe(withGeneratedParts(code));
  });

  it('name what drifted: a limit changed by hand in Code.js, a check missing from it', () => {
    // From what the generator writes, so this holds whether or not Code.js is up to date.
    const current = withGeneratedParts(code);
    const checks = regionOf(current, 'checks');
    const edited = checks.replace('const NAME_MAX = 100;', 'const NAME_MAX = 120;').replace(/^\/\*\*\n(?:^ \*.*\n)+^function partFits[^]*?^}\n/m, '');
    // A function, not a string, as the replacement: the code has `$` in it.
    const drifted = current.replace(checks, () => edited);
    expect(driftOf(drifted)).toEqual(['checks: partFits is missing from Code.js', 'checks: NAME_MAX differs from src/story-outbox/fields.js']);
  });

  it('are refused when Code.js declares by hand a name they declare: one global scope holds both', () => {
    expect(() => withGeneratedParts(`${code}\nfunction safeCell(value) {\n  return value;\n}\n`)).toThrow(/"safeCell" is declared twice/);
  });
});

/**
 * What Code.js may name besides the ECMAScript library: the Apps Script services it calls, and
 * `console`, which Apps Script's V8 runtime logs to the execution log
 * (developers.google.com/apps-script/guides/logging).
 */
const APPS_SCRIPT_GLOBALS = ['console', 'ContentService', 'DriveApp', 'HtmlService', 'LockService', 'MailApp', 'PropertiesService', 'ScriptApp', 'SpreadsheetApp', 'Utilities'];
const GLOBALS_FILE = '/apps-script-globals.d.ts';
/**
 * Google documents "modern ECMAScript syntax" for the V8 runtime but no edition
 * (developers.google.com/apps-script/guides/v8-runtime): Code.js keeps to ES2020, the edition it
 * was already written in (`??`), rather than assume a later one.
 */
const EDITION = ts.ScriptTarget.ES2020;

describe('Code.js is JavaScript Apps Script runs', () => {
  it('has no syntax newer than ES2020: TypeScript, asked for ES2020, rewrites none of it', () => {
    const emit = (target: ts.ScriptTarget) => ts.transpileModule(code, { fileName: 'Code.js', compilerOptions: { target, allowJs: true } }).outputText.split('\n');
    const [latest, lowered] = [emit(ts.ScriptTarget.ESNext), emit(EDITION)];
    const rewritten = latest.filter((line, i) => line !== lowered[i]).map((line) => line.trim());
    expect(rewritten, 'syntax newer than ES2020').toEqual([]);
  });

  it('names nothing outside ES2020’s library and the Apps Script services it calls', () => {
    const options: ts.CompilerOptions = { allowJs: true, checkJs: true, noEmit: true, target: EDITION, lib: ['lib.es2020.d.ts'], types: [], noResolve: true };
    const host = ts.createCompilerHost(options);
    const globals = APPS_SCRIPT_GLOBALS.map((name) => `declare const ${name}: any;`).join('\n');
    const { getSourceFile, fileExists } = host;
    host.getSourceFile = (name, version, ...rest) => (name === GLOBALS_FILE ? ts.createSourceFile(name, globals, version) : getSourceFile(name, version, ...rest));
    host.fileExists = (name) => name === GLOBALS_FILE || fileExists(name);
    const program = ts.createProgram([CODE_FILE, GLOBALS_FILE], options, host);
    // Cannot find a name (2304, 2552 "did you mean", 2583 and 2584 "change your target library"),
    // or a property the library has only in a later edition (2550).
    const unknown = ts.getPreEmitDiagnostics(program).filter(({ code: number }) => [2304, 2550, 2552, 2583, 2584].includes(number)).map((diagnostic) => {
      const line = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1;
      return `Code.js:${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
    expect(unknown).toEqual([]);
  });
});
