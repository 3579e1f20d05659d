// The organisation's collector (deploy/apps-script/Code.js) taking a recording in parts
// (docs/stories.md, "A recording in parts"), run over Google's services in memory
// (tests/apps-script/collector.ts): the row at once, each part kept until the last joins them,
// a dropped link resumed, a failing Drive that loses nothing and is told once a day, the day's
// byte cap, a shared folder refused, only audio kept, and Drive never written under the lock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_BITS_PER_SECOND, RECORDING_PART_BYTES, partsOf } from '../../src/story-outbox/recording.js';
import { RECORDINGS_FOLDER_ID, loadCollector, type Collector, type CollectorOptions } from '../apps-script/collector';
import { SAVED, postJson, rows, webmBytes, type Answer } from '../apps-script/post';

const KEY = '3c1d9e2a-7b4f-4a8e-9d0c-5f6e7a8b9c0d';
const WORDS = { Name: 'Sunita', Phone: '9876543210', Story: 'मैंने सब बोलकर बताया है।' };
/** Ninety seconds recorded at the phone's bit rate: 180,000 bytes, six parts. */
const NINETY_SECONDS = webmBytes((90 * RECORDING_BITS_PER_SECOND) / 8);
const NOTIFY_EMAIL = 'stories@stree.example';
const RETRY = { ok: false, outcome: 'retry', error: expect.stringMatching(/send the recording again later/) };

afterEach(() => {
  vi.useRealTimers();
});

/** The phone's side of the protocol, as docs/stories.md describes it. */
function phone(collector: Collector, audio: Buffer = NINETY_SECONDS, { key = KEY, type = 'audio/webm;codecs=opus' } = {}) {
  const parts = partsOf(audio.length);
  const cut = (index: number) => audio.subarray(index * RECORDING_PART_BYTES, (index + 1) * RECORDING_PART_BYTES);
  return {
    parts,
    /** The story, announcing its recording: also the question "which parts do you hold?". */
    announce: () => postJson(collector, { ...WORDS, Recording: { type, size: audio.length, parts } }, { key }),
    send: (index: number, bytes: Buffer = cut(index)) => postJson(collector, { Part: { index, count: parts, data: bytes.toString('base64') } }, { key }),
    /** Sends, one at a time and in order, the parts `answer.have` lacks, until an answer is not incomplete. */
    resume(answer: Answer) {
      for (let index = 0; index < parts; index += 1) {
        if (answer.outcome !== 'incomplete') return answer;
        if (!answer.have!.includes(index)) answer = this.send(index);
      }
      return answer;
    },
  };
}

const collectorWith = (options: CollectorOptions = {}) => loadCollector({ ...options, properties: { NOTIFY_EMAIL, ...options.properties } });
const notices = (collector: Collector) => collector.mail.sent.filter((mail) => /not being saved/.test(mail.subject));
const newStoryMails = (collector: Collector) => collector.mail.sent.filter((mail) => /new story/.test(mail.subject));
const partFilesMade = (collector: Collector) => collector.drive.files.filter((file) => file.folderId === collector.properties.PARTS_FOLDER_ID).length;

