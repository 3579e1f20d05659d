// The story form's fields, described once: the island (src/islands/StoryFormFields.tsx), the
// inbox's answer pages (server/story-pages.js) and the Apps Script's (deploy/apps-script/Code.js,
// written from this by `npm run apps-script`) all draw the form from it, so labels, hints,
// patterns and ids cannot drift apart (tests/unit/form-parity.test.tsx compares the three).
// Pure: no I/O and no DOM. Labels and hints are keys of the `form` strings in src/i18n/.
import { HONEYPOT, NAME_MAX, PHONE_DIGITS, STORY_MAX } from './fields.js';

/**
 * @typedef {object} FormField
 * @property {'Name' | 'Phone' | 'Story'} name the POST key
 * @property {string} id the id after the form's prefix (`story-phone`)
 * @property {'name' | 'phone' | 'story'} label the `form` string that labels it
 * @property {'phoneHint'} [hint] the `form` string under it, read with it by screen readers
 * @property {'input' | 'textarea'} control
 * @property {'tel'} [type]
 * @property {'numeric'} [inputMode]
 * @property {string} [autoComplete]
 * @property {string} [pattern]
 * @property {number} [maxLength] the maxlength attribute: only where cutting off loses nothing
 * @property {number} [limit] the longest value the inbox takes, checked instead of by maxlength
 * @property {number} [rows]
 */

/** Ten digits, optionally after +91 or 0, with spaces or hyphens anywhere (as people write them). */
export const PHONE_PATTERN = `(\\+91|0)?[ \\-]*([0-9][ \\-]*){${PHONE_DIGITS}}`;

/**
 * The fields she fills in, in order, all required. Name and Story have no maxlength: it would cut
 * a pasted story short without a word, and whatever is cut off is lost; their `limit` is checked.
 * @type {readonly FormField[]}
 */
export const FORM_FIELDS = [
  { name: 'Name', id: 'name', label: 'name', control: 'input', autoComplete: 'name', limit: NAME_MAX },
  {
    name: 'Phone', id: 'phone', label: 'phone', hint: 'phoneHint', control: 'input', type: 'tel',
    inputMode: 'numeric', autoComplete: 'tel', pattern: PHONE_PATTERN, maxLength: 17,
  },
  { name: 'Story', id: 'story', label: 'story', control: 'textarea', rows: 6, limit: STORY_MAX },
];

/**
 * The field people never see, hear or reach (docs/stories.md, "Spam"): out of the Tab order and
 * of autofill; bots fill it.
 */
export const HONEYPOT_FIELD = { name: HONEYPOT, id: HONEYPOT, label: /** @type {const} */ ('honeypot'), autoComplete: 'off', tabIndex: -1 };

/** The consent checkbox: required to send, and has no name, so it is never sent. */
export const CONSENT_FIELD = { label: /** @type {const} */ ('consent') };

/** The `form` strings the form itself shows (answer pages add their own from `form.page`). */
export const FORM_STRING_KEYS = /** @type {const} */ (['name', 'phone', 'phoneHint', 'story', 'honeypot', 'consent', 'submit']);

/** A field's id on a page: `prefix` lets two forms on one page keep distinct ids. */
export const fieldId = (/** @type {string} */ prefix, /** @type {string} */ id) => `${prefix}-${id}`;
