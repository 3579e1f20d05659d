// What the story form says about her words and about a send, from the form's strings: pure, so
// the island (src/islands/StoryForm.tsx) stays a view and this is testable without a DOM.
import type { FormWords } from '../i18n/en';
import { FORM_FIELDS } from './form-fields.js';
import { normalisePhone } from './fields.js';
import type { SendResult, StoryFields } from './send';

type FormStrings = FormWords;

const count = (n: number) => n.toLocaleString('en-IN');

/** The story as it is sent: trimmed, the phone as its 10 digits where it has them. */
export function normalised(fields: StoryFields): StoryFields {
  return {
    Name: fields.Name.trim(),
    Phone: normalisePhone(fields.Phone) ?? fields.Phone.trim(),
    Story: fields.Story.trim(),
  };
}

/**
 * What the browser should say about a field when Submit is pressed; '' when it is fine.
 * `patternMismatch`: the browser's own check of the field's pattern.
 */
export function fieldProblem(name: string, value: string, patternMismatch: boolean, strings: FormStrings): string {
  // `required` accepts spaces alone; the inbox would refuse them, so say so here.
  if (value !== '' && value.trim() === '') return strings.blank;
  // The inbox's limits, checked here instead of by maxlength (src/story-outbox/form-fields.js).
  const max = FORM_FIELDS.find((field) => field.name === name)?.limit;
  if (max !== undefined && value.length > max) {
    return strings.tooLong.replace('{length}', count(value.length)).replace('{max}', count(max));
  }
  // The browser's own words for a pattern are "Please match the requested format."
  if (patternMismatch) return strings.phoneInvalid;
  return '';
}

/** What the alert under the form says when a send failed. */
export function failureMessage(result: Exclude<SendResult, { ok: true }>, strings: FormStrings): string {
  if (result.reason !== 'rejected') return strings[result.reason];
  if (result.status >= 400 && result.status < 500 && result.message) {
    return strings.rejected.replace('{detail}', result.message);
  }
  return strings.serverError.replace('{status}', String(result.status));
}