describe('a 90-second recording sent in parts', () => {
  it('writes her row at once, its recording pending, then arrives as one Drive file with its exact bytes, in one row', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    expect(sender.parts).toBe(6);
    expect(sender.announce()).toEqual({ ok: false, outcome: 'incomplete', have: [] });
    expect(rows(collector)).toEqual([[expect.any(String), WORDS.Name, WORDS.Phone, WORDS.Story, KEY, 'pending: 0 of 6 parts']]);
    for (let index = 0; index < 5; index += 1) {
      expect(sender.send(index)).toEqual({ ok: false, outcome: 'incomplete', have: Array.from({ length: index + 1 }, (_, i) => i) });
      expect(rows(collector)[0]![5]).toBe(`pending: ${index + 1} of 6 parts`);
    }
    expect(sender.send(5)).toEqual(SAVED);

    const [file, ...others] = collector.recordings();
    expect(others).toEqual([]);
    expect(file!.bytes.equals(NINETY_SECONDS)).toBe(true);
    expect(file!).toMatchObject({ folderId: RECORDINGS_FOLDER_ID, mimeType: 'audio/webm', name: expect.stringMatching(/^story-[\dT-]+Z\.webm$/) });
    expect(rows(collector)).toEqual([[expect.any(String), WORDS.Name, WORDS.Phone, WORDS.Story, KEY, file!.url]]);
    // The parts are trashed once joined, and nothing of the story is left arriving.
    expect(collector.parts()).toEqual([]);
    expect(partFilesMade(collector)).toBe(6);
    expect(collector.sheet('Recordings arriving')!.rows).toEqual([['Key', 'Type', 'Size', 'Parts', 'Received parts']]);
    // Asked again (its answer was lost): saved, and nothing more is written.
    expect(sender.announce()).toEqual(SAVED);
    expect(collector.drive.files).toHaveLength(7);
    expect(newStoryMails(collector)).toHaveLength(1);
  });

  it('after a dropped link, the story sent again learns which parts are held, and only the missing ones are sent', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    sender.announce();
    [0, 1, 2].forEach((index) => sender.send(index));
    // The link dropped while part 3 was on its way: it never arrived. The next try starts again.
    const asked = sender.announce();
    expect(asked).toEqual({ ok: false, outcome: 'incomplete', have: [0, 1, 2] });
    const sent: number[] = [];
    const send = sender.send.bind(sender);
    sender.send = (index, bytes) => (sent.push(index), send(index, bytes));
    expect(sender.resume(asked)).toEqual(SAVED);
    expect(sent).toEqual([3, 4, 5]);
    expect(partFilesMade(collector)).toBe(6);
    expect(collector.recordings()[0]!.bytes.equals(NINETY_SECONDS)).toBe(true);
  });

  it('a part sent again (its answer lost) is answered with what is held, and kept once', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    sender.announce();
    sender.send(0);
    expect(sender.send(0)).toEqual({ ok: false, outcome: 'incomplete', have: [0] });
    expect(partFilesMade(collector)).toBe(1);
  });

  it('reads its Script Properties once in each execution, and never calls Drive while it holds the lock', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    const reads: number[] = [];
    const measured = (request: () => Answer) => {
      const before = collector.propertyReads.count;
      const answer = request();
      reads.push(collector.propertyReads.count - before);
      return answer;
    };
    measured(() => sender.announce());
    for (let index = 0; index < sender.parts; index += 1) measured(() => sender.send(index));
    measured(() => sender.announce());
    expect(reads).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(collector.drive.calls).toContain('Folder.createFile');
    expect(collector.drive.underLock).toEqual([]);
  });
});

describe('a failing Drive loses nothing and is noticed', () => {
  it('one row at once, "try again" for every part, one e-mail that day however many failures; then her recording in the same row', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T06:00:00Z'));
    const collector = collectorWith();
    const sender = phone(collector);
    collector.drive.failing = true;
    expect(sender.announce()).toEqual({ ok: false, outcome: 'incomplete', have: [] });
    expect(rows(collector)).toEqual([[expect.any(String), WORDS.Name, WORDS.Phone, WORDS.Story, KEY, 'pending: 0 of 6 parts']]);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      vi.setSystemTime(new Date(Date.parse('2026-11-20T06:00:00Z') + attempt * 3_600_000));
      expect(sender.resume(sender.announce())).toEqual(RETRY);
    }
    expect(notices(collector)).toHaveLength(1);
    const [notice] = notices(collector);
    expect(notice!.to).toBe(NOTIFY_EMAIL);
    expect(notice!.body).toMatch(/Drive may be full/);
    for (const secret of [WORDS.Name, WORDS.Phone, WORDS.Story, KEY]) expect(`${notice!.subject} ${notice!.body}`).not.toContain(secret);
    expect(newStoryMails(collector)).toHaveLength(1);
    expect(collector.drive.files).toEqual([]);

    // The next day Drive still fails: told again, once.
    vi.setSystemTime(new Date('2026-11-21T06:00:00Z'));
    sender.resume(sender.announce());
    sender.resume(sender.announce());
    expect(notices(collector)).toHaveLength(2);

    collector.drive.failing = false;
    expect(sender.resume(sender.announce())).toEqual(SAVED);
    expect(rows(collector)).toEqual([[expect.any(String), WORDS.Name, WORDS.Phone, WORDS.Story, KEY, collector.recordings()[0]!.url]]);
    expect(collector.recordings()[0]!.bytes.equals(NINETY_SECONDS)).toBe(true);
    expect(collector.drive.underLock).toEqual([]);
  });

  it('all parts held but joining them failed: the story sent again joins them then', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    sender.announce();
    [0, 1, 2, 3, 4].forEach((index) => sender.send(index));
    collector.drive.unreadable = true;
    expect(sender.send(5)).toEqual(RETRY);
    expect(rows(collector)[0]![5]).toBe('pending: 6 of 6 parts');
    collector.drive.unreadable = false;
    expect(sender.announce()).toEqual(SAVED);
    expect(collector.recordings()).toHaveLength(1);
    expect(collector.recordings()[0]!.bytes.equals(NINETY_SECONDS)).toBe(true);
    expect(partFilesMade(collector)).toBe(6);
  });

  it('past the day’s byte cap: "try again" and a note; the next day the same recording goes on', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const collector = collectorWith({ properties: { RECORDING_BYTES_PER_DAY: String(3 * RECORDING_PART_BYTES) } });
    const sender = phone(collector);
    expect(sender.resume(sender.announce())).toEqual(RETRY);
    expect(partFilesMade(collector)).toBe(3);
    // A part held already costs nothing more.
    expect(sender.send(2)).toEqual({ ok: false, outcome: 'incomplete', have: [0, 1, 2] });
    expect(sender.send(3)).toEqual(RETRY);
    expect(notices(collector).map((mail) => mail.body)).toEqual([expect.stringMatching(/RECORDING_BYTES_PER_DAY/)]);

    vi.setSystemTime(new Date('2026-11-21T00:30:00Z'));
    expect(sender.resume(sender.announce())).toEqual(SAVED);
    expect(collector.recordings()[0]!.bytes.equals(NINETY_SECONDS)).toBe(true);
  });
});

