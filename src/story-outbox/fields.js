// The story form's fields, checked the same way by the inbox (server/), the form island
// (docs/design.md, "Interface contract") and the Apps Script collector: pure, no I/O, so the
// browser and Node import it, and `npm run apps-script` copies it into deploy/apps-script/Code.js
// (pasted alone into Google's editor), so it keeps to the JavaScript Apps Script runs
// (docs/stories.md, "One source for the collector's checks").
import { RECORDING, RECORDING_SECONDS_MAX, RECORDING_SIZE_TEXT, checkRecording } from './recording.js';

/** The longest name the inbox takes; the form checks it too. */
export const NAME_MAX = 100;
/** The longest story the inbox takes; the form checks it too. */
export const STORY_MAX = 5000;
/** An Indian mobile number without its +91 or 0 prefix. */
export const PHONE_DIGITS = 10;

export const FIELDS = /** @type {const} */ (['Name', 'Phone', 'Story']);
/** A story told by voice needs only these of FIELDS (docs/stories.md, "Voice stories"). */
export const VOICE_REQUIRED = /** @type {const} */ (['Phone']);

/**
 * The field people never see or hear (docs/stories.md, "Spam"): bots fill every field they find,
 * so a post with words in it is answered as saved and written nowhere.
 */
export const HONEYPOT = 'website';

/**
 * A cell starting with one of these is read as a formula by a spreadsheet: = + - @ (and their
 * full-width and small forms, and the minus sign), a tab or a carriage return.
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\u2212]/;

/**
 * A value no spreadsheet runs as a formula when the stories file is opened (Excel, LibreOffice,
 * Google Sheets): one that would start one gets a leading space, text in every one of them.
 * The Apps Script collector stores its cells the same way.
 * @param {string} value
 */
export function safeCell(value) {
  return FORMULA_START.test(value) ? ` ${value}` : value;
}

/**
 * What can be wrong with one field; the inbox's pages say each in the visitor's language. Only a
 * recording is `notAudio` (its first bytes are none of the containers phones record in:
 * ./audio-signature.js) or `several` (a form posted with more than one file for it).
 */
export const PROBLEMS = /** @type {const} */ (['missing', 'tooLong', 'invalid', 'notText', 'unknown', 'notAudio', 'several']);

const EMPTY = {
  Name: 'Enter your name.',
  Phone: `Enter your ${PHONE_DIGITS}-digit phone number.`,
  Story: 'Write your story.',
};
const TOO_LONG = {
  Name: `Shorten your name to ${NAME_MAX} characters or fewer.`,
  Story: `Shorten your story to ${STORY_MAX} characters or fewer.`,
};
const MAX = { Name: NAME_MAX, Story: STORY_MAX };
const BAD_PHONE = `Enter a ${PHONE_DIGITS}-digit phone number, for example 98765 43210.`;
const RECORDING_MESSAGES = {
  tooLong: `Send a shorter recording: at most ${RECORDING_SECONDS_MAX / 60} minutes, ${RECORDING_SIZE_TEXT}.`,
  invalid: 'Send the recording as {"type": "audio/…", "data": "<standard base64>"}, not empty.',
  notText: 'Send the recording\'s type and data as text.',
  notAudio: 'The file is not a sound recording: send a recording made on the phone (WebM, Ogg, MP4, 3GP, MP3, WAV or AMR).',
  several: 'Send one recording with a story.',
};

/** The English message for a problem, as the JSON answers give it. */
export function messageFor(field, problem) {
  if (field === RECORDING) return RECORDING_MESSAGES[problem];
  if (problem === 'unknown') return `Remove the field "${field}": send only ${[...FIELDS, RECORDING].join(', ')}.`;
  if (problem === 'notText') return `Send ${field} as text.`;
  if (problem === 'missing') return EMPTY[field];
  if (problem === 'tooLong') return TOO_LONG[field];
  return BAD_PHONE;
}

