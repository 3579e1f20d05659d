// The local inbox under abuse (docs/stories.md, "The local inbox", "Holding under abuse"): a cap on
// the recording bytes of an hour, room kept on the disk, files only the server's account can read,
// and a body that stalls cut. Real HTTP into a temporary folder.
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { RECORDING_PART_BYTES, partsOf } from '../../src/story-outbox/recording.js';
import { type InboxOptions, recordingOf, startInbox } from './inbox-harness';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const TYPE = 'audio/webm;codecs=opus';
const keyOf = (n: number) => `0f1e2d3c-4b5a-4697-8a7b-${String(n).padStart(12, '0')}`;

let inbox: Awaited<ReturnType<typeof startInbox>> | undefined;

afterEach(async () => {
  await inbox?.close();
  inbox = undefined;
});

async function start(options: InboxOptions = {}) {
  inbox = await startInbox(options);
  return inbox;
}

const whole = (audio: Buffer) => ({ ...STORY, Recording: { type: TYPE, data: audio.toString('base64') } });
const announce = (audio: Buffer) => ({ ...STORY, Recording: { type: TYPE, size: audio.length, parts: partsOf(audio.length) } });
const partOf = (audio: Buffer, index: number) => ({
  Part: { index, count: partsOf(audio.length), data: audio.subarray(index * RECORDING_PART_BYTES, (index + 1) * RECORDING_PART_BYTES).toString('base64') },
});

/** Every file and folder under `dir`, relative, with its permission bits. */
function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = {};
  const walk = (path: string, name: string) => {
    const stats = statSync(path);
    modes[name] = (stats.mode & 0o777).toString(8);
    if (stats.isDirectory()) for (const child of readdirSync(path)) walk(join(path, child), `${name}/${child}`);
  };
  walk(dir, '.');
  return modes;
}

describe('the recording bytes of an hour', () => {
  test('past the cap a recording is answered retry, with Retry-After, and nothing is written', async () => {
    const { post, savedRows, recordings } = await start({ recordingBytesPerHour: 100_000 });
    expect((await post(whole(recordingOf(60_000)), keyOf(1))).status).toBe(201);
    const refused = await post(whole(recordingOf(60_000)), keyOf(2));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await refused.json()).toMatchObject({ ok: false, outcome: 'retry', error: expect.stringMatching(/this hour/) });
    expect(savedRows()).toHaveLength(1);
    expect(recordings()).toHaveLength(1);
    // The story already saved is still told saved: a repeat writes nothing, so it costs nothing.
    expect((await post(whole(recordingOf(60_000)), keyOf(1))).status).toBe(200);
    // A written story is no recording: it is taken.
    expect((await post(STORY, keyOf(3))).status).toBe(201);
  });

  test('counts parts as they come: the part past the cap is not kept, and is sent again later', async () => {
    const { post, data } = await start({ recordingBytesPerHour: 3 * RECORDING_PART_BYTES });
    const audio = recordingOf(4 * RECORDING_PART_BYTES + 100);
    await post(announce(audio), keyOf(4));
    for (const index of [0, 1, 2]) expect((await post(partOf(audio, index), keyOf(4))).status).toBe(202);
    const refused = await post(partOf(audio, 3), keyOf(4));
    expect(refused.status).toBe(503);
    expect((await refused.json()).outcome).toBe('retry');
    expect(await (await post(announce(audio), keyOf(4))).json()).toMatchObject({ outcome: 'incomplete', have: [0, 1, 2] });
    expect(readdirSync(join(data, 'parts', keyOf(4))).filter((name) => name.endsWith('.part'))).toHaveLength(3);
  });

  test('a form posted with a file past the cap gets her words back, to send again later', async () => {
    const { url, savedRows } = await start({ recordingBytesPerHour: 1000 });
    const form = new FormData();
    for (const [name, value] of Object.entries(STORY)) form.append(name, value);
    form.append('Recording', new File([new Uint8Array(recordingOf(5000))], 'story.webm', { type: 'audio/webm' }));
    const response = await fetch(`${url}?lang=en`, { method: 'POST', body: form });
    expect(response.status).toBe(503);
    const page = await response.text();
    expect(page).toContain('We could not save your story just now');
    expect(page).toContain(`>${STORY.Story}</textarea>`);
    expect(savedRows()).toEqual([]);
  });
});

describe('room on the disk', () => {
  // A margin no disk has free: every write finds too little room.
  const FULL = { diskMargin: Number.MAX_SAFE_INTEGER };

  test.each([
    ['a written story', () => STORY],
    ['a whole recording', () => whole(recordingOf(5000))],
    ['a story announcing its recording', () => announce(recordingOf(50_000))],
  ])('too little: %s is answered retry, and nothing is written', async (_, body) => {
    const { post, data } = await start(FULL);
    const response = await post(body(), keyOf(5));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/no room/) });
    expect(() => statSync(data)).toThrow(/ENOENT/);
  });

  test('too little for a part: retry, the part not kept', async () => {
    const audio = recordingOf(50_000);
    const first = await start();
    await first.post(announce(audio), keyOf(6));
    await first.stop();
    // The same folder, its disk now full.
    inbox = await startInbox(FULL, first.dir);
    const response = await inbox.post(partOf(audio, 0), keyOf(6));
    expect(response.status).toBe(503);
    expect(readdirSync(join(inbox.data, 'parts', keyOf(6)))).toEqual(['story.json']);
  });
});