describe('only audio, in private files', () => {
  it.each([
    ['shared by link', { access: 'ANYONE_WITH_LINK' }],
    ['shared with the domain', { access: 'DOMAIN' }],
    ['with a viewer besides its owner', { viewers: ['neighbour@example.org'] }],
    ['with an editor besides its owner', { editors: ['volunteer@example.org'] }],
  ] as const)('a recordings folder %s is not used: "try again", and the organisation is told', (_, sharing) => {
    const collector = collectorWith();
    Object.assign(collector.drive.folders.get(RECORDINGS_FOLDER_ID)!, sharing);
    const sender = phone(collector);
    expect(sender.resume(sender.announce())).toEqual(RETRY);
    expect(sender.resume(sender.announce())).toEqual(RETRY);
    expect(collector.drive.files).toEqual([]);
    expect(notices(collector).map((mail) => mail.body)).toEqual([expect.stringMatching(/shared with someone besides its owner/)]);
    // Made private again: the recording arrives.
    Object.assign(collector.drive.folders.get(RECORDINGS_FOLDER_ID)!, { access: 'PRIVATE', viewers: [], editors: [] });
    expect(sender.resume(sender.announce())).toEqual(SAVED);
  });

  it('a first part that is not audio is refused at once in fields.Recording; nothing of it is kept', () => {
    const collector = collectorWith();
    const page = Buffer.alloc(NINETY_SECONDS.length, '<html><script>alert(1)</script>');
    const sender = phone(collector, page);
    sender.announce();
    expect(sender.send(0)).toMatchObject({ ok: false, outcome: 'refused', fields: { Recording: expect.stringMatching(/not a sound recording/) } });
    expect(collector.drive.calls).not.toContain('Folder.createFile');
    expect(collector.drive.files).toEqual([]);
  });

  it('audio/x.hta never becomes an .hta file: a recording is named and typed by its bytes', () => {
    const collector = collectorWith();
    const sender = phone(collector, NINETY_SECONDS, { type: 'audio/x.hta' });
    expect(sender.resume(sender.announce())).toEqual(SAVED);
    expect(collector.drive.files.filter((file) => /\.hta$/i.test(file.name) || /hta/.test(file.mimeType))).toEqual([]);
    expect(collector.recordings().map(({ name, mimeType }) => [name.replace(/^.*\./, ''), mimeType])).toEqual([['webm', 'audio/webm']]);
    // The parts on their way carry no ending at all.
    expect(collector.drive.files.filter((file) => file.folderId === collector.properties.PARTS_FOLDER_ID).map((file) => file.name)).toEqual(
      Array.from({ length: 6 }, (_, i) => expect.stringMatching(new RegExp(`^part ${i + 1} of 6, [\\dT:.-]+Z$`))),
    );
  });

  it('the parts wait in a private folder of the script’s own inside the recordings folder', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    sender.announce();
    sender.send(0);
    expect(collector.drive.folders.get(collector.properties.PARTS_FOLDER_ID!)).toMatchObject({ parent: RECORDINGS_FOLDER_ID, access: 'PRIVATE', editors: [], viewers: [] });
  });
});

