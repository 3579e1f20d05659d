// The pages the local story inbox answers a plain form post with (no script ran: JavaScript off,
// or the form's script never arrived). In the visitor's language, chosen by `?lang=` on the form's
// action; the words are the form's own (each edition's `form` block, src/i18n/form-pages.ts), read
// by Node as TypeScript, and the form is drawn from its one description (src/story-outbox/form-fields.js).
import { createHash } from 'node:crypto';
import { FORM_PAGE_STRINGS } from '../src/i18n/form-pages.ts';
import { inEdition, localeOfLanguage, withBase } from '../src/lib/addresses.ts';
import { CONSENT_FIELD, FORM_FIELDS, HONEYPOT_FIELD, fieldId } from '../src/story-outbox/form-fields.js';
import { escapeHtml as escape, problemMessage, storyFormHtml } from '../src/story-outbox/form-html.js';
import { RECORDING, RECORDING_SECONDS_MAX, RECORDING_SIZE_TEXT } from '../src/story-outbox/recording.js';

const FORM = { fields: FORM_FIELDS, honeypot: HONEYPOT_FIELD, consent: CONSENT_FIELD };
/** The ids the site's own form has (src/components/stories/StoryForm.astro): a link to #story-phone works on both. */
const ID_PREFIX = 'story';

// The site's palette and measures (src/styles/tokens.css), repeated: this page is the server's own.
const STYLE = `body{margin:0;padding:1rem;font:1rem/1.6 system-ui,'Noto Sans','Noto Sans Devanagari',sans-serif;color:#1f1a1c;background:#e8f3e9}
main{max-width:40rem;margin:0 auto}h1{color:#1b5e20;line-height:1.3}a{color:#880e4f}
form{display:grid;gap:.5rem}label{font-weight:700}
input:not([type=checkbox]),textarea{box-sizing:border-box;width:100%;min-height:44px;padding:.5rem 1rem;border:2px solid #4a4346;border-radius:.75rem;font:inherit;background:#fff}
[aria-invalid=true]{border-color:#880e4f}.problem{margin:0;color:#880e4f;font-weight:700}.hint{margin:0}
.summary{padding:1rem;border-left:4px solid #880e4f;border-radius:.75rem;background:#fde7ef}
.consent{display:flex;gap:.5rem;font-weight:400}.consent input{width:24px;height:24px;flex:none}
.trap{position:absolute;left:-100vw;width:1px;height:1px;overflow:hidden}
button{justify-self:start;min-width:10rem;min-height:44px;padding:.5rem 1.5rem;border:0;border-radius:999px;background:#c2185b;color:#fff;font:inherit;font-weight:700}`;

/**
 * Headers for every page here: only its own style runs, and the form may post only back here.
 * `frame-ancestors` and nosniff as on every page of the site (src/build-time/security/policy.js).
 */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin',
};

function page(locale, title, body) {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | STREE</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const homeOf = (base, locale) => withBase(inEdition('/home', locale), base);

/** "Your story has arrived", for a host without the built thank-you page in this language. */
export function sentPage({ lang, base = '/' }) {
  const locale = localeOfLanguage(lang);
  const t = FORM_PAGE_STRINGS[locale];
  return page(locale, t.page.sentTitle, `<h1>${escape(t.page.sentTitle)}</h1>
<p>${escape(t.page.sentBody)}</p>
<p><a href="${escape(homeOf(base, locale))}">${escape(t.page.home)}</a></p>`);
}

/** The recording's limits in her words: "at most 5 minutes (1 MB)". */
const recordingTooLong = (t) => t.page.recordingTooLong.replace('{minutes}', String(RECORDING_SECONDS_MAX / 60)).replace('{size}', RECORDING_SIZE_TEXT);

/**
 * What the page says about the recording she posted, if any. A page cannot give a file back to
 * a file field, so she is asked to choose it again (or a shorter one, or a real recording).
 */
function recordingNote(t, problem, hadRecording) {
  const text = problem === 'tooLong' ? recordingTooLong(t) : problem ? t.page.recordingInvalid : hadRecording ? t.page.recordingAgain : '';
  return text ? `\n<p class="summary" role="alert">${escape(text)}</p>` : '';
}

/**
 * A post the inbox could not read at all (too large, not a form): nothing of it can be given back.
 * `recordingTooLong`: a form posted with a file far past the recording's limit.
 */
export function unreadablePage({ lang, base = '/', recordingTooLong: tooLong = false }) {
  const locale = localeOfLanguage(lang);
  const t = FORM_PAGE_STRINGS[locale];
  return page(locale, t.page.fixTitle, `<h1>${escape(t.page.fixTitle)}</h1>
<p>${escape(tooLong ? recordingTooLong(t) : t.page.unreadable)}</p>
<p><a href="${escape(homeOf(base, locale))}">${escape(t.page.home)}</a></p>`);
}

/**
 * The form again, her words in it, each problem beside its field and listed at the top (as the
 * GOV.UK error summary does): nothing she wrote is lost to a refusal. `failed`: no field was wrong,
 * saving failed; she is asked to send again. `hadRecording`: the post carried a recording, which
 * this page cannot hold: it says so, and what was wrong with it if anything was.
 * @param {{ lang?: string, action: string, values: Record<string, unknown>, problems?: Record<string, string>, failed?: boolean, base?: string, hadRecording?: boolean }} options
 */
export function fixPage({ lang, action, values, problems = {}, failed = false, base = '/', hadRecording = false }) {
  const locale = localeOfLanguage(lang);
  const t = FORM_PAGE_STRINGS[locale];
  const text = { ...t, missing: t.page.missing };
  const wrong = FORM_FIELDS.filter((field) => problems[field.name]);
  const summary = wrong.length === 0 ? '' : `<div class="summary" role="alert"><ul>
${wrong.map((field) => `<li><a href="#${escape(fieldId(ID_PREFIX, field.id))}">${escape(t[field.label])}: ${escape(problemMessage(text, field, problems[field.name], values[field.name] ?? ''))}</a></li>`).join('\n')}
</ul></div>`;
  return page(locale, t.page.fixTitle, `<h1>${escape(t.page.fixTitle)}</h1>
<p>${escape(failed ? t.page.failed : t.page.fixIntro)}</p>${recordingNote(t, problems[RECORDING], hadRecording)}
${summary}
${storyFormHtml(FORM, text, { action, idPrefix: ID_PREFIX, values, problems, recording: hadRecording ? { label: t.recordingFile } : undefined })}
<p><a href="${escape(homeOf(base, locale))}">${escape(t.page.home)}</a></p>`);
}
