// The local story inbox under load, over real HTTP on loopback, writing to a temporary CSV:
// never a lost or torn row (docs/design.md, "Interface contract", the story form), with many clients
// at once and across a crash of the server process.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createInbox } from '../../server/inbox.js';

const HEADER = ['Received', 'Name', 'Phone', 'Story', 'Recording'];
const PHONE = '9876543210';
const LOAD_STORIES = 1000;
const LOAD_CLIENTS = 50;
const CRASH_CLIENTS = 20;
const ACKS_BEFORE_CRASH = 200;
const ACKS_IN_ALL = 500;

/** Story number `i`: commas, quotes, both kinds of line break and Devanagari, unique per story. */
const storyText = (i: number) =>
  `Story ${i}, told by "didi": मेरी कहानी, हम सुरक्षित हैं।\nThe bus stop, at last, has a light.\r\nकहानी ${i} समाप्त, "done".`;
const storyName = (i: number) => `Storyteller ${i}`;
const storyNumber = (name: string) => Number(/^Storyteller (\d+)$/.exec(name)?.[1] ?? NaN);
/** As the inbox keeps it: one \\n for every line break, however it was sent. */
const savedText = (i: number) => storyText(i).replace(/\r\n?/g, '\n');

let dir: string;
let file: string;
const children: ChildProcess[] = [];
let server: Server | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stree-inbox-load-'));
  file = join(dir, 'stories.csv');
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (server) {
    server.closeAllConnections();
    await new Promise((done) => server!.close(done));
    server = undefined;
  }
  await rm(dir, { recursive: true, force: true });
});

function post(url: string, i: number) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Name: storyName(i), Phone: PHONE, Story: storyText(i) }),
  });
}

/** Runs `count` workers at once, each taking the next job until `work` says stop. */
async function pool(count: number, work: () => Promise<boolean>) {
  await Promise.all(Array.from({ length: count }, async () => {
    while (await work());
  }));
}

/**
 * Every row of the CSV, parsed strictly (a torn row breaks the parse or the column count), and
 * checked whole: a name we sent, its own story and phone, an ISO time. Returns the story numbers.
 */
function savedStoryNumbers(): number[] {
  const records: string[][] = parse(readFileSync(file), { bom: true });
  expect(records[0]).toEqual(HEADER);
  const rows = records.slice(1);
  const torn: string[] = [];
  for (const row of rows) {
    const [received, name, phone, story] = row;
    const i = storyNumber(name ?? '');
    const isWhole = row.length === HEADER.length && Number.isInteger(i) && phone === PHONE && story === savedText(i)
      && new Date(received ?? '').toISOString() === received;
    if (!isWhole) torn.push(JSON.stringify(row));
  }
  expect(torn).toEqual([]);
  return rows.map((row) => storyNumber(row[1]!));
}

const countOf = (values: number[]) => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

test('1,000 stories from 50 clients at once are each saved exactly once, whole', async () => {
  server = createServer(createInbox({ file }));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stories`;

  const statuses = new Map<number, number>();
  let next = 0;
  await pool(LOAD_CLIENTS, async () => {
    const i = next++;
    if (i >= LOAD_STORIES) return false;
    statuses.set(i, (await post(url, i)).status);
    return true;
  });

  expect([...statuses.values()].filter((status) => status !== 201)).toEqual([]);
  const saved = savedStoryNumbers();
  expect(saved).toHaveLength(LOAD_STORIES);
  expect([...countOf(saved).entries()].filter(([, n]) => n !== 1)).toEqual([]);
  expect([...new Set(saved)].sort((a, b) => a - b)).toEqual(Array.from({ length: LOAD_STORIES }, (_, i) => i));
}, 30_000);

// A separate process, so it can be killed outright as a crash or a power cut would.
const RUNNER = `
import { createServer } from 'node:http';
import { createInbox } from ${JSON.stringify(pathToFileURL(resolve('server/inbox.js')).href)};
const server = createServer(createInbox({ file: process.env.STORY_INBOX_FILE }));
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(server.address().port));
`;

/** Starts the inbox in a child process on `port` (0: any) and resolves with the port it took. */
function startInboxProcess(port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUNNER], {
    env: { ...process.env, PORT: String(port), STORY_INBOX_FILE: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((done, fail) => {
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk) => { stderr += chunk; });
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const line = /^(\d+)\n/.exec(stdout);
      if (line) done({ child, port: Number(line[1]) });
    });
    child.on('exit', (code, signal) => fail(new Error(`inbox process ended (${code ?? signal}) before listening: ${stderr}`)));
  });
}

/**
 * Kills the inbox process the moment the CSV grows: a row has just reached the file and its
 * answer is not sent yet, the worst time for a crash. Waits busily (the inbox runs in another
 * process, so blocking this one holds nothing up) for at most 2 s.
 */
function killAsARowLands(child: ChildProcess) {
  const size = statSync(file).size;
  const deadline = Date.now() + 2000;
  while (statSync(file).size === size && Date.now() < deadline);
  child.kill('SIGKILL');
}

test('a server killed mid-load and restarted on the same file keeps every acknowledged story once, and no row torn', async () => {
  const first = await startInboxProcess(0);
  const url = `http://127.0.0.1:${first.port}/api/stories`;
  const acknowledged: number[] = [];
  const sent = new Set<number>();
  const refused: number[] = [];
  let next = 0;
  let restarted: Promise<unknown> | undefined;

  await pool(CRASH_CLIENTS, async () => {
    if (acknowledged.length >= ACKS_IN_ALL) return false;
    const i = next++;
    sent.add(i);
    let status = 0;
    try {
      status = (await post(url, i)).status;
    } catch (error) {
      if (!restarted) throw error; // the server fell over before we killed it
      // Refused or cut off around the crash: not acknowledged, so the story may or may not be saved.
      await restarted;
      return true;
    }
    if (status === 201) acknowledged.push(i);
    else refused.push(status);
    if (acknowledged.length >= ACKS_BEFORE_CRASH && !restarted) {
      killAsARowLands(first.child);
      restarted = new Promise((done) => first.child.once('exit', done)).then(() => startInboxProcess(first.port));
      await restarted;
    }
    return true;
  });

  expect(restarted).toBeDefined();
  await restarted;
  expect(refused).toEqual([]); // a server that answers saves the story
  expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_IN_ALL);
  const saved = savedStoryNumbers();
  const counts = countOf(saved);
  expect(acknowledged.filter((i) => counts.get(i) !== 1)).toEqual([]);
  // A story is sent once, so none may be saved twice, and only stories that were sent are there.
  expect([...counts.entries()].filter(([, n]) => n > 1)).toEqual([]);
  expect(saved.filter((i) => !sent.has(i))).toEqual([]);
}, 30_000);
