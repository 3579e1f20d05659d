// STREE story collector: a Google Apps Script web app that keeps the stories sent through the
// site's "Share your Stories" form in a Google Sheet, one row per story, each story once, and a
// story's recording in a private Google Drive folder.
// Set-up, step by step: README.md, "Stories sent through the form" (docs/stories.md has more).
// It is a stand-alone Apps Script project (script.google.com → New project), not one made from the
// sheet's Extensions menu: only a stand-alone project's answer pages may leave Google's frame when
// she taps a link or Send (docs/stories.md, "As Google runs it"). It finds the sheet, and the rest
// of its settings, in Script Properties (Project Settings → Script Properties):
// - SHEET_ID (required): the sheet's id, the long part of its address between /d/ and /edit;
// - SITE_ADDRESS: the site's address, for "Back to the STREE home page" on its pages;
// - NOTIFY_EMAIL: an address told by e-mail that a story arrived (never its words or phone), and,
//   at most once a day, that recordings could not be saved to Drive;
// - RECORDINGS_FOLDER_ID: the Drive folder recordings are saved in, the part of its address after
//   /folders/. Without it the script makes a folder of its own on the first recording and sets it;
// - RECORDING_BYTES_PER_DAY: the most recording bytes taken in a day (RECORDING_BYTES_PER_DAY below
//   without it), so that a flood of requests cannot fill the Drive.
// It also keeps a few values of its own there (PARTS_FOLDER_ID, RECORDING_BYTES_TODAY,
// DRIVE_NOTICE_DAY): leave them.
// It follows the site's own inbox (server/inbox.js): the same checks, the same answers. The checks
// and the form are the site's own code, written in below by the site's developers (`npm run
// apps-script`); the collector's own code follows them.

// <generated: checks>
// Written by `npm run apps-script` from the modules the site and the local inbox import
// (src/story-outbox/: recording.js, audio-signature.js, fields.js):
// change those and run it, never this part by hand.

// From src/story-outbox/recording.js.
/**
 * The optional member of a story's JSON that carries a recording:
 * `{ "type": "audio/webm;codecs=opus", "data": "<base64>" }`, the type as the browser recorded it.
 * A plain form post (no script) sends the same name as a file field, multipart, to the local inbox.
 */
const RECORDING = 'Recording';

/** The longest recording the phone makes: five minutes, long enough for a story, short enough to send on 2G. */
const RECORDING_SECONDS_MAX = 300;

/**
 * The most audio bytes a collector takes: about 1 MB. Five minutes of Opus at the bit rate below
 * is about 0.9 MB, so a recording made here always fits; a file picked from the phone may not.
 */
const RECORDING_BYTES_MAX = 1024 * 1024;

/**
 * Asked of MediaRecorder: Opus is designed for speech at 16 kbit/s mono, so five minutes is about
 * 600 KB, what a 40 kbit/s uplink carries in two minutes (docs/stories.md, "A recording in parts").
 */
const RECORDING_BITS_PER_SECOND = 16000;

/**
 * Audio bytes in one part of a recording sent in parts: about 43.7 KB of base64, some 9 s at
 * 40 kbit/s, so a dropped link costs little; every part but the last is exactly this long.
 */
const RECORDING_PART_BYTES = 32 * 1024;

/** The most parts a recording has: one at RECORDING_BYTES_MAX. */
const RECORDING_PARTS_MAX = Math.ceil(RECORDING_BYTES_MAX / RECORDING_PART_BYTES);

/** The member of a part's JSON: `{ "Part": { "index", "count", "data" } }` (docs/stories.md). */
const PART = 'Part';

/** The longest type a collector takes: `audio/webm;codecs=opus` and its kin are far shorter. */
const RECORDING_TYPE_MAX = 100;

