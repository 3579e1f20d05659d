// A recording sent in parts to the local inbox (docs/stories.md, "A recording in parts"), over
// real HTTP into a temporary folder: the story announces it, parts follow, the inbox answers
// which parts it holds, and only the last makes one row and one file.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RECORDING_BITS_PER_SECOND, RECORDING_PART_BYTES, partsOf } from '../../src/story-outbox/recording.js';
import { recordingOf, startInbox } from './inbox-harness';

const KEY = '5d0c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const STORY = { Name: 'Asha', Phone: '9876543210', Story: '' };
const TYPE = 'audio/webm;codecs=opus';
/** Ninety seconds of speech as the phone records it (RECORDING_BITS_PER_SECOND): 180,000 bytes, 6 parts. */
const NINETY_SECONDS = recordingOf((90 * RECORDING_BITS_PER_SECOND) / 8);

let inbox: Awaited<ReturnType<typeof startInbox>>;

beforeEach(async () => {
  inbox = await startInbox();
});

afterEach(async () => {
  await inbox.close();
});

/** The story that announces `audio`, as the phone sends it first on every try. */
const announce = (audio: Buffer, story: Record<string, string> = STORY, type = TYPE) => ({
  ...story,
  Recording: { type, size: audio.length, parts: partsOf(audio.length) },
});

/** Part `index` of `audio`, cut as the phone cuts it. */
const partOf = (audio: Buffer, index: number) => ({
  Part: {
    index,
    count: partsOf(audio.length),
    data: audio.subarray(index * RECORDING_PART_BYTES, (index + 1) * RECORDING_PART_BYTES).toString('base64'),
  },
});

const answerOf = async (response: Response) => ({ status: response.status, body: await response.json() });
const partsFolder = () => join(inbox.data, 'parts', KEY);

/** What a phone does on one try: the story, then each part the inbox does not hold, in order. */
async function sendAll(audio: Buffer, key = KEY) {
  const first = await answerOf(await inbox.post(announce(audio), key));
  if (first.body.outcome !== 'incomplete') return [first];
  const answers = [first];
  for (let index = 0; index < partsOf(audio.length); index += 1) {
    if (!first.body.have.includes(index)) answers.push(await answerOf(await inbox.post(partOf(audio, index), key)));
  }
  return answers;
}

describe('a recording of 90 seconds sent in parts', () => {
  test('is held part by part, then saved once, whole, byte for byte; the story sent again is saved', async () => {
    expect(partsOf(NINETY_SECONDS.length)).toBe(6);
    const answers = await sendAll(NINETY_SECONDS);
    expect(answers.map(({ status }) => status)).toEqual([202, 202, 202, 202, 202, 202, 201]);
    expect(answers.map(({ body }) => body)).toEqual([
      { ok: false, outcome: 'incomplete', have: [] },
      { ok: false, outcome: 'incomplete', have: [0] },
      { ok: false, outcome: 'incomplete', have: [0, 1] },
      { ok: false, outcome: 'incomplete', have: [0, 1, 2] },
      { ok: false, outcome: 'incomplete', have: [0, 1, 2, 3] },
      { ok: false, outcome: 'incomplete', have: [0, 1, 2, 3, 4] },
      { ok: true, outcome: 'saved' },
    ]);
    const rows = inbox.savedRows();
    expect(rows).toEqual([[expect.any(String), STORY.Name, STORY.Phone, '', expect.stringMatching(/^recordings\/[\w-]+\.webm$/)]]);
    expect(readFileSync(join(inbox.data, rows[0][4])).equals(NINETY_SECONDS)).toBe(true);
    expect(inbox.recordings()).toHaveLength(1);
    // The working folder goes once the row is written.
    expect(existsSync(partsFolder())).toBe(false);

    const again = await answerOf(await inbox.post(announce(NINETY_SECONDS), KEY));
    expect(again).toEqual({ status: 200, body: { ok: true, outcome: 'saved' } });
    expect(inbox.savedRows()).toHaveLength(1);
    expect(inbox.recordings()).toHaveLength(1);
  });

  test('writes no row before the last part: the row names a whole file or nothing', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    for (const index of [0, 1, 2, 3, 4]) await inbox.post(partOf(NINETY_SECONDS, index), KEY);
    expect(existsSync(inbox.file)).toBe(false);
    expect(inbox.recordings()).toEqual([]);
    // The announced story, again, says what is still missing.
    expect((await answerOf(await inbox.post(announce(NINETY_SECONDS), KEY))).body.have).toEqual([0, 1, 2, 3, 4]);
  });

  test('takes parts in any order: the last to arrive completes it', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    const order = [5, 2, 0, 4, 1, 3];
    const statuses = [];
    for (const index of order) statuses.push((await inbox.post(partOf(NINETY_SECONDS, index), KEY)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 201]);
    expect(readFileSync(join(inbox.data, inbox.savedRows()[0][4])).equals(NINETY_SECONDS)).toBe(true);
  });

  test('a recording of one part: the story, then the part, saved', async () => {
    const short = recordingOf(5000);
    expect((await sendAll(short)).map(({ status }) => status)).toEqual([202, 201]);
    expect(readFileSync(join(inbox.data, inbox.savedRows()[0][4])).equals(short)).toBe(true);
  });
});

