// `npm start`'s server (server/start.js, run as it is) never serves what the inbox keeps: the
// stories file and the recordings beside it are answered 404 at every address they could be
// guessed at, and a stories file placed inside the served folder is refused at start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, expect, test } from 'vitest';

const START = resolve('server/start.js');
// A WebM file's first bytes (all the inbox looks at), then bytes that show any change.
const AUDIO = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256))]);

let dir: string;
let child: ChildProcess | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stree-inbox-serve-'));
  // The least of a built site the server needs: its 404 page, and a page to ask for.
  mkdirSync(join(dir, 'dist', 'home'), { recursive: true });
  writeFileSync(join(dir, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(dir, 'dist', 'home', 'index.html'), '<!doctype html><title>Home</title>');
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill();
  child = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A port nobody holds now. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Runs server/start.js in the temporary folder; resolves once it listens, or with how it ended. */
function start(env: Record<string, string>): Promise<{ listening: boolean; output: string }> {
  child = spawn(process.execPath, [START], { cwd: dir, env: { ...process.env, HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((done) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Stories sent through the form are saved')) done({ listening: true, output });
    };
    child!.stdout!.on('data', read);
    child!.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child!.on('exit', () => done({ listening: false, output }));
  });
}

test('a recording the inbox saved is answered 404 wherever it is asked for', async () => {
  const port = await freePort();
  const { listening, output } = await start({ PORT: String(port) });
  expect(listening, output).toBe(true);
  const origin = `http://127.0.0.1:${port}`;
  const saved = await fetch(`${origin}/api/stories`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Phone: '9876543210', Recording: { type: 'audio/webm', data: AUDIO.toString('base64') } }),
  });
  expect(saved.status).toBe(201);
  const [, row] = parse(readFileSync(join(dir, 'data', 'stories.csv')), { bom: true }) as string[][];
  const recording = row![4]!;
  expect(readFileSync(join(dir, 'data', recording)).equals(AUDIO)).toBe(true);
  for (const path of [recording, `data/${recording}`, 'data/stories.csv', 'stories.csv', 'recordings/', 'data/recordings/']) {
    const response = await fetch(`${origin}/${path}`);
    expect(response.status, path).toBe(404);
    expect(Buffer.from(await response.arrayBuffer()).includes(AUDIO.subarray(0, 64)), path).toBe(false);
  }
  expect((await fetch(`${origin}/home`)).status).toBe(200);
}, 30_000);

test('a stories file inside the served folder is refused: the server does not start', async () => {
  const { listening, output } = await start({ PORT: String(await freePort()), STORY_INBOX_FILE: 'dist/stories.csv' });
  expect(listening).toBe(false);
  expect(output).toMatch(/inside .*dist.*which is served/);
}, 30_000);