describe('a part that is not the story’s is refused in fields.Recording, and the held parts stay', () => {
  const refused = { ok: false, outcome: 'refused', error: expect.any(String), fields: { Recording: expect.any(String) } };

  it('another part at a place already held, with the same key', () => {
    const collector = collectorWith();
    const sender = phone(collector);
    sender.announce();
    sender.send(1);
    const other = Buffer.from(NINETY_SECONDS.subarray(RECORDING_PART_BYTES, 2 * RECORDING_PART_BYTES));
    other[100] ^= 0xff;
    expect(sender.send(1, other)).toEqual({ ...refused, fields: { Recording: expect.stringMatching(/Another part/) } });
    expect(partFilesMade(collector)).toBe(1);
    expect(sender.resume(sender.announce())).toEqual(SAVED);
    expect(collector.recordings()[0]!.bytes.equals(NINETY_SECONDS)).toBe(true);
  });

  it.each([
    ['a middle part one byte short', (send: ReturnType<typeof phone>['send']) => send(2, NINETY_SECONDS.subarray(2 * RECORDING_PART_BYTES, 3 * RECORDING_PART_BYTES - 1))],
    ['a last part one byte long', (send: ReturnType<typeof phone>['send']) => send(5, Buffer.concat([NINETY_SECONDS.subarray(5 * RECORDING_PART_BYTES), Buffer.from([0])]))],
  ])('%s', (_, sendWrong) => {
    const collector = collectorWith();
    const sender = phone(collector);
    sender.announce();
    expect(sendWrong(sender.send.bind(sender))).toEqual({ ...refused, fields: { Recording: expect.stringMatching(/does not fit/) } });
    expect(collector.drive.files).toEqual([]);
  });

  it('a count that is not the one announced', () => {
    const collector = collectorWith();
    phone(collector).announce();
    const data = NINETY_SECONDS.subarray(0, RECORDING_PART_BYTES).toString('base64');
    expect(postJson(collector, { Part: { index: 0, count: 7, data } }, { key: KEY })).toEqual(refused);
  });

  it.each([
    ['without a key', {}],
    ['before its story announced it', { key: 'never-announced-key-0000' }],
  ])('a part %s', (_, query) => {
    const collector = collectorWith();
    const data = NINETY_SECONDS.subarray(0, RECORDING_PART_BYTES).toString('base64');
    expect(postJson(collector, { Part: { index: 0, count: 6, data } }, query)).toEqual(refused);
    expect(collector.drive.files).toEqual([]);
  });

  it.each([
    ['with a story beside it', { ...WORDS, Part: { index: 0, count: 6, data: 'GkXfow==' } }],
    ['with data that is not base64', { Part: { index: 0, count: 6, data: 'not base64!' } }],
    ['longer than a part', { Part: { index: 0, count: 6, data: Buffer.alloc(RECORDING_PART_BYTES + 3).toString('base64') } }],
  ])('a part %s', (_, body) => {
    const collector = collectorWith();
    phone(collector).announce();
    expect(postJson(collector, body, { key: KEY })).toEqual(refused);
  });
});

describe('a story announcing its recording', () => {
  it('needs a key, for its parts to follow', () => {
    const collector = collectorWith();
    const answer = postJson(collector, { ...WORDS, Recording: { type: 'audio/webm', size: 180_000, parts: 6 } });
    expect(answer).toMatchObject({ outcome: 'refused', fields: { Recording: expect.stringMatching(/key/) } });
    expect(rows(collector)).toEqual([]);
  });

  it('with a key already used for another recording is refused', () => {
    const collector = collectorWith();
    phone(collector).announce();
    const answer = phone(collector, NINETY_SECONDS.subarray(0, 100_000)).announce();
    expect(answer).toMatchObject({ outcome: 'refused', fields: { Recording: expect.stringMatching(/new key/) } });
    expect(rows(collector)).toHaveLength(1);
  });

  it('sent whole by an older page before (Drive failing then), and now in parts, arrives in the same row', () => {
    const collector = collectorWith();
    collector.drive.failing = true;
    expect(postJson(collector, { ...WORDS, Recording: { type: 'audio/webm', data: NINETY_SECONDS.toString('base64') } }, { key: KEY })).toEqual(RETRY);
    collector.drive.failing = false;
    const sender = phone(collector);
    expect(sender.resume(sender.announce())).toEqual(SAVED);
    expect(rows(collector)).toEqual([[expect.any(String), WORDS.Name, WORDS.Phone, WORDS.Story, KEY, collector.recordings()[0]!.url]]);
  });
});
