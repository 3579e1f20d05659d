// STREE story collector: a Google Apps Script web app that keeps the stories sent through the
// site's "Share your Stories" form in the spreadsheet it belongs to, one row per story.
// Set-up, step by step: README.md, "Stories sent through the form" (docs/stories.md has more).
// Paste this whole file into the spreadsheet's script editor (Extensions → Apps Script), over
// what is there. It follows the site's own inbox (server/inbox.js): the same checks, the same
// columns, each story once however often a phone sends it.

/** Where "Back to the STREE home page" leads from this collector's pages: the site's address. */
const SITE_ADDRESS = '';

/** The sheet the stories go to; made, with its header row, when the first story arrives. */
const STORIES_SHEET = 'Stories';
/** Each story's key (made at random on the phone) and when it came: a story sent twice is kept once. */
const KEYS_SHEET = 'Keys';
const COLUMNS = ['Received', 'Name', 'Phone', 'Story'];
const FIELDS = ['Name', 'Phone', 'Story'];
const NAME_MAX = 100;
const STORY_MAX = 5000;
const PHONE_DIGITS = 10;
/** The form's field people never see or hear: a post with words in it comes from a bot. */
const HONEYPOT = 'website';
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** A plain form post percent-encodes a Devanagari letter in 9 bytes; 5,000 of them fit well. */
const BODY_LIMIT = 256 * 1024;
/** How long a story waits for another being written before it is refused (it can be sent again). */
const LOCK_WAIT_MS = 20000;

/** Answers in the site's two languages; the site's own words (src/i18n/, the `form` block). */
const TEXT = {
  en: {
    name: 'Name',
    phone: 'Phone',
    story: 'Story',
    consent: "I'd like to publish my story on the STREE platform.",
    submit: 'Submit',
    honeypot: 'Leave this empty',
    sentTitle: 'Your story has arrived',
    sentBody: 'Thank you for trusting us with it. Someone at STREE reads every story.',
    home: 'Back to the STREE home page',
    fixTitle: 'Your story was not sent yet',
    fixIntro: 'Please correct what is marked below and press Submit again. Your words are still here.',
    missing: 'Please fill this in.',
    unreadable: 'Your story could not be read. Please go back, check it and send it again.',
    failed: 'We could not save your story just now. Your words are below: please press Submit again in a few minutes.',
    phoneInvalid: 'Please enter a 10-digit phone number, for example 98765 43210. You may start with +91.',
    tooLong: 'This is {length} characters long. Please shorten it to {max} or fewer: what you wrote stays here until you send it.',
  },
  hi: {
    name: 'नाम',
    phone: 'फ़ोन',
    story: 'कहानी',
    consent: 'हाँ, मेरी कहानी STREE की वेबसाइट पर दिखाई जा सकती है, जहाँ उसे कोई भी पढ़ सकता है।',
    submit: 'भेजें',
    honeypot: 'इसे खाली छोड़ दें',
    sentTitle: 'आपकी कहानी हमें मिल गई है',
    sentBody: 'हम पर भरोसा करने के लिए धन्यवाद। STREE में कोई न कोई हर कहानी पढ़ता है।',
    home: 'STREE के होम पेज पर वापस जाएँ',
    fixTitle: 'आपकी कहानी अभी नहीं भेजी गई',
    fixIntro: 'नीचे जो बताया गया है, उसे ठीक करके "भेजें" दोबारा दबाएँ। आपके लिखे शब्द यहीं हैं।',
    missing: 'कृपया यह भरें।',
    unreadable: 'आपकी कहानी पढ़ी नहीं जा सकी। कृपया पीछे जाकर उसे देख लें और फिर से भेजें।',
    failed: 'आपकी कहानी अभी हम तक नहीं पहुँच सकी। आपके लिखे शब्द नीचे हैं: कृपया कुछ मिनट बाद "भेजें" दोबारा दबाएँ।',
    phoneInvalid: 'कृपया 10 अंकों का फ़ोन नंबर लिखें, जैसे 98765 43210। शुरू में +91 भी लगा सकती हैं।',
    tooLong: 'यह {length} अक्षरों का है। कृपया इसे छोटा करके {max} या उससे कम अक्षरों का करें: आपने जो लिखा है, वह भेजे जाने तक यहीं रहेगा।',
  },
};

/** English messages for scripts, as the site's inbox gives them (src/story-outbox/fields.js). */
const MESSAGES = {
  missing: { Name: 'Enter your name.', Phone: `Enter your ${PHONE_DIGITS}-digit phone number.`, Story: 'Write your story.' },
  tooLong: { Name: `Shorten your name to ${NAME_MAX} characters or fewer.`, Story: `Shorten your story to ${STORY_MAX} characters or fewer.` },
  invalid: `Enter a ${PHONE_DIGITS}-digit phone number, for example 98765 43210.`,
  unreadable: 'The story could not be read as JSON: send an object with Name, Phone and Story.',
  tooBig: `The story is too long: send at most ${BODY_LIMIT / 1024} KB.`,
  badKey: 'The key parameter must be 16 to 128 letters, digits, - or _.',
  busy: 'The story could not be saved. Please try again in a few minutes.',
};

