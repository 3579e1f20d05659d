// The story form's fields, checked the same way by the inbox (server/) and the form island
// (docs/design.md, "Interface contract"). Pure: no I/O, so both the browser and Node import it.

/** The longest name the inbox takes; the form checks it too. */
export const NAME_MAX = 100;
/** The longest story the inbox takes; the form checks it too. */
export const STORY_MAX = 5000;
/** An Indian mobile number without its +91 or 0 prefix. */
export const PHONE_DIGITS = 10;

export const FIELDS = /** @type {const} */ (['Name', 'Phone', 'Story']);

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

/** The 10 digits of a phone number as people write it (`+91 98765-43210`, `09876543210`), or null. */
export function normalisePhone(phone) {
  // A prefix is dropped only when ten digits follow it: 0987654321 is a number, not 0 + nine digits.
  const digits = phone.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=[0-9]{10}$)/, '');
  return new RegExp(`^[0-9]{${PHONE_DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * Checks a parsed request body.
 * @param {unknown} body
 * @returns {{ ok: true, story: { Name: string, Phone: string, Story: string } }
 *   | { ok: false, errors: Record<string, string> }}
 */
export function validateStory(body) {
  // Arrays and class instances are objects too, but never what the form sends.
  const proto = body !== null && typeof body === 'object' ? Object.getPrototypeOf(body) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    return { ok: false, errors: { body: `Send a JSON object with ${FIELDS.join(', ')}.` } };
  }
  const record = /** @type {Record<string, unknown>} */ (body);
  /** @type {Record<string, string>} */
  const errors = {};
  /** @type {Record<string, string>} */
  const story = {};

  for (const key of Object.keys(record)) {
    if (!FIELDS.includes(/** @type {any} */ (key))) {
      errors[key] = `Remove the field "${key}": send only ${FIELDS.join(', ')}.`;
    }
  }
  for (const field of FIELDS) {
    const raw = Object.hasOwn(record, field) ? record[field] : undefined;
    if (raw !== undefined && typeof raw !== 'string') {
      errors[field] = `Send ${field} as text.`;
      continue;
    }
    const value = (raw ?? '').trim();
    if (value === '') {
      errors[field] = EMPTY[field];
    } else if (field === 'Phone') {
      const digits = normalisePhone(value);
      if (digits) story.Phone = digits;
      else errors.Phone = BAD_PHONE;
    } else if (value.length > MAX[field]) {
      // `.length` counts UTF-16 units, as the browser's maxlength does.
      errors[field] = TOO_LONG[field];
    } else {
      story[field] = value;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, story: /** @type {{ Name: string, Phone: string, Story: string }} */ (story) };
}
