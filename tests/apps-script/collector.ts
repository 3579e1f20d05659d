// deploy/apps-script/Code.js run under Node, over in-memory stand-ins for the Google services it
// calls, each doing what Google documents (docs/stories.md, "As Google runs it"): a spreadsheet
// opened by id whose sheets have 1,000 rows and throw past them, a TextFinder, a script lock whose
// wait times out and throws, Script Properties, a digest, text and HTML outputs, MailApp with
// a daily quota, and Drive: folders by id with their sharing, files made from blobs
// (Utilities.base64Decode and newBlob, signed bytes), read back by id, their addresses and the
// trash (docs/stories.md, "Voice stories"). It counts what a test must see and no client can:
// Script Property reads, and Drive calls made while the script lock was held. The unit tests call
// its functions; tests/apps-script/stand-in.ts serves it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';

export const COLLECTOR_FILE = join(import.meta.dirname, '../../deploy/apps-script/Code.js');
/** The spreadsheet's id as the set-up puts it in the Script Property SHEET_ID. */
export const SHEET_ID = '1STREEtestSheetIdXXXXXXXXXXXXXXXXXXXXXXXXXX';
/** Rows of a new sheet in Google Sheets. */
export const NEW_SHEET_ROWS = 1000;
/** The private Drive folder's id as the set-up puts it in the Script Property RECORDINGS_FOLDER_ID. */
export const RECORDINGS_FOLDER_ID = '1STREEtestRecordingsFolderXXXXXXXXXX';
/** Where DriveApp.getRootFolder() and DriveApp.createFolder put things: My Drive of the account the web app runs as. */
export const ROOT_FOLDER_ID = 'root';
/** The account the web app runs as ("Execute as: Me"): it owns the sheet, the folders and every file. */
export const OWNER_EMAIL = 'stree.stories@example.org';

/** DriveApp.Access: who besides the people given access may open an item. */
export type Access = 'ANYONE' | 'ANYONE_WITH_LINK' | 'DOMAIN' | 'DOMAIN_WITH_LINK' | 'PRIVATE';

/** A folder in the stand-in's Drive, as a test sets and reads it. */
export interface DriveFolder {
  id: string;
  name: string;
  /** The folder it is in; null for the root. */
  parent: string | null;
  /** Link sharing of its own ("General access"); a folder also has what its parents share. */
  access: Access;
  owner: string;
  editors: string[];
  viewers: string[];
}

/** A file in the stand-in's Drive, as a test reads it. */
export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** Its bytes as Drive keeps them. */
  bytes: Buffer;
  folderId: string;
  trashed: boolean;
  url: string;
}