/** Sends part `index` of `audio` and hangs up halfway through its body, as a dropped 2G link does. */
function dropMidway(audio: Buffer, index: number) {
  const body = Buffer.from(JSON.stringify(partOf(audio, index)));
  return new Promise<void>((done) => {
    const req = request(inbox.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': KEY, 'Content-Length': body.length },
    });
    req.on('error', () => done());
    req.on('close', () => done());
    req.write(body.subarray(0, body.length / 2), () => req.destroy());
  });
}

describe('a link that drops, and an inbox that restarts', () => {
  test('a part cut off midway is not kept; the next try sends only the parts missing, and the recording is whole', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    await inbox.post(partOf(NINETY_SECONDS, 0), KEY);
    await inbox.post(partOf(NINETY_SECONDS, 1), KEY);
    await dropMidway(NINETY_SECONDS, 2);

    // The inbox stops and starts again on the same folder: what it holds is on disk.
    await inbox.stop();
    inbox = await startInbox({}, inbox.dir);
    const answers = await sendAll(NINETY_SECONDS);
    expect(answers[0].body).toEqual({ ok: false, outcome: 'incomplete', have: [0, 1] });
    // Four parts sent on this try (2 to 5), not six.
    expect(answers).toHaveLength(5);
    expect(answers.at(-1)).toEqual({ status: 201, body: { ok: true, outcome: 'saved' } });
    expect(inbox.savedRows()).toHaveLength(1);
    expect(readFileSync(join(inbox.data, inbox.savedRows()[0][4])).equals(NINETY_SECONDS)).toBe(true);
  });

  test('the answer to the last part lost: the story sent again is told saved, and nothing is written twice', async () => {
    await sendAll(NINETY_SECONDS);
    await inbox.stop();
    inbox = await startInbox({}, inbox.dir);
    expect(await answerOf(await inbox.post(announce(NINETY_SECONDS), KEY))).toEqual({ status: 200, body: { ok: true, outcome: 'saved' } });
    // A part sent again after it changes nothing either.
    expect((await answerOf(await inbox.post(partOf(NINETY_SECONDS, 5), KEY))).body.outcome).toBe('saved');
    expect(inbox.savedRows()).toHaveLength(1);
    expect(inbox.recordings()).toHaveLength(1);
  });

  test('every part held but no row yet (a stop before the join): the story sent again saves it', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    for (const index of [0, 1, 2, 3, 4]) await inbox.post(partOf(NINETY_SECONDS, index), KEY);
    // As if the last part was kept and the inbox stopped before joining: its file is in the folder.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(partsFolder(), '5.part'), NINETY_SECONDS.subarray(5 * RECORDING_PART_BYTES));
    expect(await answerOf(await inbox.post(announce(NINETY_SECONDS), KEY))).toEqual({ status: 201, body: { ok: true, outcome: 'saved' } });
    expect(readFileSync(join(inbox.data, inbox.savedRows()[0][4])).equals(NINETY_SECONDS)).toBe(true);
  });
});

describe('a part sent again', () => {
  test('with the same bytes is taken as it was: the same parts held, nothing changed', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    await inbox.post(partOf(NINETY_SECONDS, 0), KEY);
    const again = await answerOf(await inbox.post(partOf(NINETY_SECONDS, 0), KEY));
    expect(again).toEqual({ status: 202, body: { ok: false, outcome: 'incomplete', have: [0] } });
  });

  test('with other bytes is refused (422), and the part held first is the one kept', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    await inbox.post(partOf(NINETY_SECONDS, 0), KEY);
    await inbox.post(partOf(NINETY_SECONDS, 1), KEY);
    const other = partOf(NINETY_SECONDS, 1);
    other.Part.data = Buffer.alloc(RECORDING_PART_BYTES, 7).toString('base64');
    const refused = await answerOf(await inbox.post(other, KEY));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ok: false, outcome: 'refused', fields: { Part: expect.stringMatching(/other bytes/) } });
    for (let index = 2; index < 6; index += 1) await inbox.post(partOf(NINETY_SECONDS, index), KEY);
    expect(readFileSync(join(inbox.data, inbox.savedRows()[0][4])).equals(NINETY_SECONDS)).toBe(true);
  });

  test('twice at once: one copy kept, one row', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    for (const index of [0, 1, 2, 3, 4]) await inbox.post(partOf(NINETY_SECONDS, index), KEY);
    const answers = await Promise.all([1, 2, 3].map(() => inbox.post(partOf(NINETY_SECONDS, 5), KEY).then(answerOf)));
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 200, 201]);
    expect(inbox.savedRows()).toHaveLength(1);
    expect(inbox.recordings()).toHaveLength(1);
  });
});