/** A visit to the web app's address: says what it is, so a set-up can be checked in a browser. */
function doGet() {
  return ContentService.createTextOutput('The STREE story collector is running. The site\'s form sends stories here with POST.');
}

/**
 * A story from the site: JSON sent as text/plain by the form's script (no preflight: Apps Script
 * answers none), or a plain form post when no script ran. Scripts get JSON; a form gets a page.
 * Apps Script cannot set a status, so a refusal is `"ok": false` in a 200 answer.
 */
function doPost(e) {
  const request = readPost(e);
  const answer = request.isForm ? pageAnswers(request) : jsonAnswers();
  if (request.problem) return answer.unreadable(request.problem);
  const result = checkStory(request.body);
  // A bot filled the field no person sees: it learns nothing, and nothing is written.
  if (result.ok && result.spam) return answer.saved();
  if (!result.ok) return answer.refused(result, request.body);
  try {
    saveOnce(result.story, request.key, new Date());
  } catch (error) {
    console.error(error);
    return answer.failed(request.body);
  }
  return answer.saved();
}

/** What was posted: the fields, the key and language from the address, or what is wrong with it. */
function readPost(e) {
  const query = (e && e.parameter) || {};
  const post = (e && e.postData) || { contents: '', length: 0, type: '' };
  const isForm = post.type === 'application/x-www-form-urlencoded';
  const lang = Object.prototype.hasOwnProperty.call(TEXT, query.lang) ? query.lang : 'en';
  const key = query.key;
  const request = { isForm, lang, key, body: undefined, problem: undefined };
  if (post.length > BODY_LIMIT) return { ...request, problem: 'tooBig' };
  if (key !== undefined && !KEY_PATTERN.test(key)) return { ...request, problem: 'badKey' };
  if (isForm) {
    // Apps Script puts a form's fields beside the address's: take the form's own only.
    const body = {};
    for (const name of [...FIELDS, HONEYPOT]) if (typeof query[name] === 'string') body[name] = query[name];
    return { ...request, body };
  }
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
  for (const key of Object.keys(body)) if (!FIELDS.includes(key) && key !== HONEYPOT) problems[key] = 'unknown';
  for (const field of FIELDS) {
    const raw = body[field];
    if (raw !== undefined && typeof raw !== 'string') {
      problems[field] = 'notText';
      continue;
    }
    // A form posted by the browser itself sends line breaks as CRLF, the form's script as LF.
    const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
    if (value === '') problems[field] = 'missing';
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
    if (problem === 'unknown') errors[field] = `Remove the field "${field}": send only ${FIELDS.join(', ')}.`;
    else if (problem === 'notText') errors[field] = `Send ${field} as text.`;
    else if (problem === 'invalid') errors[field] = MESSAGES.invalid;
    else errors[field] = MESSAGES[problem][field];
  }
  return { ok: false, problems, errors };
}

/** A value a spreadsheet shows as typed: one that would start a formula is kept behind an apostrophe. */
function safeCell(value) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The row a story is kept as, in COLUMNS' order. */
function rowFor(story, received) {
  return [received.toISOString(), story.Name, story.Phone, story.Story].map(safeCell);
}

/** Whether a key is among those already saved (the first column of the keys sheet). */
function isKnownKey(keyRows, key) {
  return keyRows.some((row) => row[0] === key);
}

/**
 * Appends the story unless its key was saved before: under the script's lock, so two copies of one
 * story arriving at once (a retry after a lost answer) make one row. Returns whether it wrote.
 */
function saveOnce(story, key, received) {
  const lock = LockService.getScriptLock();
  lock.waitLock(LOCK_WAIT_MS);
  try {
    const book = SpreadsheetApp.getActiveSpreadsheet();
    const keys = sheetNamed(book, KEYS_SHEET, ['Key', 'Received']);
    if (key !== undefined && keys.getLastRow() > 0 && isKnownKey(keys.getRange(1, 1, keys.getLastRow(), 1).getValues(), key)) {
      return false;
    }
    const stories = sheetNamed(book, STORIES_SHEET, COLUMNS);
    appendText(stories, rowFor(story, received));
    if (key !== undefined) appendText(keys, [key, received.toISOString()]);
    SpreadsheetApp.flush();
    return true;
  } finally {
    lock.releaseLock();
  }
}

