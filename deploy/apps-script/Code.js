// STREE story collector: a Google Apps Script web app that keeps the stories sent through the
// site's "Share your Stories" form in a Google Sheet, one row per story, each story once.
// Set-up, step by step: README.md, "Stories sent through the form" (docs/stories.md has more).
// It is a stand-alone Apps Script project (script.google.com → New project), not one made from the
// sheet's Extensions menu: only a stand-alone project's answer pages may leave Google's frame when
// she taps a link or Send (docs/stories.md, "As Google runs it"). It finds the sheet, and the rest
// of its settings, in Script Properties (Project Settings → Script Properties):
// - SHEET_ID (required): the sheet's id, the long part of its address between /d/ and /edit;
// - SITE_ADDRESS: the site's address, for "Back to the STREE home page" on its pages;
// - NOTIFY_EMAIL: an address told by e-mail that a story arrived (never its words or phone);
// - RECORDINGS_FOLDER_ID: the private Drive folder a story told by voice is saved in, the part of
//   the folder's address after /folders/ (without it, recordings go to the root of the Drive of
//   the account the web app runs as: see saveRecording).
// It follows the site's own inbox (server/inbox.js): the same checks, the same answers.

const PROPERTY = { sheet: 'SHEET_ID', site: 'SITE_ADDRESS', notify: 'NOTIFY_EMAIL', recordings: 'RECORDINGS_FOLDER_ID' };
/** The sheet the stories go to; made, with its header row, when the first story arrives. */
const STORIES_SHEET = 'Stories';
/**
 * The Key column holds the story's key, written with the row in one step: a row is never without
 * its key, so a retry after any failure finds it. A form posted without a key gets one made from
 * its words (`text:` and a hash), which no phone's key can look like (KEY_PATTERN has no colon).
 * Recording, after it (a sheet from before recordings keeps its columns where they were), holds
 * the Drive address of a story's recording; empty for a written story.
 */