describe('files only the server\'s account can read', () => {
  test('the CSV, its keys, the recordings and the parts, and every folder the inbox makes', async () => {
    const { post, data } = await start();
    await post(whole(recordingOf(5000)), keyOf(7));
    const audio = recordingOf(50_000);
    await post(announce(audio), keyOf(8));
    await post(partOf(audio, 0), keyOf(8));
    const modes = modesUnder(data);
    expect(Object.keys(modes).sort()).toEqual([
      '.', './parts', `./parts/${keyOf(8)}`, `./parts/${keyOf(8)}/0.part`, `./parts/${keyOf(8)}/story.json`,
      './recordings', expect.stringMatching(/^\.\/recordings\/.+\.webm$/), './stories.csv', './stories.csv.keys',
    ]);
    for (const [path, mode] of Object.entries(modes)) {
      expect(mode, path).toBe(statSync(join(data, path)).isDirectory() ? '700' : '600');
    }
  });

  test('what an older version left readable by others is made private as the inbox starts', async () => {
    const first = await start();
    const { data } = first;
    mkdirSync(join(data, 'recordings'), { recursive: true });
    writeFileSync(join(data, 'stories.csv'), '\uFEFFReceived,Name,Phone,Story,Recording\n');
    writeFileSync(join(data, 'stories.csv.keys'), `${keyOf(9)}\n`);
    writeFileSync(join(data, 'recordings', 'old.webm'), recordingOf(100));
    for (const path of ['stories.csv', 'stories.csv.keys', 'recordings/old.webm']) chmodSync(join(data, path), 0o644);
    chmodSync(join(data, 'recordings'), 0o755);
    await first.stop();
    inbox = await startInbox({}, first.dir);
    expect(modesUnder(join(data, 'recordings'))).toEqual({ '.': '700', './old.webm': '600' });
    expect(modesUnder(join(data, 'stories.csv'))).toEqual({ '.': '600' });
    expect(modesUnder(join(data, 'stories.csv.keys'))).toEqual({ '.': '600' });
  });
});

/**
 * Opens a POST of a JSON body of `length` bytes and writes what `send` writes (`stopped()`: the
 * inbox answered or hung up). Resolves with its answer once that has come whole, or with none if
 * the connection closed first; `hungUp` settles once the connection is closed.
 */
function postSlowly(url: string, length: number, send: (write: (bytes: string | Buffer) => void, stopped: () => boolean) => void) {
  return new Promise<{ status?: number; body: string; ms: number; hungUp: Promise<void> }>((resolve) => {
    const started = Date.now();
    let done = false;
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': length },
      // A connection of its own, kept alive as a browser keeps it: only the inbox closes it.
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    });
    const hungUp = new Promise<void>((closed) => req.on('socket', (socket) => socket.on('close', () => closed())));
    const finish = (status?: number, body = '') => {
      if (done) return;
      done = true;
      resolve({ status, body, ms: Date.now() - started, hungUp });
    };
    req.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => finish(response.statusCode, body));
    });
    req.on('error', () => {}); // the inbox hangs up on a body it cut: expected
    req.on('close', () => finish());
    send((bytes) => req.write(bytes), () => done);
  });
}

describe('a body that stops arriving', () => {
  test('is cut when no byte comes for the stall time: 408, retry, the connection closed, nothing written', async () => {
    const { url, data } = await start({ stallMs: 300, slowestBytesPerSecond: 1000 });
    // 20 KB at once, which at the slowest pace would buy 20 s more, then nothing.
    const { status, body, ms, hungUp } = await postSlowly(url, 100_000, (write) => write(`{"Story":"${'a'.repeat(20_000)}`));
    expect(status).toBe(408);
    expect(JSON.parse(body)).toMatchObject({ ok: false, outcome: 'retry' });
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThan(2000);
    await hungUp; // never resolved while the inbox holds the connection: the test's time-out says so
    expect(() => statSync(data)).toThrow(/ENOENT/);
  }, 5000);

  test('is cut when it drips slower than the slowest link, though it never pauses for the stall time', async () => {
    const { url } = await start({ stallMs: 300, slowestBytesPerSecond: 1000 });
    const { status, ms } = await postSlowly(url, 100_000, (write, stopped) => {
      write('{"Story":"');
      const drip = setInterval(() => (stopped() ? clearInterval(drip) : write('a')), 50);
    });
    expect(status).toBe(408);
    // 300 ms, and a millisecond for each byte that came: some 310 ms; nowhere near the 100 s
    // a byte every 50 ms would need.
    expect(ms).toBeLessThan(2000);
  }, 5000);

  test('is not cut while it keeps coming at the slowest link\'s pace, however long it takes in all', async () => {
    const { url, savedRows } = await start({ stallMs: 300, slowestBytesPerSecond: 2000 });
    const json = JSON.stringify({ ...STORY, Story: 'क'.repeat(1500) }); // 4.5 KB
    const length = Buffer.byteLength(json);
    const { status, ms } = await postSlowly(url, length, (write) => {
      const bytes = Buffer.from(json);
      let sent = 0;
      // 500 bytes every 40 ms: 12.5 KB/s, well above the slowest allowed, and longer than the stall time in all.
      const next = setInterval(() => {
        write(bytes.subarray(sent, sent + 500));
        sent += 500;
        if (sent >= length) clearInterval(next);
      }, 40);
    });
    expect(status).toBe(201);
    expect(ms).toBeGreaterThan(300);
    expect(savedRows()).toHaveLength(1);
  });
});