/** The 10 digits of a phone number as people write it (`+91 98765-43210`, `09876543210`), or null. */
export function normalisePhone(phone) {
  // A prefix is dropped only when ten digits follow it: 0987654321 is a number, not 0 + nine digits.
  const digits = phone.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=[0-9]{10}$)/, '');
  return new RegExp(`^[0-9]{${PHONE_DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * The key a story posted without one is known by (docs/stories.md, "The local inbox": "Once,
 * even without a key"): `text:` and the SHA-256, in hex, of its words as checked and, for a story
 * told by voice, its recording's base64 (two recordings from one phone are two stories). A
 * phone's key has no colon, so none looks like it. Each collector hashes with its own means:
 * `sha256Hex` gives the digest of a text's UTF-8 bytes in lower-case hex.
 * @param {{ Name: string, Phone: string, Story: string }} story
 * @param {string | undefined} recordingBase64
 * @param {(text: string) => string} sha256Hex
 */
export function textKey(story, recordingBase64, sha256Hex) {
  const words = FIELDS.map((field) => story[field]);
  return `text:${sha256Hex(JSON.stringify(recordingBase64 === undefined ? words : [...words, recordingBase64]))}`;
}

/**
 * Checks a parsed request body. A body whose honeypot holds words is `spam`: answer it as saved,
 * write it nowhere. `problems` names what is wrong with each field, `errors` says it in English.
 * A body with a `Recording` member is a story told by voice: only the phone is required (Name and
 * Story may be empty, and are checked as usual when given), and the recording is checked
 * (./recording.js). A recording that is there but wrong is the one problem with the story: she
 * meant to speak it, so the empty Name and Story are not called missing.
 * @param {unknown} body
 * @returns {{ ok: true, spam: true }
 *   | { ok: true, spam?: false, story: { Name: string, Phone: string, Story: string, Recording?: { type: string, data: string } } }
 *   | { ok: false, errors: Record<string, string>, problems: Record<string, typeof PROBLEMS[number]> }}
 */
export function validateStory(body) {
  // Arrays and class instances are objects too, but never what the form sends.
  const proto = body !== null && typeof body === 'object' ? Object.getPrototypeOf(body) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    return { ok: false, errors: { body: `Send a JSON object with ${FIELDS.join(', ')}.` }, problems: { body: 'invalid' } };
  }
  const record = /** @type {Record<string, unknown>} */ (body);
  // Object.hasOwn is newer than the JavaScript Apps Script is known to run.
  const has = (/** @type {string} */ name) => Object.prototype.hasOwnProperty.call(record, name);
  // Bots learn nothing from the answer: whatever else they sent, it reads as saved.
  if (has(HONEYPOT) && String(record[HONEYPOT] ?? '').trim() !== '') return { ok: true, spam: true };

  /** @type {Record<string, typeof PROBLEMS[number]>} */
  const problems = {};
  /** @type {Record<string, string | { type: string, data: string }>} */
  const story = {};

  for (const key of Object.keys(record)) {
    if (!FIELDS.includes(/** @type {any} */ (key)) && key !== HONEYPOT && key !== RECORDING) problems[key] = 'unknown';
  }
  const voice = has(RECORDING) && record[RECORDING] !== undefined;
  if (voice) {
    const checked = checkRecording(record[RECORDING]);
    if ('problem' in checked) problems[RECORDING] = checked.problem;
    else story[RECORDING] = checked.recording;
  }
  for (const field of FIELDS) {
    const raw = has(field) ? record[field] : undefined;
    if (raw !== undefined && typeof raw !== 'string') {
      problems[field] = 'notText';
      continue;
    }
    // A form posted by the browser itself sends line breaks as CRLF, the form's script as LF:
    // one story reads, and counts, the same either way.
    const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
    if (value === '' && voice && !VOICE_REQUIRED.includes(/** @type {any} */ (field))) {
      story[field] = '';
    } else if (value === '') {
      problems[field] = 'missing';
    } else if (field === 'Phone') {
      const digits = normalisePhone(value);
      if (digits) story.Phone = digits;
      else problems.Phone = 'invalid';
    } else if (value.length > MAX[field]) {
      // `.length` counts UTF-16 units, as the browser's maxlength does.
      problems[field] = 'tooLong';
    } else {
      story[field] = value;
    }
  }

  if (Object.keys(problems).length > 0) {
    const errors = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, messageFor(field, problem)]));
    return { ok: false, errors, problems };
  }
  return { ok: true, story: /** @type {{ Name: string, Phone: string, Story: string, Recording?: { type: string, data: string } }} */ (story) };
}