/** The sheet of that name, made with its header row if it is not there yet. */
function sheetNamed(book, name, header) {
  const existing = book.getSheetByName(name);
  if (existing) return existing;
  const sheet = book.insertSheet(name);
  appendText(sheet, header);
  sheet.setFrozenRows(1);
  return sheet;
}

/** Appends a row of plain text: no number, date or formula is read into it (a phone keeps its digits). */
function appendText(sheet, values) {
  sheet.getRange(sheet.getLastRow() + 1, 1, 1, values.length).setNumberFormat('@').setValues([values]);
}

function jsonAnswers() {
  const json = (body) => ContentService.createTextOutput(JSON.stringify(body)).setMimeType(ContentService.MimeType.JSON);
  return {
    saved: () => json({ ok: true }),
    refused: (result) => json({ ok: false, error: Object.values(result.errors).join(' '), fields: result.errors }),
    unreadable: (problem) => json({ ok: false, error: MESSAGES[problem] }),
    failed: () => json({ ok: false, error: MESSAGES.busy }),
  };
}

function pageAnswers({ lang }) {
  const t = TEXT[lang];
  const action = `${ScriptApp.getService().getUrl()}?lang=${lang}`;
  return {
    saved: () => page(lang, t.sentTitle, `<p>${escapeHtml(t.sentBody)}</p>${homeLink(t)}`),
    refused: (result, values) => page(lang, t.fixTitle, fixForm(t, action, values, result.problems, t.fixIntro)),
    unreadable: () => page(lang, t.fixTitle, `<p>${escapeHtml(t.unreadable)}</p>${homeLink(t)}`),
    failed: (values) => page(lang, t.fixTitle, fixForm(t, action, values, {}, t.failed)),
  };
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function homeLink(t) {
  return SITE_ADDRESS ? `<p><a href="${escapeHtml(SITE_ADDRESS)}">${escapeHtml(t.home)}</a></p>` : '';
}

/** What is wrong with one field, in her language. */
function problemText(t, field, problem, value) {
  if (problem === 'tooLong') {
    const count = (n) => n.toLocaleString('en-IN');
    const length = value.replace(/\r\n?/g, '\n').trim().length;
    return t.tooLong.replace('{length}', count(length)).replace('{max}', count(field === 'Name' ? NAME_MAX : STORY_MAX));
  }
  return problem === 'invalid' ? t.phoneInvalid : t.missing;
}

/** The form again with her words in it, each problem beside its field: nothing she wrote is lost. */
function fixForm(t, action, values, problems, intro) {
  const fields = FIELDS.map((name) => {
    const value = escapeHtml(typeof values[name] === 'string' ? values[name] : '');
    const problem = problems[name] ? `<p class="problem">${escapeHtml(problemText(t, name, problems[name], String(values[name] ?? '')))}</p>` : '';
    const label = `<label for="${name}">${escapeHtml(t[name.toLowerCase()])}</label>${problem}`;
    if (name === 'Story') return `${label}<textarea id="${name}" name="${name}" rows="8" required>${value}</textarea>`;
    const type = name === 'Phone' ? ' type="tel" inputmode="numeric"' : '';
    return `${label}<input id="${name}" name="${name}"${type} required value="${value}">`;
  });
  return `<p>${escapeHtml(intro)}</p>
<form method="post" action="${escapeHtml(action)}">${fields.join('')}
<div class="trap" aria-hidden="true"><label for="${HONEYPOT}">${escapeHtml(t.honeypot)}</label><input id="${HONEYPOT}" name="${HONEYPOT}" tabindex="-1" autocomplete="off"></div>
<label class="consent"><input type="checkbox" required> ${escapeHtml(t.consent)}</label>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>${homeLink(t)}`;
}

function page(lang, title, body) {
  const style = `body{font:1rem/1.6 system-ui,sans-serif;color:#1f1a1c;background:#e8f3e9;margin:0;padding:1rem}
h1{color:#1b5e20}form{display:grid;gap:.5rem;max-width:40rem}label{font-weight:700}
input,textarea{box-sizing:border-box;width:100%;padding:.5rem;font:inherit}.consent{font-weight:400}.consent input{width:auto}
.problem{margin:0;color:#880e4f;font-weight:700}.trap{position:absolute;left:-100vw;width:1px;height:1px;overflow:hidden}
button{justify-self:start;padding:.5rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#c2185b;border:0;border-radius:999px}`;
  // Apps Script shows this page in a frame of its own: links and the form leave it for the whole window.
  return HtmlService.createHtmlOutput(`<base target="_top"><style>${style}</style><main lang="${lang}"><h1>${escapeHtml(title)}</h1>${body}</main>`)
    .setTitle(`${title} | STREE`)
    .addMetaTag('viewport', 'width=device-width, initial-scale=1');
}
