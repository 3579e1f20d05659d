import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { Strings } from '../i18n/en';
import { FORM_STRINGS } from '../i18n/form-strings';
import { CONNECTION_FAILURES, sendStory, type SendResult, type StoryFields } from '../story-outbox/send';
import { clearDraft, hasWords, keyFor, loadDraft, saveDraft, type Draft } from '../story-outbox/draft';
import { HONEYPOT, NAME_MAX, STORY_MAX, normalisePhone } from '../story-outbox/fields.js';
import { LANG_PARAM, RETURNED_EVENT, SENT_EVENT, newStoryKey, withParam } from '../story-outbox/contract.js';
import { showSnackbar } from '../stores/snackbar';
import styles from './StoryForm.module.css';

/** Ten digits, optionally after +91 or 0, with spaces or hyphens anywhere (as people write them). */
const PHONE_PATTERN = '(\\+91|0)?[ \\-]*([0-9][ \\-]*){10}';
const PHONE_MAX = 17;
const EMPTY: StoryFields = { Name: '', Phone: '', Story: '' };
const FIELD_NAMES = ['Name', 'Phone', 'Story'] as const;
/**
 * The inbox's limits, checked here instead of by maxlength: maxlength cuts a pasted story short
 * without a word, and whatever is cut off is lost.
 */
const MAX_LENGTH: Record<string, number> = { Name: NAME_MAX, Story: STORY_MAX };
const count = (n: number) => n.toLocaleString('en-IN');

type StoryFormStrings = Strings['form'];

interface Props {
  endpoint: string;
  /** The page's language: a plain form post is answered in it (the POST keys stay English). */
  lang: string;
  /** Lets two forms on one page keep distinct ids. */
  idPrefix: string;
}

/** What the line under the form says while the phone keeps her words. */
type Kept = '' | 'kept' | 'restored' | 'deleted';

