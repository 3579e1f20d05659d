// The local inbox over real HTTP in a temporary folder, for the inbox's unit tests.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { createInbox } from '../../server/inbox.js';

/** The first bytes of every WebM file (its EBML header, RFC 8794): what the inbox knows audio by. */
export const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** `body` after a WebM file's first bytes. */
export const webm = (body: Buffer) => Buffer.concat([EBML, body]);

/** `size` bytes that pass for a WebM recording, every byte value among them, none the same run twice. */
export function recordingOf(size: number) {
  return webm(Buffer.from(Array.from({ length: size - EBML.length }, (_, i) => (i * 13 + (i >> 9)) % 256)));
}

export const COLUMNS = ['Received', 'Name', 'Phone', 'Story', 'Recording'];

export type InboxOptions = Omit<NonNullable<Parameters<typeof createInbox>[0]>, 'file'>;

/** An inbox writing to `data/stories.csv` in a new temporary folder (the `data` folder not made yet). */
export async function startInbox(options: InboxOptions = {}, dir?: string) {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'stree-inbox-')));
  const data = join(folder, 'data');
  const file = join(data, 'stories.csv');
  const server: Server = createServer(createInbox({ file, ...options }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stories`;

  /** POSTs `body` as JSON, with the story's key when given. */
  const post = (body: unknown, key?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
      body: JSON.stringify(body),
    });

  /** The saved rows, without the header (none while there is no file). */
  const savedRows = (): string[][] => {
    if (!existsSync(file)) return [];
    const [header, ...rows]: string[][] = parse(readFileSync(file), { bom: true });
    if (JSON.stringify(header) !== JSON.stringify(COLUMNS)) throw new Error(`Unexpected header: ${header}`);
    return rows;
  };

  /** The files in `data/recordings/`. */
  const recordings = () => (existsSync(join(data, 'recordings')) ? readdirSync(join(data, 'recordings')) : []);

  /** Stops this server; the folder stays, for an inbox started again on it. */
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };

  return {
    dir: folder, data, file, url, server, post, savedRows, recordings, stop,
    /** Stops the server and removes the folder. */
    close: async () => {
      await stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
