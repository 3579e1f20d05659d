// deploy/apps-script/Code.js run under Node, with in-memory stand-ins for the few Apps Script
// services it calls (a spreadsheet, the lock, the text and HTML outputs). The unit tests call its
// functions; the HTTPS stand-in of tests/apps-script/stand-in.ts answers posts with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';

export const COLLECTOR_FILE = join(import.meta.dirname, '../../deploy/apps-script/Code.js');

/** A sheet as the collector sees it: rows of cell values, each cell's number format beside. */
export class FakeSheet {
  rows: string[][] = [];
  formats: string[][] = [];
  frozenRows = 0;
  constructor(readonly name: string) {}
  getLastRow() {
    return this.rows.length;
  }
  setFrozenRows(rows: number) {
    this.frozenRows = rows;
  }
  getRange(row: number, column: number, rows = 1, columns = 1) {
    const sheet = this;
    let format = '';
    return {
      setNumberFormat(value: string) {
        format = value;
        return this;
      },
      setValues(values: unknown[][]) {
        if (values.length !== rows || values.some((line) => line.length !== columns)) throw new Error('setValues: the range and the values differ in size');
        values.forEach((line, i) => {
          sheet.rows[row - 1 + i] = line.map((value) => {
            // As Sheets does: a string starting with = is a formula, whatever the format.
            if (typeof value === 'string' && value.startsWith('=')) throw new Error(`A formula reached the sheet: ${value}`);
            return String(value);
          });
          sheet.formats[row - 1 + i] = line.map(() => format);
        });
        return this;
      },
      getValues() {
        return Array.from({ length: rows }, (_, i) => sheet.rows[row - 1 + i]!.slice(column - 1, column - 1 + columns));
      },
    };
  }
}

export interface Output {
  kind: 'text' | 'html';
  content: string;
  mimeType: string;
  title?: string;
}

/** A fresh copy of the collector over an empty spreadsheet. */
export function loadCollector({ url = 'https://script.google.com/macros/s/TEST/exec' } = {}) {
  const sheets = new Map<string, FakeSheet>();
  const book = {
    getSheetByName: (name: string) => sheets.get(name) ?? null,
    insertSheet: (name: string) => {
      const sheet = new FakeSheet(name);
      sheets.set(name, sheet);
      return sheet;
    },
  };
  const lock = { held: false, waits: 0 };
  const text = (content: string) => {
    const output: Output = { kind: 'text', content, mimeType: 'text/plain' };
    return Object.assign(output, {
      setMimeType(mimeType: string) {
        output.mimeType = mimeType;
        return this;
      },
    });
  };
  const html = (content: string) => {
    const output: Output = { kind: 'html', content, mimeType: 'text/html' };
    return Object.assign(output, {
      setTitle(title: string) {
        output.title = title;
        return this;
      },
      addMetaTag() {
        return this;
      },
    });
  };
  const context = createContext({
    console,
    SpreadsheetApp: { getActiveSpreadsheet: () => book, flush: () => {} },
    LockService: {
      getScriptLock: () => ({
        waitLock: () => {
          if (lock.held) throw new Error('The lock is held: a second story would write over the first');
          lock.held = true;
          lock.waits += 1;
        },
        releaseLock: () => {
          lock.held = false;
        },
      }),
    },
    ContentService: { createTextOutput: text, MimeType: { JSON: 'application/json', TEXT: 'text/plain' } },
    HtmlService: { createHtmlOutput: html },
    ScriptApp: { getService: () => ({ getUrl: () => url }) },
  });
  runInContext(readFileSync(COLLECTOR_FILE, 'utf8'), context, { filename: COLLECTOR_FILE });
  // Top-level function declarations of a script become properties of its global object.
  const script = context as Record<string, (...args: any[]) => any>;
  return {
    doGet: () => script.doGet!() as Output,
    doPost: (event: PostEvent) => script.doPost!(event) as Output,
    /** As the script would see `body` parsed from a request: made in its own realm (its own Object). */
    checkStory: (body: unknown) => script.checkStory!(runInContext('JSON.parse', context)(JSON.stringify(body))),
    safeCell: (value: string) => script.safeCell!(value) as string,
    rowFor: (story: object, received: Date) => script.rowFor!(story, received) as string[],
    /** Values as the collector sees them: the script's TEXT, for comparing with the site's strings. */
    constant: (name: string) => runInContext(name, context),
    sheet: (name: string) => sheets.get(name),
    lock,
  };
}

export type Collector = ReturnType<typeof loadCollector>;

/** The `e` of doPost(e), as Apps Script builds it from a request. */
export interface PostEvent {
  parameter: Record<string, string>;
  postData: { contents: string; length: number; type: string; name: 'postData' };
}

/** The event Apps Script gives doPost for a request: query and form fields in `parameter`. */
export function postEvent(query: URLSearchParams, body: string, contentType: string): PostEvent {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const parameter: Record<string, string> = {};
  for (const [name, value] of query) parameter[name] ??= value;
  if (type === 'application/x-www-form-urlencoded') {
    for (const [name, value] of new URLSearchParams(body)) parameter[name] ??= value;
  }
  return { parameter, postData: { contents: body, length: Buffer.byteLength(body), type, name: 'postData' } };
}