export default function StoryForm({ endpoint, lang, idPrefix }: Props) {
  // From the script, which comes when the form is in view, not from props, which every page with
  // a form would carry in its HTML (a kilobyte of Hindi, past the first 14 KB on a story page).
  const strings: StoryFormStrings = FORM_STRINGS[lang as keyof typeof FORM_STRINGS] ?? FORM_STRINGS.en;
  const [fields, setFields] = useState<StoryFields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [kept, setKept] = useState<Kept>('');
  const inFlight = useRef(false);
  /** Words she deleted, until she types again: Undo brings them back. */
  const deleted = useRef<StoryFields>(undefined);
  const form = useRef<HTMLFormElement>(null);

  /** Shows these words and keeps them on the phone; says so under the form if the phone kept them. */
  function keep(next: StoryFields, draft: Draft = next) {
    setFields(next);
    setKept(saveDraft(draft) ? 'kept' : '');
  }

  /** Puts a draft on screen: her kept words, or a story that came back refused. */
  function restore(draft: Draft | undefined) {
    if (!draft || !hasWords(draft)) return false;
    setFields({ Name: draft.Name, Phone: draft.Phone, Story: draft.Story });
    setKept('restored');
    if (draft.returned !== undefined) setError(`${strings.returned} ${draft.returned}`.trim());
    return true;
  }

  // The page may hold words already: typed while this script was still on its way, or put back
  // by the browser. React hydrates over them without a word, and the next render would wipe them,
  // so they become the state before anything renders again (docs/design.md, "Known pitfalls").
  useLayoutEffect(() => {
    const elements = form.current!.elements;
    const value = (name: string) => (elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const draft = loadDraft();
    const inPage = { Name: value('Name'), Phone: value('Phone'), Story: value('Story') };
    setConsent(form.current!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked);
    if (!hasWords(inPage)) {
      restore(draft);
      return;
    }
    // Her words on screen are the newest; a field she left empty shows what the phone kept.
    const start = { ...inPage };
    for (const name of FIELD_NAMES) start[name] ||= draft?.[name] ?? '';
    // A story submitted before stays in the outbox only while these are still its words.
    const outbox = keyFor(draft, normalised(start)) ? draft!.outbox : undefined;
    keep(start, { ...start, outbox });
  }, []);

  useEffect(() => {
    // A kept story went out after all (send-kept.ts or the service worker); the form may still show it.
    const onSent = () => {
      setError('');
      setNotice(strings.sentLater);
      if (!loadDraft()) reset();
    };
    // A kept story came back refused and send-kept.ts put it in the draft: show it, with why.
    const onReturned = () => restore(loadDraft());
    addEventListener(SENT_EVENT, onSent);
    addEventListener(RETURNED_EVENT, onReturned);
    return () => {
      removeEventListener(SENT_EVENT, onSent);
      removeEventListener(RETURNED_EVENT, onReturned);
    };
  }, []);

  // After every change, and after a draft comes back: the browser shows these messages on Submit.
  useEffect(() => {
    for (const field of form.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? []) {
      field.setCustomValidity(fieldProblem(field, strings));
    }
  }, [fields, strings]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setIsSending(true);
    setError('');
    setNotice('');
    const story = normalised(fields);
    const honeypot = (form.current!.elements.namedItem(HONEYPOT) as HTMLInputElement).value;
    // Kept with the draft before sending: a retry, or send-kept.ts at her next visit, sends the same key.
    const key = keyFor(loadDraft(), story) ?? newStoryKey();
    saveDraft({ ...fields, outbox: { key, story } });
    const result = await sendStory(endpoint, story, { key, honeypot, isOnline: () => navigator.onLine });
    inFlight.current = false;
    setIsSending(false);
    if (result.ok) {
      reset();
      if (result.queued) setNotice('SyncManager' in window ? strings.queued : strings.queuedNextVisit);
      else showSnackbar(strings.success);
      return;
    }
    // Only a lost connection leaves the story to be sent by itself; any other failure waits for her.
    if (!(CONNECTION_FAILURES as readonly string[]).includes(result.reason)) saveDraft(fields);
    setError(failureMessage(result, strings));
  }

  function reset() {
    setFields(EMPTY);
    setConsent(false);
    setKept('');
    clearDraft();
  }

  /** Delete draft, and Undo while she has not typed since. */
  function deleteOrUndo() {
    setError('');
    if (kept === 'deleted') {
      keep(deleted.current!);
      deleted.current = undefined;
      setNotice('');
      return;
    }
    deleted.current = fields;
    setFields(EMPTY);
    clearDraft();
    setKept('deleted');
    setNotice(strings.draftDeleted);
  }

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    deleted.current = undefined;
    // Changed words are not what she submitted: nothing is sent until she presses Submit again.
    keep({ ...fields, [name]: value });
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    // Without JavaScript, or before it runs, the form posts itself: the inbox answers with a page
    // in her language (docs/stories.md). POST, so a phone number never ends up in an address.
    <form ref={form} className={styles.form} method="post" action={withParam(endpoint, LANG_PARAM, lang)}
      onSubmit={submit} aria-busy={isSending}>
      <label htmlFor={id('name')}>{strings.name}</label>
      <input id={id('name')} name="Name" autoComplete="name" required
        value={fields.Name} onChange={update} />

      <label htmlFor={id('phone')}>{strings.phone}</label>
      <input id={id('phone')} name="Phone" type="tel" inputMode="numeric" autoComplete="tel" required
        pattern={PHONE_PATTERN} maxLength={PHONE_MAX} aria-describedby={id('phone-hint')}
        value={fields.Phone} onChange={update} />
      <p id={id('phone-hint')} className={styles.hint}>{strings.phoneHint}</p>

      <label htmlFor={id('story')}>{strings.story}</label>
      <textarea id={id('story')} name="Story" rows={6} required
        value={fields.Story} onChange={update} />

      {/* Spam: people never see, hear or reach this field; bots fill it (docs/stories.md). */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={id(HONEYPOT)}>{strings.honeypot}</label>
        <input id={id(HONEYPOT)} name={HONEYPOT} tabIndex={-1} autoComplete="off" />
      </div>

      <label className={styles.consent}>
        {/* No name: consent is required to send, but is not sent. */}
        <input type="checkbox" required checked={consent}
          onChange={(event) => setConsent(event.target.checked)} />
        <span>{strings.consent}</span>
      </label>

      <div role="alert" className={styles.error}>{error}</div>
      {/* Always rendered, like the alert: a live region is announced only if it exists first. */}
      <div role="status" className={styles.notice}>{notice}</div>
      <button type="submit" className="button" disabled={isSending}>{strings.submit}</button>
      {isSending && <p className={styles.note} aria-live="polite">{strings.sending}</p>}
      {kept && (
        // A shared phone: she knows her words stay here, and can take them off it.
        <p className={styles.note}>
          {kept === 'deleted' ? '' : `${kept === 'restored' ? strings.restored : strings.kept} `}
          {/* One button that changes its words, so focus stays on it after Delete draft. */}
          <button type="button" className={styles.textButton} onClick={deleteOrUndo}>
            {kept === 'deleted' ? strings.undo : strings.deleteDraft}
          </button>
        </p>
      )}
    </form>
  );
}

/** The story as it is sent: trimmed, the phone as its 10 digits where it has them. */
function normalised(fields: StoryFields): StoryFields {
  return {
    Name: fields.Name.trim(),
    Phone: normalisePhone(fields.Phone) ?? fields.Phone.trim(),
    Story: fields.Story.trim(),
  };
}

/** What the browser should say about a field when Submit is pressed; '' when it is fine. */
function fieldProblem(field: HTMLInputElement | HTMLTextAreaElement, strings: StoryFormStrings): string {
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

function failureMessage(result: Exclude<SendResult, { ok: true }>, strings: StoryFormStrings): string {
  if (result.reason !== 'rejected') return strings[result.reason];
  if (result.status >= 400 && result.status < 500 && result.message) {
    return strings.rejected.replace('{detail}', result.message);
  }
  return strings.serverError.replace('{status}', String(result.status));
}
