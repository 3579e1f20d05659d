import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { en } from '../i18n/en';
import { sendStory, type SendResult, type StoryFields } from '../story-outbox/send';
import { clearDraft, keyFor, loadDraft, saveDraft } from '../story-outbox/draft';
import { NAME_MAX, STORY_MAX, normalisePhone } from '../story-outbox/fields.js';
import { newStoryKey, SENT_EVENT } from '../story-outbox/contract.js';
import { showSnackbar } from '../stores/snackbar';
import styles from './StoryForm.module.css';

/** Ten digits, optionally after +91 or 0, with spaces or hyphens anywhere (as people write them). */
const PHONE_PATTERN = '(\\+91|0)?[ \\-]*([0-9][ \\-]*){10}';
const PHONE_MAX = 17;
const EMPTY: StoryFields = { Name: '', Phone: '', Story: '' };
/** Failures of the connection, not of the story: it stays in the outbox and is sent by itself later. */
const RETRY_LATER = new Set(['offline', 'timeout', 'network']);
/**
 * The inbox's limits, checked here instead of by maxlength: maxlength cuts a pasted story short
 * without a word, and whatever is cut off is lost.
 */
const MAX_LENGTH: Record<string, number> = { Name: NAME_MAX, Story: STORY_MAX };
const count = (n: number) => n.toLocaleString('en-IN');

interface Props {
  endpoint: string;
  /** Lets two forms on one page keep distinct ids. */
  idPrefix: string;
  strings: (typeof en)['form'];
}

export default function StoryForm({ endpoint, idPrefix, strings }: Props) {
  const [fields, setFields] = useState<StoryFields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [isRestored, setIsRestored] = useState(false);
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setIsSending(true);
    setError('');
    setNotice('');
    const story = {
      Name: fields.Name.trim(),
      Phone: normalisePhone(fields.Phone) ?? fields.Phone.trim(),
      Story: fields.Story.trim(),
    };
    // Kept with the draft before sending: a retry, or send-kept-story.ts at her next visit, sends the same key.
    const key = keyFor(loadDraft(), story) ?? newStoryKey();
    saveDraft({ ...fields, outbox: { key, story } });
    const result = await sendStory(endpoint, story, { key, isOnline: () => navigator.onLine });
    inFlight.current = false;
    setIsSending(false);
    if (result.ok) {
      reset();
      if (result.queued) setNotice('SyncManager' in window ? strings.queued : strings.queuedNextVisit);
      else showSnackbar(strings.success);
      return;
    }
    // A story the inbox refused waits for her correction; any other is sent by itself later.
    if (!RETRY_LATER.has(result.reason)) saveDraft(fields);
    setError(failureMessage(result, strings));
  }

  function reset() {
    setFields(EMPTY);
    setConsent(false);
    setIsRestored(false);
    clearDraft();
  }

  useEffect(() => {
    const draft = loadDraft();
    if (draft) {
      setFields({ Name: draft.Name, Phone: draft.Phone, Story: draft.Story });
      setIsRestored(true);
    }
    // A kept story went out after all (send-kept-story.ts or the service worker); the form may still show it.
    const onSent = () => {
      setError('');
      setNotice(strings.sentLater);
      if (!loadDraft()) reset();
    };
    addEventListener(SENT_EVENT, onSent);
    return () => removeEventListener(SENT_EVENT, onSent);
  }, []);

  // After every change, and after a draft comes back: the browser shows these messages on Submit.
  useEffect(() => {
    for (const field of form.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? []) {
      field.setCustomValidity(fieldProblem(field, strings));
    }
  }, [fields, strings]);

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    const next = { ...fields, [name]: value };
    setFields(next);
    // Changed words are not what she submitted: nothing is sent until she presses Submit again.
    saveDraft(next);
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    // method and action matter only without JavaScript: never put a phone number in a GET address.
    <form ref={form} className={styles.form} method="post" action={endpoint} onSubmit={submit} aria-busy={isSending}>
      {isRestored && <p className={styles.note}>{strings.restored}</p>}
      <label htmlFor={id('name')}>{strings.name}</label>
      <input id={id('name')} name="Name" autoComplete="name" required
        value={fields.Name} onChange={update} />

      <label htmlFor={id('phone')}>{strings.phone}</label>
      <input id={id('phone')} name="Phone" type="tel" inputMode="numeric" autoComplete="tel-national" required
        pattern={PHONE_PATTERN} maxLength={PHONE_MAX} aria-describedby={id('phone-hint')}
        value={fields.Phone} onChange={update} />
      <p id={id('phone-hint')} className={styles.hint}>{strings.phoneHint}</p>

      <label htmlFor={id('story')}>{strings.story}</label>
      <textarea id={id('story')} name="Story" rows={6} required
        value={fields.Story} onChange={update} />

      <label className={styles.consent}>
        <input type="checkbox" name="consent" required checked={consent}
          onChange={(event) => setConsent(event.target.checked)} />
        <span>{strings.consent}</span>
      </label>

      <div role="alert" className={styles.error}>{error}</div>
      {/* Always rendered, like the alert: a live region is announced only if it exists first. */}
      <div role="status" className={styles.notice}>{notice}</div>
      <button type="submit" className="button" disabled={isSending}>{strings.submit}</button>
      {isSending && <p className={styles.note} aria-live="polite">{strings.sending}</p>}
    </form>
  );
}

/** What the browser should say about a field when Submit is pressed; '' when it is fine. */
function fieldProblem(field: HTMLInputElement | HTMLTextAreaElement, strings: Props['strings']): string {
  const { name, value } = field;
  // `required` accepts spaces alone; the inbox would refuse them, so say so here.
  if (value !== '' && value.trim() === '') return strings.blank;
  const max = MAX_LENGTH[name];
  if (max !== undefined && value.length > max) {
    return strings.tooLong.replace('{length}', count(value.length)).replace('{max}', count(max));
  }
  // The browser's own words for a pattern are "Please match the requested format."
  if (field.validity.patternMismatch) return strings.phoneInvalid;
  return '';
}

function failureMessage(result: Exclude<SendResult, { ok: true }>, strings: Props['strings']): string {
  if (result.reason !== 'rejected') return strings[result.reason];
  if (result.status >= 400 && result.status < 500 && result.message) {
    return strings.rejected.replace('{detail}', result.message);
  }
  return strings.serverError.replace('{status}', String(result.status));
}
