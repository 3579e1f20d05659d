// deploy/apps-script/Code.js run under Node, over in-memory stand-ins for the Google services it
// calls, each doing what Google documents (docs/stories.md, "As Google runs it"): a spreadsheet
// opened by id whose sheets have 1,000 rows and throw past them, a TextFinder, a script lock whose
// wait times out and throws, Script Properties, a digest, text and HTML outputs, and MailApp with
// a daily quota. The unit tests call its functions; tests/apps-script/stand-in.ts serves it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';

export const COLLECTOR_FILE = join(import.meta.dirname, '../../deploy/apps-script/Code.js');
/** The spreadsheet's id as the set-up puts it in the Script Property SHEET_ID. */
export const SHEET_ID = '1STREEtestSheetIdXXXXXXXXXXXXXXXXXXXXXXXXXX';
/** Rows of a new sheet in Google Sheets. */
export const NEW_SHEET_ROWS = 1000;

/** What Google's services count, for the tests to read: cells the script read, cells TextFinder searched. */
export interface Counters {
  cellsRead: number;
  cellsSearched: number;
}

/** A sheet as the collector sees it: rows of cell values, each cell's number format beside. */
export class FakeSheet {
  rows: string[][] = [];
  formats: string[][] = [];
  frozenRows = 0;
  maxRows = NEW_SHEET_ROWS;
  constructor(
    readonly name: string,
    private readonly counters: Counters,
  ) {}
  getLastRow() {
    return this.rows.length;
  }
  getMaxRows() {
    return this.maxRows;
  }
  insertRowsAfter(_after: number, howMany: number) {
    this.maxRows += howMany;
    return this;
  }
  setFrozenRows(rows: number) {
    this.frozenRows = rows;
  }
  getRange(row: number, column: number, rows = 1, columns = 1) {
    // As Sheets does: a range past the sheet's rows is an error, not a new row.
    if (row < 1 || column < 1 || row + rows - 1 > this.maxRows) {
      throw new Error('Exception: The coordinates of the range are outside the dimensions of the sheet.');
    }
    const sheet = this;
    const counters = this.counters;
    let format = '';
    const cell = (r: number, c: number) => sheet.rows[r - 1]?.[c - 1] ?? '';
    const range = {
      getRow: () => row,
      setNumberFormat(value: string) {
        format = value;
        return range;
      },
      setValues(values: unknown[][]) {
        if (values.length !== rows || values.some((line) => line.length !== columns)) throw new Error('setValues: the range and the values differ in size');
        values.forEach((line, i) => {
          sheet.rows[row - 1 + i] = line.map((value) => {
            // A string starting with = is a formula to Sheets: none may reach the sheet.
            if (typeof value === 'string' && value.startsWith('=')) throw new Error(`A formula reached the sheet: ${value}`);
            return String(value);
          });
          sheet.formats[row - 1 + i] = line.map(() => format);
        });
        return range;
      },
      getValues() {
        counters.cellsRead += rows * columns;
        return Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => cell(row + i, column + j)));
      },
      getValue() {
        counters.cellsRead += 1;
        return cell(row, column);
      },
      /** Google searches on its side: the script gets only the cells found. */
      createTextFinder(text: string) {
        let entire = false;
        let matchCase = false;
        const finder = {
          matchEntireCell: (on: boolean) => ((entire = on), finder),
          matchCase: (on: boolean) => ((matchCase = on), finder),
          findAll() {
            const found = [];
            const wanted = matchCase ? text : text.toLowerCase();
            for (let r = row; r < row + rows; r += 1) {
              for (let c = column; c < column + columns; c += 1) {
                counters.cellsSearched += 1;
                const value = matchCase ? cell(r, c) : cell(r, c).toLowerCase();
                if (entire ? value === wanted : value.includes(wanted)) found.push(sheet.getRange(r, c));
              }
            }
            return found;
          },
        };
        return finder;
      },
    };
    return range;
  }
}

export interface Output {
  kind: 'text' | 'html';
  content: string;
  mimeType: string;
  title?: string;
}

export interface CollectorOptions {
  url?: string;
  /** Script Properties as the set-up leaves them; SHEET_ID names this spreadsheet unless replaced. */
  properties?: Record<string, string>;
  /** E-mails MailApp may still send today (Google's daily recipients quota). */
  mailQuota?: number;
}