const COLUMNS = ['Received', 'Name', 'Phone', 'Story', 'Key', 'Recording'];
const KEY_COLUMN = COLUMNS.indexOf('Key') + 1;
const RECORDING_COLUMN = COLUMNS.indexOf('Recording') + 1;
const FIELDS = ['Name', 'Phone', 'Story'];
/** A story told by voice needs only these of FIELDS. */
const VOICE_REQUIRED = ['Phone'];
/** The member of a story's JSON that carries a recording: `{ "type": "audio/…", "data": "<base64>" }`. */
const RECORDING = 'Recording';
/** The most audio bytes taken (about 1 MB), and the longest recording the phone makes (5 minutes). */
const RECORDING_BYTES_MAX = 1024 * 1024;
const RECORDING_SECONDS_MAX = 300;
const RECORDING_SIZE_TEXT = `${RECORDING_BYTES_MAX / (1024 * 1024)} MB`;
const RECORDING_TYPE_MAX = 100;
/**
 * `audio/` and a subtype, then parameters (`;codecs=opus`), each an HTTP token (RFC 9110, 5.6.2);
 * or a container a phone's file picker calls video by the file's ending (`.webm`, `.3gp`, `.mp4`).
 */
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const RECORDING_TYPE = new RegExp(`^(?:audio/${TOKEN}|video/(?:webm|ogg|mp4|3gpp2?))(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);
/** Standard base64 with its padding, nothing else. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const NAME_MAX = 100;
const STORY_MAX = 5000;
const PHONE_DIGITS = 10;
/** The form's field people never see or hear: a post with words in it comes from a bot. */
const HONEYPOT = 'website';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** A post without a key is a repeat when the same words arrived this recently (a reload, a resend). */
const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A plain form post percent-encodes a Devanagari letter in 9 bytes; 5,000 of them fit well. A
 * story's JSON may also carry a recording at its limit, in base64.
 */
const TEXT_LIMIT = 256 * 1024;
const BODY_LIMIT = TEXT_LIMIT + Math.ceil(RECORDING_BYTES_MAX / 3) * 4;
/** How long a story waits for another being written; then it is answered "try again" and is sent again. */
const LOCK_WAIT_MS = 10000;
/** Rows added at once when the sheet is full (a new sheet has 1,000; writing past the last throws). */
const GROW_ROWS = 1000;
/**
 * A cell starting with one of these is read as a formula by a spreadsheet: = + - @ (and their
 * full-width and small forms, and the minus sign), a tab or a carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\u2212]/;

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

/** Answers in the site's two languages: the site's own words. */
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

/** English messages for scripts, as the site's inbox gives them (src/story-outbox/fields.js). */
const MESSAGES = {
  missing: { Name: 'Enter your name.', Phone: `Enter your ${PHONE_DIGITS}-digit phone number.`, Story: 'Write your story.' },
  tooLong: { Name: `Shorten your name to ${NAME_MAX} characters or fewer.`, Story: `Shorten your story to ${STORY_MAX} characters or fewer.` },
  invalid: `Enter a ${PHONE_DIGITS}-digit phone number, for example 98765 43210.`,
  unreadable: 'The story could not be read as JSON: send an object with Name, Phone and Story.',
  tooBig: `The story is too long: send at most ${TEXT_LIMIT / 1024} KB of words and a recording of at most ${RECORDING_SECONDS_MAX / 60} minutes, ${RECORDING_SIZE_TEXT}.`,
  recording: {
    tooLong: `Send a shorter recording: at most ${RECORDING_SECONDS_MAX / 60} minutes, ${RECORDING_SIZE_TEXT}.`,
    invalid: 'Send the recording as {"type": "audio/…", "data": "<standard base64>"}, not empty.',
    notText: 'Send the recording\'s type and data as text.',
  },
  multipart: 'A recording cannot be sent to this collector as a form: send the story as JSON.',
  badKey: 'The key parameter must be 16 to 128 letters, digits, - or _.',
  busy: 'The story could not be saved. Please try again in a few minutes.',
  notSet: 'The collector is not set up: the Script Property SHEET_ID names no sheet it can open.',
};

/** A visit to the web app's address: says what it is, so a set-up can be checked in a browser. */
function doGet() {
  return ContentService.createTextOutput('The STREE story collector is running. The site\'s form sends stories here with POST.');
}

/**
 * A story from the site: JSON sent as text/plain by the form's script (no preflight: Apps Script
 * answers none), or a plain form post when no script ran. Scripts get JSON; a form gets a page.
 * Apps Script answers 200 whatever happens, so the JSON itself says which of three it was:
 * saved, refused (what to fix), or not saved (try again).
 */
function doPost(e) {
  const request = readPost(e);
  const answer = request.isForm ? pageAnswers(request) : jsonAnswers();
  if (request.problem === 'multipart') return answer.multipart(request.body);
  if (request.problem) return answer.unreadable(request.problem);
  const result = checkStory(request.body);
  // A bot filled the field no person sees: it learns nothing, and nothing is written.
  if (result.ok && result.spam) return answer.saved();
  if (!result.ok) return answer.refused(result, request.body);
  let isNew;
  try {
    isNew = saveOnce(result.story, request.key, new Date());
  } catch (error) {
    // A lock held too long, a quota, the sheet not reachable: nothing was written, so sending again is safe.
    console.error(error);
    return answer.failed(request.body);
  }
  if (isNew) notify();
  return answer.saved();
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

/** The 10 digits of a phone number as people write it (`+91 98765-43210`, `09876543210`), or null. */
function normalisePhone(phone) {
  const digits = phone.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=[0-9]{10}$)/, '');
  return new RegExp(`^[0-9]{${PHONE_DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * Checks a story as the site's inbox does: `spam` for a filled honeypot, else the story with its
 * phone as 10 digits, else what is wrong with each field (`problems`) and in English (`errors`).
 */
function checkStory(body) {
  const proto = body !== null && typeof body === 'object' ? Object.getPrototypeOf(body) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    return { ok: false, problems: { body: 'invalid' }, errors: { body: `Send a JSON object with ${FIELDS.join(', ')}.` } };
  }
  if (Object.prototype.hasOwnProperty.call(body, HONEYPOT) && String(body[HONEYPOT] ?? '').trim() !== '') return { ok: true, spam: true };
  const problems = {};
  const story = {};
  for (const key of Object.keys(body)) if (!FIELDS.includes(key) && key !== HONEYPOT && key !== RECORDING) problems[key] = 'unknown';
  // A story told by voice: only the phone is required, and the recording is checked; one that is
  // there but wrong is the story's one problem (she meant to speak it, not to write it).
  const voice = Object.prototype.hasOwnProperty.call(body, RECORDING) && body[RECORDING] !== undefined;
  if (voice) {
    const checked = checkRecording(body[RECORDING]);
    if (checked.problem) problems[RECORDING] = checked.problem;
    else story[RECORDING] = checked.recording;
  }
  for (const field of FIELDS) {
    const raw = body[field];
    if (raw !== undefined && typeof raw !== 'string') {
      problems[field] = 'notText';
      continue;
    }
    // A form posted by the browser itself sends line breaks as CRLF, the form's script as LF.
    const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
    if (value === '' && voice && !VOICE_REQUIRED.includes(field)) story[field] = '';
    else if (value === '') problems[field] = 'missing';
    else if (field === 'Phone') {
      const digits = normalisePhone(value);
      if (digits) story.Phone = digits;
      else problems.Phone = 'invalid';
    } else if (value.length > (field === 'Name' ? NAME_MAX : STORY_MAX)) problems[field] = 'tooLong';
    else story[field] = value;
  }
  if (Object.keys(problems).length === 0) return { ok: true, story };
  const errors = {};
  for (const [field, problem] of Object.entries(problems)) {
    if (field === RECORDING) errors[field] = MESSAGES.recording[problem];
    else if (problem === 'unknown') errors[field] = `Remove the field "${field}": send only ${[...FIELDS, RECORDING].join(', ')}.`;
    else if (problem === 'notText') errors[field] = `Send ${field} as text.`;
    else if (problem === 'invalid') errors[field] = MESSAGES.invalid;
    else errors[field] = MESSAGES[problem][field];
  }
  return { ok: false, problems, errors };
}

/**
 * What is wrong with a story's recording (`problem`: invalid, notText, tooLong), or the recording:
 * `{ type, data }`, the type starting audio/, the data standard base64 of at most
 * RECORDING_BYTES_MAX bytes, not empty.
 */
function checkRecording(value) {
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return { problem: 'invalid' };
  if (Object.keys(value).some((key) => key !== 'type' && key !== 'data')) return { problem: 'invalid' };
  const { type, data } = value;
  if (typeof type !== 'string' || typeof data !== 'string') return { problem: 'notText' };
  if (type.length > RECORDING_TYPE_MAX || !RECORDING_TYPE.test(type)) return { problem: 'invalid' };
  if (data.length > Math.ceil(RECORDING_BYTES_MAX / 3) * 4) return { problem: 'tooLong' };
  if (data === '' || !BASE64.test(data)) return { problem: 'invalid' };
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if ((data.length / 4) * 3 - padding > RECORDING_BYTES_MAX) return { problem: 'tooLong' };
  return { recording: { type, data } };
}

/**
 * A value no spreadsheet runs as a formula, in the sheet or after File → Download → CSV: one that
 * would start one gets a leading space. The stored text itself must be safe: a plain-text format
 * does not travel in a CSV, and Sheets may take a leading apostrophe as an input marker, not text.
 */
function safeCell(value) {
  return FORMULA_START.test(value) ? ` ${value}` : value;
}

/** The row a story is kept as, in COLUMNS' order: its key, then its recording's address. */
function rowFor(story, received, key, recordingUrl) {
  return [received.toISOString(), story.Name, story.Phone, story.Story, key, recordingUrl].map(safeCell);
}

/**
 * The key kept for a story posted without one: made from its words, so the same words find it,
 * and its recording's, if it has one (two recordings from one phone are two stories).
 */
function textKey(story) {
  const words = [story.Name, story.Phone, story.Story];
  const parts = story[RECORDING] ? [...words, story[RECORDING].data] : words;
  const digest = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, JSON.stringify(parts), Utilities.Charset.UTF_8);
  return `text:${digest.map((byte) => ((byte + 256) % 256).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Appends the story unless it was saved before: under the script's lock, so two copies of one
 * story arriving at once (a retry after a lost answer) make one row. Returns whether it wrote.
 * Throws when the lock stays busy past LOCK_WAIT_MS (waitLock does), or the sheet fails.
 */
function saveOnce(story, key, received) {
  const lock = LockService.getScriptLock();
  lock.waitLock(LOCK_WAIT_MS);
  try {
    const sheet = storiesSheet();
    const ownKey = key ?? textKey(story);
    // A phone's key is the same story however late it comes; words alone, only within a day.
    if (isSaved(sheet, safeCell(ownKey), key === undefined ? received.getTime() - REPEAT_WINDOW_MS : -Infinity)) return false;
    // The recording first, so a row never links a file that is not there; if the row then fails,
    // the file goes to the trash, and the story sent again saves both anew.
    const file = story[RECORDING] ? saveRecording(story[RECORDING], received) : null;
    try {
      if (file) sheet.getRange(1, RECORDING_COLUMN).setNumberFormat('@').setValues([[COLUMNS[RECORDING_COLUMN - 1]]]);
      appendText(sheet, rowFor(story, received, ownKey, file ? file.getUrl() : ''));
      SpreadsheetApp.flush();
    } catch (error) {
      if (file) trash(file);
      throw error;
    }
    return true;
  } finally {
    lock.releaseLock();
  }
}

/**
 * Saves a recording's bytes as a file in the Drive folder RECORDINGS_FOLDER_ID names, and returns
 * the file. Without that property, or with one that names no folder the script can open, the file
 * goes to the root of the Drive of the account the web app runs as ("Execute as: Me"), as private
 * as that Drive: her voice is kept, never refused for a setting she cannot change, and the
 * organisation moves it (docs/stories.md, "Voice stories"). Throws when Drive fails: nothing kept.
 */
function saveRecording(recording, received) {
  // Google gives the bytes as signed numbers (-128…127); a blob keeps them as the bytes they are.
  const bytes = Utilities.base64Decode(recording.data);
  const type = recording.type.split(';')[0].trim().toLowerCase();
  const blob = Utilities.newBlob(bytes, type, `story-${received.toISOString().replace(/[:.]/g, '-')}.${type.split('/')[1]}`);
  return recordingsFolder().createFile(blob);
}

function recordingsFolder() {
  const id = PropertiesService.getScriptProperties().getProperty(PROPERTY.recordings);
  if (id) {
    try {
      return DriveApp.getFolderById(id);
    } catch (error) {
      console.error(`RECORDINGS_FOLDER_ID names no folder this script can open; the recording is saved in the root of its Drive: ${error}`);
    }
  } else console.error('RECORDINGS_FOLDER_ID is not set; the recording is saved in the root of the Drive of the account the web app runs as.');
  return DriveApp.getRootFolder();
}

/** A recording no row links (its row failed): to the trash, where its owner may still find it for 30 days. */
function trash(file) {
  try {
    file.setTrashed(true);
  } catch (error) {
    console.error(error);
  }
}

/** The stories sheet of the spreadsheet named in SHEET_ID, made with its header row if it is not there yet. */
function storiesSheet() {
  const id = PropertiesService.getScriptProperties().getProperty(PROPERTY.sheet);
  if (!id) throw new Error(MESSAGES.notSet);
  const book = SpreadsheetApp.openById(id);
  const existing = book.getSheetByName(STORIES_SHEET);
  if (existing) return existing;
  const sheet = book.insertSheet(STORIES_SHEET);
  appendText(sheet, COLUMNS);
  sheet.setFrozenRows(1);
  return sheet;
}

/**
 * Whether a row with this key was received after `since`. Google's TextFinder searches the key
 * column on its side; the script reads only the cells it finds (and, for a key made from the
 * words, each one's Received cell): not every row.
 */
function isSaved(sheet, key, since) {
  const last = sheet.getLastRow();
  if (last < 2) return false;
  const found = sheet.getRange(2, KEY_COLUMN, last - 1, 1).createTextFinder(key).matchCase(true).matchEntireCell(true).findAll();
  return found.some((cell) => since === -Infinity || Date.parse(sheet.getRange(cell.getRow(), 1).getValue()) > since);
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

/**
 * Tells NOTIFY_EMAIL that a story arrived: never its words or phone (an inbox is read on shared
 * phones too). Past the daily e-mail quota MailApp throws; the story is saved all the same.
 */
function notify() {
  const to = PropertiesService.getScriptProperties().getProperty(PROPERTY.notify);
  if (!to) return;
  try {
    MailApp.sendEmail(to, 'A new story arrived on STREE', 'A story was sent through the STREE website. Open the stories sheet to read it.');
  } catch (error) {
    console.error(error);
  }
}

/**
 * Answers for the form's script. `outcome` says what happened, since the status is always 200:
 * "saved" (now or before), "refused" (`error` and `fields` say what to fix), or "retry" (nothing
 * was written: send the same story again later). Clients ignore members they do not know, so a
 * later version may add some (a recording's, say) without breaking an older page.
 */
function jsonAnswers() {
  const json = (body) => ContentService.createTextOutput(JSON.stringify(body)).setMimeType(ContentService.MimeType.JSON);
  return {
    saved: () => json({ ok: true, outcome: 'saved' }),
    refused: (result) => json({ ok: false, outcome: 'refused', error: Object.values(result.errors).join(' '), fields: result.errors }),
    // Words alone never come near the limit: what is too long is the recording.
    unreadable: (problem) =>
      json({ ok: false, outcome: 'refused', error: MESSAGES[problem], ...(problem === 'tooBig' ? { fields: { [RECORDING]: MESSAGES.recording.tooLong } } : {}) }),
    multipart: () => json({ ok: false, outcome: 'refused', error: MESSAGES.multipart }),
    failed: () => json({ ok: false, outcome: 'retry', error: MESSAGES.busy }),
  };
}

function pageAnswers({ lang }) {
  const t = TEXT[lang];
  const action = `${ScriptApp.getService().getUrl()}?lang=${lang}`;
  const home = siteAddress();
  return {
    saved: () => page(lang, t.sentTitle, `<p>${escapeHtml(t.sentBody)}</p>${homeLink(t, home)}`),
    refused: (result, values) => page(lang, t.fixTitle, fixForm(t, action, values, result.problems, t.fixIntro, home)),
    unreadable: () => page(lang, t.fixTitle, `<p>${escapeHtml(t.unreadable)}</p>${homeLink(t, home)}`),
    // The form again, url-encoded and without a file: she may write her story, or call (the site says how).
    multipart: (values) => page(lang, t.fixTitle, fixForm(t, action, values, {}, t.recordingNotReceived, home)),
    failed: (values) => page(lang, t.fixTitle, fixForm(t, action, values, {}, t.failed, home)),
  };
}

/** The site's address from SITE_ADDRESS, if it is a web address. */
function siteAddress() {
  const address = PropertiesService.getScriptProperties().getProperty(PROPERTY.site) || '';
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