/** Access from the narrowest to the widest, to tell what a folder inherits from its parents. */
const ACCESS_ORDER: Access[] = ['PRIVATE', 'DOMAIN_WITH_LINK', 'DOMAIN', 'ANYONE_WITH_LINK', 'ANYONE'];

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
  /** Sheet.deleteRow: the rows below move up, and the sheet has one row fewer. */
  deleteRow(row: number) {
    if (row < 1 || row > this.maxRows) throw new Error('Exception: Those rows are out of bounds.');
    this.rows.splice(row - 1, 1);
    this.formats.splice(row - 1, 1);
    this.maxRows -= 1;
    return this;
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
        // Only the range's own cells change; the row's other cells stay as they were.
        values.forEach((line, i) => {
          const cells = [...(sheet.rows[row - 1 + i] ?? [])];
          const formats = [...(sheet.formats[row - 1 + i] ?? [])];
          line.forEach((value, j) => {
            // A string starting with = is a formula to Sheets: none may reach the sheet.
            if (typeof value === 'string' && value.startsWith('=')) throw new Error(`A formula reached the sheet: ${value}`);
            cells[column - 1 + j] = String(value);
            formats[column - 1 + j] = format;
          });
          sheet.rows[row - 1 + i] = Array.from(cells, (cell) => cell ?? '');
          sheet.formats[row - 1 + i] = Array.from(formats, (cell) => cell ?? '');
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
  /** Drive folders that exist besides the root, private to their owner; the recordings folder unless replaced. */
  folders?: string[];
}

/** A fresh copy of the collector over an empty spreadsheet. */
export function loadCollector({ url = 'https://script.google.com/macros/s/TEST/exec', properties = {}, mailQuota = 100, folders = [RECORDINGS_FOLDER_ID] }: CollectorOptions = {}) {
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
  const scriptProperties: Record<string, string> = { SHEET_ID, RECORDINGS_FOLDER_ID, ...properties };
  /** Calls that read Script Properties (getProperties, getProperty), since the collector was loaded. */
  const propertyReads = { count: 0 };
  const privateFolder = (id: string, name: string, parent: string | null): DriveFolder => ({ id, name, parent, access: 'PRIVATE', owner: OWNER_EMAIL, editors: [], viewers: [] });
  /**
   * Drive: every folder, every file made (trashed ones too). `failing`: Drive refuses to make
   * anything (a full Drive, a quota, an outage), as an exception; `unreadable`: reading a file's
   * bytes throws. `underLock`: each Drive call made while the script lock was held.
   */
  const drive = {
    files: [] as DriveFile[],
    folders: new Map<string, DriveFolder>([ROOT_FOLDER_ID, ...folders].map((id) => [id, privateFolder(id, id === ROOT_FOLDER_ID ? 'My Drive' : 'STREE recordings', id === ROOT_FOLDER_ID ? null : ROOT_FOLDER_ID)])),
    failing: false,
    unreadable: false,
    underLock: [] as string[],
    calls: [] as string[],
  };
  /** Notes a Drive call, and whether the script lock was held during it. */
  const driveCall = (name: string) => {
    drive.calls.push(name);
    if (lock.held) drive.underLock.push(name);
  };
  const refuseWrite = () => {
    if (drive.failing) throw new Error('Exception: The user\'s Drive storage quota has been exceeded.');
  };
  /** A folder with what its parents share: sharing a folder shares what is in it. */
  const ancestry = (folder: DriveFolder): DriveFolder[] => (folder.parent ? [folder, ...ancestry(drive.folders.get(folder.parent)!)] : [folder]);
  /** A user as Drive gives one (developers.google.com/apps-script/reference/drive/user). */
  const user = (email: string) => ({ getEmail: () => email });
  /** A blob (developers.google.com/apps-script/reference/base/blob): bytes, a content type, a name. */
  const blob = (bytes: Buffer, contentType: string, name: string) => ({
    /** Blob.getBytes(): "Gets the data stored in this blob", a Byte[]: signed. */
    getBytes: () => signed(bytes),
    getContentType: () => contentType,
    getName: () => name,
    bytes,
  });
  const driveFile = (file: DriveFile) => ({
    getId: () => (driveCall('File.getId'), file.id),
    getName: () => (driveCall('File.getName'), file.name),
    /** File.getUrl(): "the URL that can be used to open the File in a Google App like Drive or Docs". */
    getUrl: () => (driveCall('File.getUrl'), file.url),
    /** File.getBlob(): the file's bytes as a blob. */
    getBlob() {
      driveCall('File.getBlob');
      if (drive.unreadable) throw new Error('Exception: Service error: Drive');
      return blob(Buffer.from(file.bytes), file.mimeType, file.name);
    },
    /** File.setTrashed(trashed): to Drive's trash, or out of it. */
    setTrashed(trashed: boolean) {
      driveCall('File.setTrashed');
      file.trashed = trashed;
      return this;
    },
    isTrashed: () => (driveCall('File.isTrashed'), file.trashed),
  });
  const folderOf = (folder: DriveFolder) => ({
    getId: () => (driveCall('Folder.getId'), folder.id),
    getName: () => (driveCall('Folder.getName'), folder.name),
    /** Folder.createFile(blob): "Creates a file in the current folder from a given Blob of arbitrary data." */
    createFile(data: ReturnType<typeof blob>) {
      driveCall('Folder.createFile');
      refuseWrite();
      const id = `1file${drive.files.length + 1}XXXXXXXXXXXXXXXXXXXXXXXXX`;
      const file: DriveFile = {
        id, name: data.getName(), mimeType: data.getContentType(), bytes: Buffer.from(data.bytes), folderId: folder.id, trashed: false,
        url: `https://drive.google.com/file/d/${id}/view?usp=drivesdk`,
      };
      drive.files.push(file);
      return driveFile(file);
    },
    /** Folder.createFolder(name): a folder inside this one, sharing what this one shares. */
    createFolder(name: string) {
      driveCall('Folder.createFolder');
      return folderOf(makeFolder(name, folder.id));
    },
    /** Folder.getSharingAccess(): "which class of users can access the Folder, besides any individual users who have been explicitly given access". */
    getSharingAccess: () => (driveCall('Folder.getSharingAccess'), ancestry(folder).map((f) => f.access).reduce((wide, access) => (ACCESS_ORDER.indexOf(access) > ACCESS_ORDER.indexOf(wide) ? access : wide))),
    getOwner: () => (driveCall('Folder.getOwner'), user(folder.owner)),
    /** Folder.getEditors() and getViewers(): the people given access (the script's account edits its own). */
    getEditors: () => (driveCall('Folder.getEditors'), [...new Set(ancestry(folder).flatMap((f) => f.editors))].map(user)),
    getViewers: () => (driveCall('Folder.getViewers'), [...new Set(ancestry(folder).flatMap((f) => f.viewers))].map(user)),
  });
  const makeFolder = (name: string, parent: string) => {
    refuseWrite();
    const made = privateFolder(`1folder${drive.folders.size}XXXXXXXXXXXXXXXXXXXXXXX`, name, parent);
    drive.folders.set(made.id, made);
    return made;
  };
  /** Bytes as Google's Byte[] gives them to a script: numbers -128…127, an array of the script's realm. */
  const signed = (bytes: Buffer) => runInContext('Array.from', context)(bytes, (byte: number) => (byte > 127 ? byte - 256 : byte)) as number[];
  /**
   * The script lock. `busy`: another execution holds it (a burst of stories): waitLock waits its
   * time and throws, as Google documents; tryLock answers false.
   */
  const lock = { held: false, busy: false, waits: 0, timeouts: 0 };
  const mail = { sent: [] as { to: string; subject: string; body: string }[], quota: mailQuota };
  /** What the script wrote to its execution log (console.error). */
  const logs: string[] = [];
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
    console: { ...console, error: (...args: unknown[]) => logs.push(args.map(String).join(' ')) },
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
        /** getProperties(): "a copy of all key-value pairs in the current Properties store". */
        getProperties: () => {
          propertyReads.count += 1;
          return runInContext('(values) => Object.assign({}, values)', context)(scriptProperties) as Record<string, string>;
        },
        getProperty: (name: string) => {
          propertyReads.count += 1;
          return scriptProperties[name] ?? null;
        },
        setProperty: (name: string, value: string) => {
          scriptProperties[name] = String(value);
        },
      }),
    },
    Utilities: {
      DigestAlgorithm: { SHA_256: 'sha256' },
      Charset: { UTF_8: 'utf8' },
      // Of a string (in a charset) or of a Byte[]; Google gives the digest as signed bytes (-128…127).
      computeDigest: (algorithm: string, value: string | number[]) =>
        signed(createHash(algorithm).update(typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value.map((byte) => byte & 0xff))).digest()),
      /**
       * "Decodes a base-64 encoded string into a UTF-8 byte array": a Byte[], signed as above.
       * Google's page does not say what text that is not base64 does; here it throws, and the
       * collector checks the text before.
       */
      base64Decode: (encoded: string) => {
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1) throw new Error('Exception: Could not decode string.');
        return signed(Buffer.from(encoded, 'base64'));
      },
      /** newBlob(data, contentType, name): "Create a new Blob object from a byte array, content type, and name." */
      newBlob: (data: number[], contentType: string, name: string) => blob(Buffer.from(data.map((byte) => byte & 0xff)), contentType, name),
    },
    DriveApp: {
      Access: Object.fromEntries(ACCESS_ORDER.map((access) => [access, access])),
      /** "Gets the folder with the given ID. Throws a scripting exception if the folder does not exist or the user does not have permission to access it." */
      getFolderById: (id: string) => {
        driveCall('DriveApp.getFolderById');
        const folder = drive.folders.get(id);
        if (!folder) throw new Error(NO_ITEM);
        return folderOf(folder);
      },
      /** "Gets the file with the given ID. Throws a scripting exception if the file does not exist or the user does not have permission to access it." */
      getFileById: (id: string) => {
        driveCall('DriveApp.getFileById');
        const file = drive.files.find((candidate) => candidate.id === id);
        if (!file) throw new Error(NO_ITEM);
        return driveFile(file);
      },
      /** DriveApp.createFolder(name): "Creates a folder in the root of the user's Drive." */
      createFolder: (name: string) => {
        driveCall('DriveApp.createFolder');
        return folderOf(makeFolder(name, ROOT_FOLDER_ID));
      },
      /** The root of the Drive of the account the script runs as. */
      getRootFolder: () => (driveCall('DriveApp.getRootFolder'), folderOf(drive.folders.get(ROOT_FOLDER_ID)!)),
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
    validateStory: (body: unknown) => script.validateStory!(runInContext('JSON.parse', context)(JSON.stringify(body))),
    /** One of the script's functions called with values made in its own realm, its answer as plain data. */
    call: (name: string, ...args: unknown[]) => {
      const answer = script[name]!(...args.map((arg) => runInContext('JSON.parse', context)(JSON.stringify(arg))));
      return answer === undefined ? undefined : (JSON.parse(JSON.stringify(answer)) as unknown);
    },
    safeCell: (value: string) => script.safeCell!(value) as string,
    /** Values as the collector sees them: the script's TEXT, for comparing with the site's strings. */
    constant: (name: string) => runInContext(name, context),
    sheet: (name: string) => sheets.get(name),
    book,
    properties: scriptProperties,
    counters,
    lock,
    mail,
    logs,
    drive,
    propertyReads,
    /** The Drive file a row's Recording cell links to. */
    driveFile: (url: string) => drive.files.find((file) => file.url === url),
    /** Whole recordings in Drive, not trashed: every file but the parts still arriving. */
    recordings: () => drive.files.filter((file) => !file.trashed && file.folderId !== scriptProperties.PARTS_FOLDER_ID),
    /** Parts of recordings in Drive, not trashed. */
    parts: () => drive.files.filter((file) => !file.trashed && file.folderId === scriptProperties.PARTS_FOLDER_ID),
  };
}

export type Collector = ReturnType<typeof loadCollector>;

/** What DriveApp throws for an id it cannot open. */
const NO_ITEM = 'Exception: No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.';

/** The `e` of doPost(e), as Apps Script builds it from a request. */
export interface PostEvent {
  parameter: Record<string, string>;
  postData: { contents: string; length: number; type: string; name: 'postData' };
}

/**
 * The event Apps Script gives doPost for a request (developers.google.com/apps-script/guides/web,
 * "Request parameters"): query and form fields in `parameter`, the body as text in
 * `postData.contents` ("the content text of the POST body") and the request's Content-Type as it
 * came, parameters and all. For a multipart post Google documents no parsing: the stand-in gives
 * the query's parameters and the body as text (a file's bytes do not survive being read as
 * UTF-8), and the collector must rely on neither.
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