/** A fresh copy of the collector over an empty spreadsheet. */
export function loadCollector({ url = 'https://script.google.com/macros/s/TEST/exec', properties = {}, mailQuota = 100 }: CollectorOptions = {}) {
  const counters: Counters = { cellsRead: 0, cellsSearched: 0 };
  const sheets = new Map<string, FakeSheet>();
  const book = {
    getSheetByName: (name: string) => sheets.get(name) ?? null,
    insertSheet: (name: string) => {
      const sheet = new FakeSheet(name, counters);
      sheets.set(name, sheet);
      return sheet;
    },
  };
  const scriptProperties: Record<string, string> = { SHEET_ID, ...properties };
  /**
   * The script lock. `busy`: another execution holds it (a burst of stories): waitLock waits its
   * time and throws, as Google documents; tryLock answers false.
   */
  const lock = { held: false, busy: false, waits: 0, timeouts: 0 };
  const mail = { sent: [] as { to: string; subject: string; body: string }[], quota: mailQuota };
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
    // The host's clock, so a test can move it (vi.setSystemTime) past the 24 hours a repeat is looked for.
    Date,
    console: { ...console, error: () => {} },
    SpreadsheetApp: {
      // A stand-alone project has no active spreadsheet.
      getActiveSpreadsheet: () => null,
      openById: (id: string) => {
        if (id !== scriptProperties.SHEET_ID) throw new Error('Exception: Unexpected error while getting the method or property openById on object SpreadsheetApp.');
        return book;
      },
      flush: () => {},
    },
    LockService: {
      getScriptLock: () => ({
        waitLock: () => {
          if (lock.held || lock.busy) {
            lock.timeouts += 1;
            throw new Error('Exception: Lock timeout: another process was holding the lock for too long.');
          }
          lock.held = true;
          lock.waits += 1;
        },
        tryLock: () => {
          if (lock.held || lock.busy) return false;
          lock.held = true;
          lock.waits += 1;
          return true;
        },
        hasLock: () => lock.held,
        releaseLock: () => {
          lock.held = false;
        },
      }),
    },
    PropertiesService: {
      getScriptProperties: () => ({
        getProperty: (name: string) => scriptProperties[name] ?? null,
        setProperty: (name: string, value: string) => {
          scriptProperties[name] = value;
        },
      }),
    },
    Utilities: {
      DigestAlgorithm: { SHA_256: 'sha256' },
      Charset: { UTF_8: 'utf8' },
      // Google gives the digest as signed bytes (-128…127).
      computeDigest: (algorithm: string, value: string) => runInContext('Array.from', context)(createHash(algorithm).update(value, 'utf8').digest(), (byte: number) => (byte > 127 ? byte - 256 : byte)),
    },
    MailApp: {
      sendEmail: (to: string, subject: string, body: string) => {
        if (mail.quota <= 0) throw new Error('Exception: Service invoked too many times for one day: email.');
        mail.quota -= 1;
        mail.sent.push({ to, subject, body });
      },
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
    /** Values as the collector sees them: the script's TEXT, for comparing with the site's strings. */
    constant: (name: string) => runInContext(name, context),
    sheet: (name: string) => sheets.get(name),
    book,
    properties: scriptProperties,
    counters,
    lock,
    mail,
  };
}

export type Collector = ReturnType<typeof loadCollector>;

/** The `e` of doPost(e), as Apps Script builds it from a request. */
export interface PostEvent {
  parameter: Record<string, string>;
  postData: { contents: string; length: number; type: string; name: 'postData' };
}

/**
 * The event Apps Script gives doPost for a request: query and form fields in `parameter`, and
 * the request's Content-Type as it came, parameters and all.
 */
export function postEvent(query: URLSearchParams, body: string, contentType: string): PostEvent {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const parameter: Record<string, string> = {};
  for (const [name, value] of query) parameter[name] ??= value;
  if (type === 'application/x-www-form-urlencoded') {
    for (const [name, value] of new URLSearchParams(body)) parameter[name] ??= value;
  }
  return { parameter, postData: { contents: body, length: Buffer.byteLength(body), type: contentType, name: 'postData' } };
}