describe('the same key with another story is refused (422), and nothing of the second is kept', () => {
  test.each([
    ['other words', announce(NINETY_SECONDS, { ...STORY, Name: 'Meena' })],
    ['another phone', announce(NINETY_SECONDS, { ...STORY, Phone: '9123456789' })],
    ['another recording announced', announce(recordingOf(NINETY_SECONDS.length + 1))],
    ['a written story', { Name: 'Asha', Phone: '9876543210', Story: 'Written instead.' }],
  ])('while its parts arrive: %s', async (_, other) => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    const refused = await answerOf(await inbox.post(other, KEY));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ok: false, outcome: 'refused', error: expect.stringMatching(/another story/) });
    // The first story goes on as announced.
    const answers = await sendAll(NINETY_SECONDS);
    expect(answers.at(-1)?.status).toBe(201);
    expect(inbox.savedRows()).toEqual([[expect.any(String), STORY.Name, STORY.Phone, '', expect.any(String)]]);
  });

  test('two stories with one key at once: one goes on, the other is refused', async () => {
    const answers = await Promise.all([STORY, { ...STORY, Name: 'Meena' }].map((story) => inbox.post(announce(NINETY_SECONDS, story), KEY).then(answerOf)));
    expect(answers.map(({ status }) => status).sort()).toEqual([202, 422]);
  });

  test('once it is saved: other words, or the same words with another recording', async () => {
    await sendAll(NINETY_SECONDS);
    expect((await inbox.post(announce(NINETY_SECONDS, { ...STORY, Story: 'More' }), KEY)).status).toBe(422);
    expect((await inbox.post(announce(recordingOf(1000)), KEY)).status).toBe(422);
    expect(inbox.savedRows()).toHaveLength(1);
  });

  test('an inbox started again still tells the saved story from another', async () => {
    await sendAll(NINETY_SECONDS);
    await inbox.stop();
    inbox = await startInbox({}, inbox.dir);
    expect((await inbox.post(announce(NINETY_SECONDS, { ...STORY, Name: 'Meena' }), KEY)).status).toBe(422);
    expect((await inbox.post(announce(NINETY_SECONDS), KEY)).status).toBe(200);
  });
});

describe('what is refused', () => {
  test('part 0 that is not audio: refused at once with fields.Recording, and nothing of the story is kept', async () => {
    const notAudio = Buffer.concat([Buffer.from('<!doctype html><script>'), NINETY_SECONDS.subarray(23)]);
    await inbox.post(announce(notAudio), KEY);
    const refused = await answerOf(await inbox.post(partOf(notAudio, 0), KEY));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ outcome: 'refused', fields: { Recording: expect.stringMatching(/not a sound recording/) } });
    expect(existsSync(partsFolder())).toBe(false);
    expect(existsSync(inbox.file)).toBe(false);
  });

  test('a part without a key (400), or with a key no story announced (422)', async () => {
    const keyless = await answerOf(await inbox.post(partOf(NINETY_SECONDS, 0)));
    expect(keyless.status).toBe(400);
    expect(keyless.body).toMatchObject({ outcome: 'refused', error: expect.stringMatching(/key/) });
    const unknown = await answerOf(await inbox.post(partOf(NINETY_SECONDS, 0), KEY));
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ outcome: 'refused', fields: { Part: expect.stringMatching(/No story announced/) } });
    expect(existsSync(inbox.data)).toBe(false);
  });

  test('a story announcing a recording without a key (400): its parts could never be told apart', async () => {
    const response = await answerOf(await inbox.post(announce(NINETY_SECONDS)));
    expect(response.status).toBe(400);
    expect(existsSync(inbox.data)).toBe(false);
  });

  test.each([
    ['a count other than announced', () => ({ Part: { ...partOf(NINETY_SECONDS, 0).Part, count: 7 } })],
    ['a part shorter than its place asks', () => ({ Part: { ...partOf(NINETY_SECONDS, 1).Part, data: Buffer.alloc(100).toString('base64') } })],
    ['a last part longer than the rest of the size', () => ({ Part: { ...partOf(NINETY_SECONDS, 5).Part, data: Buffer.alloc(RECORDING_PART_BYTES).toString('base64') } })],
    ['words beside the part', () => ({ ...partOf(NINETY_SECONDS, 1), Name: 'Asha' })],
    ['data that is not base64', () => ({ Part: { index: 1, count: 6, data: 'not base64!' } })],
  ])('%s: 422 with fields.Part, nothing kept', async (_, body) => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    const refused = await answerOf(await inbox.post(body(), KEY));
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.fields)).toEqual(['Part']);
    expect(readdirSync(partsFolder()).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

describe('the whole recording in one body, as older pages send it', () => {
  test('completes a story a newer page began to send in parts with the same key: one row', async () => {
    await inbox.post(announce(NINETY_SECONDS), KEY);
    await inbox.post(partOf(NINETY_SECONDS, 0), KEY);
    const whole = await inbox.post({ ...STORY, Recording: { type: TYPE, data: NINETY_SECONDS.toString('base64') } }, KEY);
    expect(whole.status).toBe(201);
    expect(existsSync(partsFolder())).toBe(false);
    expect((await inbox.post(announce(NINETY_SECONDS), KEY)).status).toBe(200);
    expect(inbox.savedRows()).toHaveLength(1);
    expect(readFileSync(join(inbox.data, inbox.savedRows()[0][4])).equals(NINETY_SECONDS)).toBe(true);
  });
});