/**
 * A recording's type as the browser gives it: `audio/` and a subtype, then parameters
 * (`;codecs=opus`, `; codecs="opus"`), each a token as HTTP defines one (RFC 9110, 5.6.2).
 * Also the containers a phone's file picker names by the file's ending as video (`.webm`, `.3gp`,
 * `.mp4` are `video/…` to Chrome) though a voice recorder app writes only sound into them.
 */
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
// Pure: a page that imports only the names above does not carry this (the form's script, /home's budget).
const RECORDING_TYPE = /* @__PURE__ */ new RegExp(`^(?:audio/${TOKEN}|video/(?:webm|ogg|mp4|3gpp2?))(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);

/** Standard base64 (RFC 4648, section 4) with its padding, nothing else: no spaces, no `data:` prefix. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** How many bytes base64 text decodes to (`text` must match BASE64). */
function decodedSize(text) {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** The size of RECORDING_BYTES_MAX as people read it: "1 MB". */
const RECORDING_SIZE_TEXT = `${RECORDING_BYTES_MAX / (1024 * 1024)} MB`;

/**
 * What is wrong with a story's `Recording` member, or the recording itself, in either form
 * (docs/stories.md, "A recording in parts"): whole, `{ type, data }`, or announced, `{ type, size,
 * parts }` with its parts to follow. `{ problem }` is `invalid` (neither form, a type that is not
 * audio, data that is not base64 or is empty, a size or count that does not add up), `notText`
 * (a type or data that is not a string) or `tooLong` (more than RECORDING_BYTES_MAX bytes of audio).
 * @param {unknown} value
 * @returns {{ recording: { type: string, data: string } | { type: string, size: number, parts: number } }
 *   | { problem: 'invalid' | 'notText' | 'tooLong' }}
 */
function checkRecording(value) {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return { problem: 'invalid' };
  const record = /** @type {Record<string, unknown>} */ (value);
  const has = (/** @type {string} */ name) => Object.prototype.hasOwnProperty.call(record, name);
  const announced = has('size') || has('parts');
  const members = announced ? ['type', 'size', 'parts'] : ['type', 'data'];
  if (Object.keys(record).some((key) => !members.includes(key))) return { problem: 'invalid' };
  const { type, data, size, parts } = record;
  if (typeof type !== 'string' || (!announced && typeof data !== 'string')) return { problem: 'notText' };
  if (type.length > RECORDING_TYPE_MAX || !RECORDING_TYPE.test(type)) return { problem: 'invalid' };
  if (announced) {
    if (!Number.isSafeInteger(size) || !Number.isSafeInteger(parts) || /** @type {number} */ (size) < 1) return { problem: 'invalid' };
    if (/** @type {number} */ (size) > RECORDING_BYTES_MAX) return { problem: 'tooLong' };
    if (parts !== partsOf(/** @type {number} */ (size))) return { problem: 'invalid' };
    return { recording: { type, size: /** @type {number} */ (size), parts: /** @type {number} */ (parts) } };
  }
  const text = /** @type {string} */ (data);
  // Measured before the pattern is tried, so a huge body is refused for its size at once.
  if (text.length > Math.ceil(RECORDING_BYTES_MAX / 3) * 4) return { problem: 'tooLong' };
  if (text === '' || !BASE64.test(text)) return { problem: 'invalid' };
  if (decodedSize(text) > RECORDING_BYTES_MAX) return { problem: 'tooLong' };
  return { recording: { type, data: text } };
}

/** How many parts a recording of `size` bytes travels in. */
function partsOf(size) {
  return Math.ceil(size / RECORDING_PART_BYTES);
}

/**
 * What is wrong with a part's `Part` member, or the part: `{ index, count, data }`, `index` from 0
 * and below `count`, `count` at most RECORDING_PARTS_MAX, `data` standard base64 of 1 to
 * RECORDING_PART_BYTES bytes. Whether it fits the story it belongs to (its count, its length) is
 * the collector's to check against what the story announced.
 * @param {unknown} value
 * @returns {{ part: { index: number, count: number, data: string } } | { problem: 'invalid' | 'tooLong' }}
 */
function checkPart(value) {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return { problem: 'invalid' };
  const record = /** @type {Record<string, unknown>} */ (value);
  if (Object.keys(record).some((key) => !['index', 'count', 'data'].includes(key))) return { problem: 'invalid' };
  const { index, count, data } = record;
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(index) || typeof data !== 'string') return { problem: 'invalid' };
  const [at, of] = [/** @type {number} */ (index), /** @type {number} */ (count)];
  if (of < 1 || of > RECORDING_PARTS_MAX || at < 0 || at >= of) return { problem: 'invalid' };
  if (data.length > Math.ceil(RECORDING_PART_BYTES / 3) * 4) return { problem: 'tooLong' };
  if (data === '' || !BASE64.test(data)) return { problem: 'invalid' };
  return { part: { index: at, count: of, data } };
}

/**
 * Whether a part holds as many bytes as its place asks: every part but the last exactly
 * RECORDING_PART_BYTES, the last the rest of `size`. Parts that pass add up to the recording.
 * @param {{ index: number, count: number }} part
 * @param {number} bytes the part's decoded length
 * @param {number} size the recording's announced size
 */
function partFits({ index, count }, bytes, size) {
  if (count !== partsOf(size)) return false;
  return bytes === (index < count - 1 ? RECORDING_PART_BYTES : size - RECORDING_PART_BYTES * (count - 1));
}

// From src/story-outbox/audio-signature.js.
/**
 * The containers a phone records speech in, each with the file ending a collector gives it and a
 * test of its first bytes (each format's own published signature).
 * @type {{ extension: string, type: string, matches: (b: Uint8Array) => boolean }[]}
 */
const SIGNATURES = [
  // EBML header (RFC 8794), which every WebM file starts with.
  { extension: 'webm', type: 'audio/webm', matches: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  // An Ogg page (RFC 3533, section 6): "OggS".
  { extension: 'ogg', type: 'audio/ogg', matches: (b) => startsWith(b, ascii('OggS')) },
  // ISO base media (MP4, 3GP): a box of type "ftyp" first; its brand tells 3GPP from MP4.
  { extension: '3gp', type: 'audio/3gpp', matches: (b) => startsWith(b, ascii('ftyp'), 4) && startsWith(b, ascii('3gp'), 8) },
  { extension: '3g2', type: 'audio/3gpp2', matches: (b) => startsWith(b, ascii('ftyp'), 4) && startsWith(b, ascii('3g2'), 8) },
  { extension: 'm4a', type: 'audio/mp4', matches: (b) => startsWith(b, ascii('ftyp'), 4) },
  // An ID3v2 tag, or an MPEG audio frame's 11-bit sync with a layer that is not the reserved 00.
  { extension: 'mp3', type: 'audio/mpeg', matches: (b) => startsWith(b, ascii('ID3')) || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0 && (b[1] & 0x06) !== 0) },
  // RIFF with the WAVE form type.
  { extension: 'wav', type: 'audio/wav', matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8) },
  // AMR and AMR-WB storage format (RFC 4867, section 5): "#!AMR".
  { extension: 'amr', type: 'audio/amr', matches: (b) => startsWith(b, ascii('#!AMR')) },
];

/** The first bytes a collector needs to tell every container above apart. */
const SIGNATURE_BYTES = 12;

/**
 * The container `bytes` (at least the first SIGNATURE_BYTES of a file) start with, or undefined
 * when they are none of the allowed ones.
 * @param {Uint8Array} bytes
 * @returns {{ extension: string, type: string } | undefined}
 */
function audioKind(bytes) {
  const found = SIGNATURES.find(({ matches }) => matches(bytes));
  return found && { extension: found.extension, type: found.type };
}

/** @param {string} text */
function ascii(text) {
  return Array.from(text, (letter) => letter.charCodeAt(0));
}

/** @param {Uint8Array} bytes @param {number[]} expected */
function startsWith(bytes, expected, offset = 0) {
  return expected.every((byte, i) => bytes[offset + i] === byte);
}

// From src/story-outbox/fields.js.
// The story form's fields, checked the same way by the inbox (server/), the form island
// (docs/design.md, "Interface contract") and the Apps Script collector: pure, no I/O, so the
// browser and Node import it, and `npm run apps-script` copies it into deploy/apps-script/Code.js
// (pasted alone into Google's editor), so it keeps to the JavaScript Apps Script runs
// (docs/stories.md, "One source for the collector's checks").

/** The longest name the inbox takes; the form checks it too. */
const NAME_MAX = 100;
/** The longest story the inbox takes; the form checks it too. */
const STORY_MAX = 5000;
/** An Indian mobile number without its +91 or 0 prefix. */
const PHONE_DIGITS = 10;

const FIELDS = /** @type {const} */ (['Name', 'Phone', 'Story']);
/** A story told by voice needs only these of FIELDS (docs/stories.md, "Voice stories"). */
const VOICE_REQUIRED = /** @type {const} */ (['Phone']);

/**
 * The field people never see or hear (docs/stories.md, "Spam"): bots fill every field they find,
 * so a post with words in it is answered as saved and written nowhere.
 */
const HONEYPOT = 'website';

/**
 * A cell starting with one of these is read as a formula by a spreadsheet: = + - @ (and their
 * full-width and small forms, and the minus sign), a tab or a carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\u2212]/;

/**
 * A value no spreadsheet runs as a formula when the stories file is opened (Excel, LibreOffice,
 * Google Sheets): one that would start one gets a leading space, text in every one of them.
 * The Apps Script collector stores its cells the same way.
 * @param {string} value
 */
function safeCell(value) {
  return FORMULA_START.test(value) ? ` ${value}` : value;
}

/**
 * What can be wrong with one field; the inbox's pages say each in the visitor's language. Only a
 * recording is `notAudio` (its first bytes are none of the containers phones record in:
 * ./audio-signature.js) or `several` (a form posted with more than one file for it).
 */
const PROBLEMS = /** @type {const} */ (['missing', 'tooLong', 'invalid', 'notText', 'unknown', 'notAudio', 'several']);

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
function messageFor(field, problem) {
  if (field === RECORDING) return RECORDING_MESSAGES[problem];
  if (problem === 'unknown') return `Remove the field "${field}": send only ${[...FIELDS, RECORDING].join(', ')}.`;
  if (problem === 'notText') return `Send ${field} as text.`;
  if (problem === 'missing') return EMPTY[field];
  if (problem === 'tooLong') return TOO_LONG[field];
  return BAD_PHONE;
}

/** The 10 digits of a phone number as people write it (`+91 98765-43210`, `09876543210`), or null. */
function normalisePhone(phone) {
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
function textKey(story, recordingBase64, sha256Hex) {
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
function validateStory(body) {
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
// </generated>

// <generated: form fields>
// Written by `npm run apps-script` from src/story-outbox/form-fields.js, form-html.js and the
// `form` strings of src/i18n/: change those and run it, never this part by hand.

/** The story form's fields, as the site's form has them. */
const FORM = {
  fields: [
    { name: "Name", id: "name", label: "name", control: "input", autoComplete: "name", limit: 100 },
    { name: "Phone", id: "phone", label: "phone", hint: "phoneHint", control: "input", type: "tel", inputMode: "numeric", autoComplete: "tel", pattern: "(\\+91|0)?[ \\-]*([0-9][ \\-]*){10}", maxLength: 17 },
    { name: "Story", id: "story", label: "story", control: "textarea", rows: 6, limit: 5000 },
  ],
  honeypot: { name: "website", id: "website", label: "honeypot", autoComplete: "off", tabIndex: -1 },
  consent: { label: "consent" },
};

/** Answers in every language of the site: the site's own words. */
const TEXT = {
  "en": {
    "name": "Name",
    "phone": "Phone",
    "phoneHint": "10 digits, for example 98765 43210. You may start with +91.",
    "story": "Story",
    "honeypot": "Leave this empty",
    "consent": "I'd like to publish my story on the STREE platform.",
    "submit": "Submit",
    "phoneInvalid": "Please enter a 10-digit phone number, for example 98765 43210. You may start with +91.",
    "tooLong": "This is {length} characters long. Please shorten it to {max} or fewer: what you wrote stays here until you send it.",
    "sentTitle": "Your story has arrived",
    "sentBody": "Thank you for trusting us with it. Someone at STREE reads every story.",
    "home": "Back to the STREE home page",
    "fixTitle": "Your story was not sent yet",
    "fixIntro": "Please correct what is marked below and press Submit again. Your words are still here.",
    "missing": "Please fill this in.",
    "unreadable": "Your story could not be read. Please go back, check it and send it again.",
    "failed": "We could not save your story just now. Your words are below: please press Submit again in a few minutes.",
    "recordingNotReceived": "Your recording could not be received this way. You can write your story below and send it, or tell it to us by phone: the number is on the STREE website."
  },
  "hi": {
    "name": "नाम",
    "phone": "फ़ोन",
    "phoneHint": "10 अंक, जैसे 98765 43210। शुरू में +91 भी लगा सकती हैं।",
    "story": "कहानी",
    "honeypot": "इसे खाली छोड़ दें",
    "consent": "हाँ, मेरी कहानी STREE की वेबसाइट पर दिखाई जा सकती है, जहाँ उसे कोई भी पढ़ सकता है।",
    "submit": "भेजें",
    "phoneInvalid": "कृपया 10 अंकों का फ़ोन नंबर लिखें, जैसे 98765 43210। शुरू में +91 भी लगा सकती हैं।",
    "tooLong": "यह {length} अक्षरों का है। कृपया इसे छोटा करके {max} या उससे कम अक्षरों का करें: आपने जो लिखा है, वह भेजे जाने तक यहीं रहेगा।",
    "sentTitle": "आपकी कहानी हमें मिल गई है",
    "sentBody": "हम पर भरोसा करने के लिए धन्यवाद। STREE में कोई न कोई हर कहानी पढ़ता है।",
    "home": "STREE के होम पेज पर वापस जाएँ",
    "fixTitle": "आपकी कहानी अभी नहीं भेजी गई",
    "fixIntro": "नीचे जो बताया गया है, उसे ठीक करके \"भेजें\" दोबारा दबाएँ। आपके लिखे शब्द यहीं हैं।",
    "missing": "कृपया यह भरें।",
    "unreadable": "आपकी कहानी पढ़ी नहीं जा सकी। कृपया पीछे जाकर उसे देख लें और फिर से भेजें।",
    "failed": "आपकी कहानी अभी हम तक नहीं पहुँच सकी। आपके लिखे शब्द नीचे हैं: कृपया कुछ मिनट बाद \"भेजें\" दोबारा दबाएँ।",
    "recordingNotReceived": "आपकी रिकॉर्डिंग इस तरह हम तक नहीं पहुँच सकी। आप नीचे अपनी कहानी लिखकर भेज सकती हैं, या फ़ोन पर हमें सुना सकती हैं: नंबर STREE की वेबसाइट पर है।"
  },
  "gu": {
    "name": "નામ",
    "phone": "ફોન",
    "phoneHint": "10 અંક, જેમ કે 98765 43210. શરૂઆતમાં +91 પણ લખી શકો છો.",
    "story": "કહાણી",
    "honeypot": "આને ખાલી રહેવા દો",
    "consent": "હા, મારી કહાણી STREEની વેબસાઇટ પર બતાવી શકાય છે, જ્યાં કોઈ પણ તેને વાંચી શકે છે.",
    "submit": "મોકલો",
    "phoneInvalid": "કૃપા કરીને 10 અંકનો ફોન નંબર લખો, જેમ કે 98765 43210. શરૂઆતમાં +91 પણ લખી શકો છો.",
    "tooLong": "આ {length} અક્ષરનું છે. કૃપા કરીને તેને ટૂંકું કરીને {max} કે તેથી ઓછા અક્ષરનું કરો: તમે જે લખ્યું છે, તે મોકલાય ત્યાં સુધી અહીં જ રહેશે.",
    "sentTitle": "તમારી કહાણી અમને મળી ગઈ છે",
    "sentBody": "અમારા પર ભરોસો કરવા બદલ આભાર. STREEમાં કોઈ ને કોઈ દરેક કહાણી વાંચે છે.",
    "home": "STREEના હોમ પેજ પર પાછા જાઓ",
    "fixTitle": "તમારી કહાણી હજી મોકલાઈ નથી",
    "fixIntro": "નીચે જે બતાવ્યું છે, તે સુધારીને \"મોકલો\" ફરી દબાવો. તમારા લખેલા શબ્દો અહીં જ છે.",
    "missing": "કૃપા કરીને આ ભરો.",
    "unreadable": "તમારી કહાણી વાંચી શકાઈ નહીં. કૃપા કરીને પાછા જઈને તેને જોઈ લો અને ફરી મોકલો.",
    "failed": "તમારી કહાણી અત્યારે અમારા સુધી પહોંચી શકી નહીં. તમારા લખેલા શબ્દો નીચે છે: કૃપા કરીને થોડી મિનિટ પછી \"મોકલો\" ફરી દબાવો.",
    "recordingNotReceived": "તમારું રેકોર્ડિંગ આ રીતે અમારા સુધી પહોંચી શક્યું નહીં. તમે નીચે તમારી કહાણી લખીને મોકલી શકો છો, અથવા ફોન પર અમને સંભળાવી શકો છો: નંબર STREEની વેબસાઇટ પર છે."
  }
};

/** Text made safe inside HTML, in an element or a quoted attribute. */
function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * What is wrong with one field, in her words: `text` holds the `form` strings (`missing` from
 * `form.page`), `field` the field's description, `value` what she sent.
 */
function problemMessage(text, field, problem, value) {
  if (problem === 'tooLong') {
    const count = (n) => n.toLocaleString('en-IN');
    // Counted as the inbox counts it: a line break is one character, however the browser sent it.
    const length = String(value).replace(/\r\n?/g, '\n').trim().length;
    return text.tooLong.replace('{length}', count(length)).replace('{max}', count(field.limit));
  }
  return problem === 'invalid' ? text.phoneInvalid : text.missing;
}

/**
 * The form with her words in it, each problem beside its field (`aria-invalid`, and read with
 * the field), posting to `action`. `form`: { fields, honeypot, consent } from ./form-fields.js;
 * `problems`: a problem (`missing`, `tooLong`, `invalid`) per field name; `target`: where it
 * posts to (`_top` leaves Apps Script's frame). `recording`: `{ label }` when she sent a recording
 * a page cannot give back: the form takes a file again (multipart), and then needs only the phone.
 */
function storyFormHtml(form, text, { action, idPrefix, values = {}, problems = {}, target = '', recording }) {
  const id = (suffix) => escapeHtml(`${idPrefix}-${suffix}`);
  const file = recording
    ? [`<label for="${id('recording')}">${escapeHtml(recording.label)}</label>\n<input id="${id('recording')}" name="Recording" type="file" accept="audio/*" capture="user">`]
    : [];
  const fields = form.fields.map((field) => {
    const raw = typeof values[field.name] === 'string' ? values[field.name] : '';
    const problem = problems[field.name];
    const described = [problem ? `${field.id}-problem` : '', field.hint ? `${field.id}-hint` : ''].filter(Boolean).map(id).join(' ');
    const attributes = [
      `id="${id(field.id)}"`,
      `name="${field.name}"`,
      field.type ? `type="${field.type}"` : '',
      field.inputMode ? `inputmode="${field.inputMode}"` : '',
      field.autoComplete ? `autocomplete="${field.autoComplete}"` : '',
      field.pattern ? `pattern="${escapeHtml(field.pattern)}"` : '',
      field.maxLength ? `maxlength="${field.maxLength}"` : '',
      field.rows ? `rows="${field.rows}"` : '',
      !recording || field.name === 'Phone' ? 'required' : '',
      field.control === 'input' ? `value="${escapeHtml(raw)}"` : '',
      problem ? 'aria-invalid="true"' : '',
      described ? `aria-describedby="${described}"` : '',
    ].filter(Boolean).join(' ');
    const control = field.control === 'textarea' ? `<textarea ${attributes}>${escapeHtml(raw)}</textarea>` : `<input ${attributes}>`;
    const note = problem ? `\n<p class="problem" id="${id(`${field.id}-problem`)}">${escapeHtml(problemMessage(text, field, problem, raw))}</p>` : '';
    const hint = field.hint ? `\n<p class="hint" id="${id(`${field.id}-hint`)}">${escapeHtml(text[field.hint])}</p>` : '';
    return `<label for="${id(field.id)}">${escapeHtml(text[field.label])}</label>${note}\n${control}${hint}`;
  });
  const trap = form.honeypot;
  return `<form method="post"${recording ? ' enctype="multipart/form-data"' : ''} action="${escapeHtml(action)}"${target ? ` target="${target}"` : ''}>
${[...file, ...fields].join('\n')}
<div class="trap" aria-hidden="true"><label for="${id(trap.id)}">${escapeHtml(text[trap.label])}</label>
<input id="${id(trap.id)}" name="${trap.name}" tabindex="${trap.tabIndex}" autocomplete="${trap.autoComplete}"></div>
<label class="consent"><input type="checkbox" required> <span>${escapeHtml(text[form.consent.label])}</span></label>
<button type="submit">${escapeHtml(text.submit)}</button>
</form>`;
}
// </generated>

// The collector's own code, by hand: what only Apps Script has (the request, the sheet, Drive,
// the lock, mail, its answers and pages).

const PROPERTY = {
  sheet: 'SHEET_ID',
  site: 'SITE_ADDRESS',
  notify: 'NOTIFY_EMAIL',
  recordings: 'RECORDINGS_FOLDER_ID',
  bytesPerDay: 'RECORDING_BYTES_PER_DAY',
  // Kept by the script itself.
  parts: 'PARTS_FOLDER_ID',
  bytesToday: 'RECORDING_BYTES_TODAY',
  noticeDay: 'DRIVE_NOTICE_DAY',
};
/** The sheet the stories go to; made, with its header row, when the first story arrives. */
const STORIES_SHEET = 'Stories';
/**
 * The Key column holds the story's key, written with the row in one step: a row is never without
 * its key, so a retry after any failure finds it. A form posted without a key gets one made from
 * its words (`text:` and a hash), which no phone's key can look like (KEY_PATTERN has no colon).
 * Recording, after it (a sheet from before recordings keeps its columns where they were), holds
 * the Drive address of a story's recording once it is whole, `pending: 2 of 6 parts` until then,
 * and is empty for a written story.
 */
const COLUMNS = ['Received', 'Name', 'Phone', 'Story', 'Key', 'Recording'];
const KEY_COLUMN = COLUMNS.indexOf('Key') + 1;
const RECORDING_COLUMN = COLUMNS.indexOf('Recording') + 1;
/**
 * A recording arriving in parts: what its story announced and the parts held so far (each part's
 * Drive file and digest), one row per key, under the same lock as the stories; the row goes once
 * the recording is whole. A tab of its own, so the stories' rows keep their columns.
 */
const ARRIVING_SHEET = 'Recordings arriving';
const ARRIVING_COLUMNS = ['Key', 'Type', 'Size', 'Parts', 'Received parts'];

/**
 * The most recording bytes taken in a day (UTC) unless RECORDING_BYTES_PER_DAY says otherwise:
 * about 100 five-minute stories, far more than the organisation hears in a day, and a cap on what
 * a flood of requests could put in its Drive (15 GB for a free account) before someone notices.
 */
const RECORDING_BYTES_PER_DAY = 64 * 1024 * 1024;
/** Folders the script makes when none is set: the recordings, and inside it the parts on their way. */
const RECORDINGS_FOLDER_NAME = 'STREE recordings';
const PARTS_FOLDER_NAME = 'Parts of recordings still arriving';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** A post without a key is a repeat when the same words arrived this recently (a reload, a resend). */
const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A plain form post percent-encodes a Devanagari letter in 9 bytes; 5,000 of them fit well. A
 * story's JSON may also carry a whole recording at its limit, in base64 (the older form).
 */
const TEXT_LIMIT = 256 * 1024;
const BODY_LIMIT = TEXT_LIMIT + Math.ceil(RECORDING_BYTES_MAX / 3) * 4;
/** How long a story waits for another being written; then it is answered "try again" and is sent again. */
const LOCK_WAIT_MS = 10000;
/** Rows added at once when the sheet is full (a new sheet has 1,000; writing past the last throws). */
const GROW_ROWS = 1000;

/**
 * English messages for scripts of the collector's own: what is wrong with a story's fields or its
 * recording is said by messageFor, as the site's inbox says it.
 */
const MESSAGES = {
  unreadable: 'The story could not be read as JSON: send an object with Name, Phone and Story.',
  tooBig: `The story is too long: send at most ${TEXT_LIMIT / 1024} KB of words and a recording of at most ${RECORDING_SECONDS_MAX / 60} minutes, ${RECORDING_SIZE_TEXT}.`,
  recording: {
    needsKey: 'A recording sent in parts needs the story\'s key (?key=…).',
    again: 'This key was used for another story or another recording: send this one with a new key.',
  },
  part: {
    invalid: 'Send a part as {"Part": {"index": 0, "count": 6, "data": "<standard base64>"}} and nothing else.',
    tooLong: `A part holds at most ${RECORDING_PART_BYTES} bytes of the recording.`,
    noStory: 'Send the story, announcing its recording, with this key before its parts.',
    misfit: 'This part does not fit the recording its story announced: send the parts as the recording was cut.',
    again: 'Another part was received at this place for this key: a key is one recording, cut once.',
  },
  multipart: 'A recording cannot be sent to this collector as a form: send the story as JSON.',
  badKey: 'The key parameter must be 16 to 128 letters, digits, - or _.',
  busy: 'The story could not be saved. Please try again in a few minutes.',
  recordingBusy: 'The story is saved, but its recording could not be saved just now: send the recording again later.',
  notSet: 'The collector is not set up: the Script Property SHEET_ID names no sheet it can open.',
};

/**
 * The e-mail NOTIFY_EMAIL gets, at most once a day, while recordings cannot be saved: what is
 * wrong and what to do, never anything of a story.
 */
const NOTICE = {
  subject: 'STREE: recordings are not being saved to Google Drive',
  drive: 'Google Drive did not save a recording: the Drive may be full, or a Google quota reached for today. Make room in the Drive of the account the web app runs as, or wait a day.',
  folder: 'The Script Property RECORDINGS_FOLDER_ID names a folder this script cannot open. Set it to the id of a folder in the Drive of the account the web app runs as, or delete it and the script makes a folder of its own.',
  shared: 'The recordings folder (or the folder of parts inside it) is shared with someone besides its owner, or by link, and a woman\'s voice is never saved into a shared folder. Make it private again: Share → remove everyone, General access → Restricted. People who listen to the recordings sign in to the organisation\'s account.',
  cap: 'More recording bytes arrived today than RECORDING_BYTES_PER_DAY allows, which protects the Drive from a flood. If these are real stories, raise it in Script Properties.',
  end: '\n\nThe stories\' words are in the sheet already; their recordings stay on the women\'s phones, which send them again by themselves once this is fixed. This message comes at most once a day; Apps Script → Executions has the details.',
};

/** A visit to the web app's address: says what it is, so a set-up can be checked in a browser. */
function doGet() {
  return ContentService.createTextOutput('The STREE story collector is running. The site\'s form sends stories here with POST.');
}

/**
 * A story from the site: JSON sent as text/plain by the form's script (no preflight: Apps Script
 * answers none), or a plain form post when no script ran. Scripts get JSON; a form gets a page.
 * Apps Script answers 200 whatever happens, so the JSON itself says what happened: saved,
 * refused (what to fix), incomplete (which parts of its recording are held), or retry.
 */
function doPost(e) {
  const request = readPost(e);
  const run = execution();
  const answer = request.isForm ? pageAnswers(request, run) : jsonAnswers();
  if (request.problem === 'multipart') return answer.multipart(request.body);
  if (request.problem) return answer.unreadable(request.problem);
  if (!request.isForm && isPart(request.body)) return receivePart(request, run, answer);
  const result = validateStory(request.body);
  // A bot filled the field no person sees: it learns nothing, and nothing is written.
  if (result.ok && result.spam) return answer.saved();
  if (!result.ok) return answer.refused(result, request.body);
  const recording = result.story[RECORDING];
  if (!recording) return saveWritten(result.story, request, run, answer);
  if (recording.data === undefined) return receiveAnnounced(result.story, request, run, answer);
  return receiveWhole(result.story, request, run, answer);
}

/**
 * What one execution knows. Its Script Properties are read once (one getProperties call), by the
 * first thing that needs them, which is always under the script lock: the day's counters among
 * them are then fresh when they are counted on. The spreadsheet is opened once too.
 */
function execution() {
  let settings;
  let book;
  const run = {
    settings() {
      if (!settings) settings = PropertiesService.getScriptProperties().getProperties();
      return settings;
    },
    /** A value of the script's own, written for the next executions and kept for this one. */
    remember(name, value) {
      PropertiesService.getScriptProperties().setProperty(name, value);
      run.settings()[name] = value;
    },
    book() {
      if (!book) {
        const id = run.settings()[PROPERTY.sheet];
        if (!id) throw new Error(MESSAGES.notSet);
        book = SpreadsheetApp.openById(id);
      }
      return book;
    },
  };
  return run;
}

/** What was posted: the fields, the key and language from the address, or what is wrong with it. */
function readPost(e) {
  const query = (e && e.parameter) || {};
  const post = (e && e.postData) || { contents: '', length: 0, type: '' };
  // A type may carry parameters (`; charset=UTF-8`): only the type itself decides.
  const type = String(post.type || '').split(';')[0].trim().toLowerCase();
  const isMultipart = type === 'multipart/form-data';
  const isForm = type === 'application/x-www-form-urlencoded' || isMultipart;
  const lang = Object.prototype.hasOwnProperty.call(TEXT, query.lang) ? query.lang : 'en';
  const key = query.key;
  const request = { isForm, lang, key, body: undefined, problem: undefined };
  // Apps Script puts a form's fields beside the address's: take the form's own only.
  const fields = {};
  for (const name of [...FIELDS, HONEYPOT]) if (typeof query[name] === 'string') fields[name] = query[name];
  // A form with a file (a recording): Google gives doPost the body only as text (e.postData.contents,
  // docs/stories.md), and audio is not text: its bytes cannot be had intact. She is told so and
  // given another way, before any limit, since nothing of it could be kept.
  if (isMultipart) return { ...request, body: fields, problem: 'multipart' };
  if (post.length > BODY_LIMIT) return { ...request, problem: 'tooBig' };
  if (key !== undefined && !KEY_PATTERN.test(key)) return { ...request, problem: 'badKey' };
  if (isForm) return { ...request, body: fields };
  try {
    return { ...request, body: JSON.parse(post.contents) };
  } catch (error) {
    return { ...request, problem: 'unreadable' };
  }
}

/**
 * audioKind (audio-signature.js) of Google's bytes: Utilities.base64Decode and Blob.getBytes give
 * them signed (-128…127), and the signatures are written as the bytes they are (0…255).
 */
function audioKindOfSigned(bytes) {
  return audioKind(Uint8Array.from(bytes.slice(0, SIGNATURE_BYTES), (byte) => byte & 0xff));
}

/** Whether a body is a part of a recording, `{ "Part": … }`, rather than a story. */
function isPart(body) {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && Object.prototype.hasOwnProperty.call(body, PART);
}

/** The row a story is kept as, in COLUMNS' order: its key, then its recording's cell. */
function rowFor(story, received, key, recordingCell) {
  return [received.toISOString(), story.Name, story.Phone, story.Story, key, recordingCell].map(safeCell);
}

/** What a story's Recording cell says until its recording is whole. */
function pendingText(held, parts) {
  return `pending: ${held} of ${parts} parts`;
}

/** Whether a Recording cell holds the recording's Drive address: the recording is whole. */
function isAddress(cell) {
  return /^https:\/\//.test(String(cell));
}

/**
 * The key kept for a story posted without one, made from its words and its recording's base64
 * (textKey, fields.js) with Google's SHA-256: the key the site's inbox makes of the same story.
 */
function keyOfWords(story) {
  return textKey(story, story[RECORDING] ? story[RECORDING].data : undefined, sha256Hex);
}

/** The SHA-256 of a text's UTF-8 bytes, in hex. */
function sha256Hex(text) {
  return hex(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8));
}

/** Google's signed digest bytes as hex. */
function hex(bytes) {
  return bytes.map((byte) => ((byte + 256) % 256).toString(16).padStart(2, '0')).join('');
}

/** Only a phone's key is the same story however late it comes; words alone, only within a day. */
function repeatSince(key, received) {
  return key === undefined ? received.getTime() - REPEAT_WINDOW_MS : -Infinity;
}

/**
 * Runs `work` with the stories sheet under the script lock, so two copies of one story arriving
 * at once (a retry after a lost answer) make one row. Only the spreadsheet (and the day's
 * counters) are touched under it: Drive is written before or after, so a slow Drive never holds
 * another story up. Throws when the lock stays busy past LOCK_WAIT_MS (waitLock does), or the
 * sheet fails.
 */
function withSheets(run, work) {
  const lock = LockService.getScriptLock();
  lock.waitLock(LOCK_WAIT_MS);
  try {
    const result = work(storiesSheet(run.book()));
    SpreadsheetApp.flush();
    return result;
  } finally {
    lock.releaseLock();
  }
}

/** A story told in words only: appended unless it was saved before. */
function saveWritten(story, request, run, answer) {
  const received = new Date();
  let isNew;
  try {
    isNew = withSheets(run, (stories) => {
      const key = request.key ?? keyOfWords(story);
      if (findRow(stories, key, KEY_COLUMN, repeatSince(request.key, received))) return false;
      appendText(stories, rowFor(story, received, key, ''));
      return true;
    });
  } catch (error) {
    // A lock held too long, a quota, the sheet not reachable: nothing was written, so sending again is safe.
    console.error(error);
    return answer.failed(request.body);
  }
  if (isNew) notify(run);
  return answer.saved();
}

/**
 * A story that announces its recording (docs/stories.md, "A recording in parts"): its row is
 * written at once, the Recording cell pending, and what is held of the recording answered. Sent
 * again, it asks which parts are held; once all are, it joins them (again, if that failed before).
 */
function receiveAnnounced(story, request, run, answer) {
  const key = request.key;
  if (key === undefined) return answer.refusedRecording(MESSAGES.recording.needsKey);
  const announced = story[RECORDING];
  let step;
  try {
    step = withSheets(run, (stories) => {
      const row = findRow(stories, key, KEY_COLUMN);
      if (!row) {
        appendVoiceRow(stories, story, new Date(), key, announced.parts);
        startArriving(run, key, announced);
        return { isNew: true, incomplete: [] };
      }
      const cell = recordingCell(stories, row);
      if (isAddress(cell)) return { saved: true };
      // The key of a story told in words: not this one.
      if (cell === '') return { refused: MESSAGES.recording.again };
      const arriving = readArriving(run, key);
      // Sent whole by an older page before, and not saved: now it comes in parts.
      if (!arriving) {
        startArriving(run, key, announced);
        return { incomplete: [] };
      }
      if (arriving.type !== announced.type || arriving.size !== announced.size) return { refused: MESSAGES.recording.again };
      return progress(arriving);
    });
  } catch (error) {
    console.error(error);
    return answer.failed(request.body);
  }
  if (step.isNew) notify(run);
  return settle(step, key, run, answer);
}

/**
 * A part of a recording: checked against what its story announced, kept as a file in the folder
 * of parts, and noted with the story; the last one joins them. Its bytes are decoded and written
 * to Drive outside the lock.
 */
function receivePart(request, run, answer) {
  const body = request.body;
  if (Object.keys(body).length !== 1) return answer.refusedRecording(MESSAGES.part.invalid);
  const checked = checkPart(body[PART]);
  if (checked.problem) return answer.refusedRecording(MESSAGES.part[checked.problem]);
  const key = request.key;
  if (key === undefined) return answer.refusedRecording(MESSAGES.recording.needsKey);
  const part = checked.part;
  // Google gives the bytes as signed numbers (-128…127); a blob keeps them as the bytes they are.
  const bytes = Utilities.base64Decode(part.data);
  // What the recording is shows in its first bytes: anything else is refused before it is kept.
  if (part.index === 0 && !audioKindOfSigned(bytes)) return answer.refusedRecording(messageFor(RECORDING, 'notAudio'));
  const digest = hex(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, bytes));
  let step;
  try {
    step = withSheets(run, (stories) => {
      const arriving = readArriving(run, key);
      if (!arriving) return noneArriving(stories, key);
      if (part.count !== arriving.parts || !partFits(part, bytes.length, arriving.size)) return { refused: MESSAGES.part.misfit };
      const held = arriving.have[part.index];
      if (held) return held[1] === digest ? progress(arriving) : { refused: MESSAGES.part.again };
      // Counted before it is written, so a flood stops at the day's cap, not past it.
      if (!reserveBytes(run, bytes.length, new Date())) return { trouble: trouble('cap') };
      return { store: true };
    });
  } catch (error) {
    console.error(error);
    return answer.failed();
  }
  if (!step.store) return settle(step, key, run, answer);
  let fileId;
  try {
    const name = `part ${part.index + 1} of ${part.count}, ${new Date().toISOString()}`;
    fileId = saveInFolder(run, 'parts', Utilities.newBlob(bytes, 'application/octet-stream', name)).getId();
  } catch (error) {
    return settle({ trouble: asTrouble(error) }, key, run, answer);
  }
  try {
    step = withSheets(run, (stories) => {
      const arriving = readArriving(run, key);
      // Another copy of this request finished the recording meanwhile.
      if (!arriving) return { discard: true, ...noneArriving(stories, key) };
      const held = arriving.have[part.index];
      if (held) return { discard: true, ...(held[1] === digest ? progress(arriving) : { refused: MESSAGES.part.again }) };
      arriving.have[part.index] = [fileId, digest];
      recordPart(stories, run, key, arriving);
      return progress(arriving);
    });
  } catch (error) {
    console.error(error);
    trash(fileId);
    return answer.failed();
  }
  if (step.discard) trash(fileId);
  return settle(step, key, run, answer);
}

/**
 * A story whose recording came whole, `{ type, data }`, as pages before parts send it: its row is
 * written at once (or found, if Drive failed before), then the recording saved and linked.
 */
function receiveWhole(story, request, run, answer) {
  const bytes = Utilities.base64Decode(story[RECORDING].data);
  const kind = audioKindOfSigned(bytes);
  if (!kind) return answer.refusedRecording(messageFor(RECORDING, 'notAudio'));
  const received = new Date();
  const key = request.key ?? keyOfWords(story);
  const since = repeatSince(request.key, received);
  let step;
  try {
    step = withSheets(run, (stories) => {
      const row = findRow(stories, key, KEY_COLUMN, since);
      if (row) {
        const cell = recordingCell(stories, row);
        if (isAddress(cell)) return { saved: true };
        if (cell === '') return { refused: MESSAGES.recording.again };
      } else appendVoiceRow(stories, story, received, key, partsOf(bytes.length));
      if (!reserveBytes(run, bytes.length, received)) return { isNew: !row, trouble: trouble('cap') };
      return { isNew: !row, store: true };
    });
  } catch (error) {
    console.error(error);
    return answer.failed(request.body);
  }
  if (step.isNew) notify(run);
  if (!step.store) return settle(step, key, run, answer);
  return settle(saveRecording(run, key, since, bytes, kind), key, run, answer);
}

/**
 * All parts are held: they are read back from Drive, joined, checked and saved as one file in
 * the recordings folder (saveRecording). A failure leaves the parts where they are, and the story
 * sent again joins them then.
 */
function joinParts(run, key, arriving) {
  const bytes = [];
  let kind;
  try {
    for (let index = 0; index < arriving.parts; index += 1) {
      for (const byte of DriveApp.getFileById(arriving.have[index][0]).getBlob().getBytes()) bytes.push(byte);
    }
    kind = audioKindOfSigned(bytes);
    if (bytes.length !== arriving.size || !kind) throw new Error(`The parts of ${key} in Drive do not make the recording its story announced.`);
  } catch (error) {
    return { trouble: asTrouble(error) };
  }
  return saveRecording(run, key, -Infinity, bytes, kind);
}

/**
 * Saves a whole recording in the recordings folder, named and typed by what its bytes are
 * (audioKind), never by the type the phone declared, and links it from the story's row; the parts
 * it was joined from go to the trash. Another copy of the story that linked its own first wins:
 * this file goes to the trash.
 */
function saveRecording(run, key, since, bytes, kind) {
  let file;
  try {
    const name = `story-${new Date().toISOString().replace(/[:.]/g, '-')}.${kind.extension}`;
    file = saveInFolder(run, 'recordings', Utilities.newBlob(bytes, kind.type, name));
  } catch (error) {
    return { trouble: asTrouble(error) };
  }
  const fileId = file.getId();
  const url = file.getUrl();
  let done;
  try {
    done = withSheets(run, (stories) => {
      const row = findRow(stories, key, KEY_COLUMN, since);
      const arriving = readArriving(run, key);
      if (arriving) arrivingSheet(run.book()).deleteRow(arriving.row);
      const linked = Boolean(row) && !isAddress(recordingCell(stories, row));
      if (linked) stories.getRange(row, RECORDING_COLUMN).setNumberFormat('@').setValues([[url]]);
      return { linked, parts: arriving ? Object.values(arriving.have).map(([partId]) => partId) : [] };
    });
  } catch (error) {
    console.error(error);
    trash(fileId);
    return { failed: true };
  }
  if (!done.linked) trash(fileId);
  for (const partId of done.parts) trash(partId);
  return { saved: true };
}

/** Where a story whose parts are not arriving stands: saved before, or never announced. */
function noneArriving(stories, key) {
  const row = findRow(stories, key, KEY_COLUMN);
  return row && isAddress(recordingCell(stories, row)) ? { saved: true } : { refused: MESSAGES.part.noStory };
}

/** The parts held, in order; all of them make the recording ready to join. */
function progress(arriving) {
  const have = heldParts(arriving);
  return have.length === arriving.parts ? { join: arriving } : { incomplete: have };
}

function heldParts(arriving) {
  return Object.keys(arriving.have).map(Number).sort((a, b) => a - b);
}

/** The answer for where a story's recording stands, after what this execution did. */
function settle(step, key, run, answer) {
  if (step.refused) return answer.refusedRecording(step.refused);
  if (step.failed) return answer.failed();
  if (step.trouble) {
    tellOrganisation(run, step.trouble);
    return answer.recordingFailed();
  }
  if (step.join) return settle(joinParts(run, key, step.join), key, run, answer);
  if (step.incomplete) return answer.incomplete(step.incomplete);
  return answer.saved();
}

/** The stories sheet of the spreadsheet named in SHEET_ID, made with its header row if it is not there yet. */
function storiesSheet(book) {
  const existing = book.getSheetByName(STORIES_SHEET);
  if (existing) return existing;
  const sheet = book.insertSheet(STORIES_SHEET);
  appendText(sheet, COLUMNS);
  sheet.setFrozenRows(1);
  return sheet;
}

/** The tab of recordings arriving in parts, made with its header row on the first one. */
function arrivingSheet(book) {
  const existing = book.getSheetByName(ARRIVING_SHEET);
  if (existing) return existing;
  const sheet = book.insertSheet(ARRIVING_SHEET);
  appendText(sheet, ARRIVING_COLUMNS);
  sheet.setFrozenRows(1);
  return sheet;
}

/**
 * The row of a story told by voice, its Recording cell pending; the column's name is written too,
 * for a sheet from before recordings.
 */
function appendVoiceRow(stories, story, received, key, parts) {
  stories.getRange(1, RECORDING_COLUMN).setNumberFormat('@').setValues([[COLUMNS[RECORDING_COLUMN - 1]]]);
  appendText(stories, rowFor(story, received, key, pendingText(0, parts)));
}

function recordingCell(stories, row) {
  return stories.getRange(row, RECORDING_COLUMN).getValue();
}

/** What a story announced of its recording, kept until the recording is whole. */
function startArriving(run, key, announced) {
  appendText(arrivingSheet(run.book()), [key, announced.type, String(announced.size), String(announced.parts), '{}'].map(safeCell));
}

/**
 * The recording arriving for `key`: its row in the tab, type, size, parts and the parts held
 * (`have`: index → [Drive file id, SHA-256 of its bytes]), or null.
 */
function readArriving(run, key) {
  const sheet = run.book().getSheetByName(ARRIVING_SHEET);
  const row = sheet ? findRow(sheet, key, 1) : 0;
  if (!row) return null;
  const [[, type, size, parts, have]] = sheet.getRange(row, 1, 1, ARRIVING_COLUMNS.length).getValues();
  return { row, type: String(type), size: Number(size), parts: Number(parts), have: JSON.parse(have || '{}') };
}

/** Notes a part as held, and the story's Recording cell says how many are. */
function recordPart(stories, run, key, arriving) {
  arrivingSheet(run.book()).getRange(arriving.row, ARRIVING_COLUMNS.length).setNumberFormat('@').setValues([[JSON.stringify(arriving.have)]]);
  const row = findRow(stories, key, KEY_COLUMN);
  if (row) stories.getRange(row, RECORDING_COLUMN).setNumberFormat('@').setValues([[pendingText(heldParts(arriving).length, arriving.parts)]]);
}

/**
 * The row of a key (in `column`) received after `since`, or 0. Google's TextFinder searches the
 * column on its side; the script reads only the cells it finds (and, for a key made from the
 * words, each one's Received cell): not every row.
 */
function findRow(sheet, key, column, since = -Infinity) {
  const last = sheet.getLastRow();
  if (last < 2) return 0;
  const found = sheet.getRange(2, column, last - 1, 1).createTextFinder(safeCell(key)).matchCase(true).matchEntireCell(true).findAll();
  const cell = found.find((candidate) => since === -Infinity || Date.parse(sheet.getRange(candidate.getRow(), 1).getValue()) > since);
  return cell ? cell.getRow() : 0;
}

/**
 * Writes a row of plain text below the last (no number, date or formula is read into it: a phone
 * keeps its digits), in one call, so its key is never apart from it. Grows a full sheet first.
 */
function appendText(sheet, values) {
  const row = sheet.getLastRow() + 1;
  if (row > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), GROW_ROWS);
  sheet.getRange(row, 1, 1, values.length).setNumberFormat('@').setValues([values]);
}

/** The day of `date` as Script Properties keep it: UTC, 2026-11-20. */
function dayOf(date) {
  return date.toISOString().slice(0, 10);
}

/**
 * Counts `count` recording bytes against the day's cap (RECORDING_BYTES_PER_DAY), or says no.
 * Called under the lock, with the Script Properties read under it.
 */
function reserveBytes(run, count, now) {
  const settings = run.settings();
  const cap = Number(settings[PROPERTY.bytesPerDay]) || RECORDING_BYTES_PER_DAY;
  const today = dayOf(now);
  const [day, used] = String(settings[PROPERTY.bytesToday] || '').split(' ');
  const before = day === today ? Number(used) || 0 : 0;
  if (before + count > cap) return false;
  run.remember(PROPERTY.bytesToday, `${today} ${before + count}`);
  return true;
}

/** Why a recording was not saved: a `reason` of NOTICE and what Google said. */
function trouble(reason, detail = '') {
  return { reason, detail };
}

/** Any failure of Drive's as a trouble: Drive's own, unless it is already one of ours. */
function asTrouble(error) {
  return error && error.reason ? error : trouble('drive', String(error));
}

/**
 * Saves `blob` as a file in the recordings folder, or in the folder of parts inside it, and
 * returns the file. A folder shared beyond its owner is not used. Throws a trouble when a folder
 * cannot be had or Drive fails (full, a quota): nothing is kept then.
 */
function saveInFolder(run, which, blob) {
  const folder = which === 'parts' ? partsFolder(run) : recordingsFolder(run);
  if (!isPrivate(folder)) throw trouble('shared', `The folder ${folder.getId()} is shared beyond its owner.`);
  return folder.createFile(blob);
}

/**
 * The folder RECORDINGS_FOLDER_ID names. Without it, a folder the script makes in the root of its
 * Drive (private, as new folders are) and names there for the next time.
 */
function recordingsFolder(run) {
  const id = run.settings()[PROPERTY.recordings];
  if (!id) {
    const folder = DriveApp.createFolder(RECORDINGS_FOLDER_NAME);
    run.remember(PROPERTY.recordings, folder.getId());
    return folder;
  }
  try {
    return DriveApp.getFolderById(id);
  } catch (error) {
    throw trouble('folder', String(error));
  }
}

/** The folder the parts wait in, inside the recordings folder: the script's own, made again if it is gone. */
function partsFolder(run) {
  const id = run.settings()[PROPERTY.parts];
  if (id) {
    try {
      return DriveApp.getFolderById(id);
    } catch (error) {
      console.error(`PARTS_FOLDER_ID names no folder this script can open; making another: ${error}`);
    }
  }
  const folder = recordingsFolder(run).createFolder(PARTS_FOLDER_NAME);
  run.remember(PROPERTY.parts, folder.getId());
  return folder;
}

/**
 * Whether only its owner can open `folder`: no access by link or domain (Access.PRIVATE), and no
 * editor or viewer besides the owner.
 */
function isPrivate(folder) {
  if (folder.getSharingAccess() !== DriveApp.Access.PRIVATE) return false;
  const owner = folder.getOwner();
  const ownerEmail = owner ? owner.getEmail() : '';
  return folder.getEditors().concat(folder.getViewers()).every((user) => user.getEmail() === ownerEmail);
}

/** A file no row needs (a copy that lost, a part once joined): to the trash, where its owner may still find it for 30 days. */
function trash(fileId) {
  try {
    DriveApp.getFileById(fileId).setTrashed(true);
  } catch (error) {
    console.error(error);
  }
}

/**
 * Tells NOTIFY_EMAIL that a story arrived: never its words or phone (an inbox is read on shared
 * phones too). Past the daily e-mail quota MailApp throws; the story is saved all the same.
 */
function notify(run) {
  const to = run.settings()[PROPERTY.notify];
  if (!to) return;
  try {
    MailApp.sendEmail(to, 'A new story arrived on STREE', 'A story was sent through the STREE website. Open the stories sheet to read it.');
  } catch (error) {
    console.error(error);
  }
}

/**
 * Tells NOTIFY_EMAIL, at most once a day, why recordings are not being saved (`problem`: a
 * trouble). The day it last did is kept in Script Properties (DRIVE_NOTICE_DAY), which last until
 * changed; CacheService forgets within six hours. It is read again under the lock, the one second
 * read of an execution, so that stories failing at once send one e-mail.
 */
function tellOrganisation(run, problem) {
  console.error(`Recording not saved (${problem.reason}): ${problem.detail}`);
  const to = run.settings()[PROPERTY.notify];
  if (!to) return;
  const today = dayOf(new Date());
  try {
    const lock = LockService.getScriptLock();
    lock.waitLock(LOCK_WAIT_MS);
    try {
      const properties = PropertiesService.getScriptProperties();
      if (properties.getProperty(PROPERTY.noticeDay) === today) return;
      properties.setProperty(PROPERTY.noticeDay, today);
    } finally {
      lock.releaseLock();
    }
    MailApp.sendEmail(to, NOTICE.subject, NOTICE[problem.reason] + NOTICE.end);
  } catch (error) {
    console.error(error);
  }
}

/**
 * Answers for the form's script. `outcome` says what happened, since the status is always 200:
 * "saved" (now or before: the row and any whole recording exist), "refused" (`error` and `fields`
 * say what to fix), "incomplete" (`have`: the parts of its recording held, in order) or "retry"
 * (nothing new is confirmed: send the same story again later). Clients ignore members they do not
 * know, so a later version may add some without breaking an older page.
 */
function jsonAnswers() {
  const json = (body) => ContentService.createTextOutput(JSON.stringify(body)).setMimeType(ContentService.MimeType.JSON);
  return {
    saved: () => json({ ok: true, outcome: 'saved' }),
    refused: (result) => json({ ok: false, outcome: 'refused', error: Object.values(result.errors).join(' '), fields: result.errors }),
    refusedRecording: (message) => json({ ok: false, outcome: 'refused', error: message, fields: { [RECORDING]: message } }),
    incomplete: (have) => json({ ok: false, outcome: 'incomplete', have }),
    // Words alone never come near the limit: what is too long is the recording.
    unreadable: (problem) =>
      json({ ok: false, outcome: 'refused', error: MESSAGES[problem], ...(problem === 'tooBig' ? { fields: { [RECORDING]: messageFor(RECORDING, 'tooLong') } } : {}) }),
    multipart: () => json({ ok: false, outcome: 'refused', error: MESSAGES.multipart }),
    failed: () => json({ ok: false, outcome: 'retry', error: MESSAGES.busy }),
    recordingFailed: () => json({ ok: false, outcome: 'retry', error: MESSAGES.recordingBusy }),
  };
}

/** Answers for a plain form post, which carries no recording: pages in her language. */
function pageAnswers({ lang }, run) {
  const t = TEXT[lang];
  const action = `${ScriptApp.getService().getUrl()}?lang=${lang}`;
  // Read when a page is made, after the lock: the settings are read under it first.
  const home = () => siteAddress(run);
  return {
    saved: () => page(lang, t.sentTitle, `<p>${escapeHtml(t.sentBody)}</p>${homeLink(t, home())}`),
    refused: (result, values) => page(lang, t.fixTitle, fixForm(t, action, values, result.problems, t.fixIntro, home())),
    unreadable: () => page(lang, t.fixTitle, `<p>${escapeHtml(t.unreadable)}</p>${homeLink(t, home())}`),
    // The form again, url-encoded and without a file: she may write her story, or call (the site says how).
    multipart: (values) => page(lang, t.fixTitle, fixForm(t, action, values, {}, t.recordingNotReceived, home())),
    failed: (values) => page(lang, t.fixTitle, fixForm(t, action, values, {}, t.failed, home())),
  };
}

/** The site's address from SITE_ADDRESS, if it is a web address. */
function siteAddress(run) {
  const address = run.settings()[PROPERTY.site] || '';
  return /^https?:\/\//.test(address) ? address : '';
}

function homeLink(t, home) {
  return home ? `<p><a href="${escapeHtml(home)}" target="_top">${escapeHtml(t.home)}</a></p>` : '';
}

/**
 * The form again with her words in it, each problem beside its field: nothing she wrote is lost.
 * It posts to the whole window (`target="_top"`): a stand-alone project's frame lets it on her tap.
 */
function fixForm(t, action, values, problems, intro, home) {
  return `<p>${escapeHtml(intro)}</p>
${storyFormHtml(FORM, t, { action, idPrefix: 'story', values, problems, target: '_top' })}${homeLink(t, home)}`;
}

function page(lang, title, body) {
  const style = `body{font:1rem/1.6 system-ui,sans-serif;color:#1f1a1c;background:#e8f3e9;margin:0;padding:1rem}
h1{color:#1b5e20}a{color:#880e4f}form{display:grid;gap:.5rem;max-width:40rem}label{font-weight:700}
input,textarea{box-sizing:border-box;width:100%;padding:.5rem;font:inherit}.consent{font-weight:400}.consent input{width:auto}
.problem{margin:0;color:#880e4f;font-weight:700}.hint{margin:0}.trap{position:absolute;left:-100vw;width:1px;height:1px;overflow:hidden}
button{justify-self:start;padding:.5rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#c2185b;border:0;border-radius:999px}`;
  // Apps Script shows this page in a frame of its own: links and the form leave it for the whole
  // window (<base target="_top">, and target="_top" on each, as Google's "HTML Service: Restrictions" shows).
  return HtmlService.createHtmlOutput(`<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><base target="_top"><title>${escapeHtml(title)} | STREE</title><style>${style}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`)
    .setTitle(`${title} | STREE`)
    .addMetaTag('viewport', 'width=device-width, initial-scale=1');
}
