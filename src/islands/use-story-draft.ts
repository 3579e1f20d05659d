import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import type { Strings } from '../i18n/en';
import type { StoryFields } from '../story-outbox/send';
import { clearDraft, hasWords, keyFor, loadDraft, saveDraft, type Draft } from '../story-outbox/draft';
import { FORM_FIELDS } from '../story-outbox/form-fields.js';
import { fieldProblem, normalised } from '../story-outbox/form-messages';
import { RETURNED_EVENT, SENT_EVENT } from '../story-outbox/contract.js';

export const EMPTY: StoryFields = { Name: '', Phone: '', Story: '' };

/** What the line under the form says while the phone keeps her words. */
export type Kept = '' | 'kept' | 'restored' | 'deleted';

/**
 * The story form's words and what the phone keeps of them: seeded from the page at hydration,
 * kept as a draft on every change, deleted and brought back, and told when a kept story went out
 * or came back refused. Also sets each field's message for the browser's validation.
 */
export function useStoryDraft(form: RefObject<HTMLFormElement | null>, strings: Strings['form']) {
  const [fields, setFields] = useState<StoryFields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [kept, setKept] = useState<Kept>('');
  /** Words she deleted, until she types again: Undo brings them back. */
  const deleted = useRef<StoryFields>(undefined);

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

  function reset() {
    setFields(EMPTY);
    setConsent(false);
    setKept('');
    clearDraft();
  }

  // The page may hold words already: typed while this script was still on its way, or put back
  // by the browser. React hydrates over them without a word, and the next render would wipe them,
  // so they become the state before anything renders again (docs/design.md, "Known pitfalls").
  useLayoutEffect(() => {
    const elements = form.current!.elements;
    const value = (name: string) => (elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const draft = loadDraft();
    const inPage = { ...EMPTY };
    for (const { name } of FORM_FIELDS) inPage[name] = value(name);
    setConsent(form.current!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked);
    if (!hasWords(inPage)) {
      restore(draft);
      return;
    }
    // Her words on screen are the newest; a field she left empty shows what the phone kept.
    const start = { ...inPage };
    for (const { name } of FORM_FIELDS) start[name] ||= draft?.[name] ?? '';
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
      field.setCustomValidity(fieldProblem(field.name, field.value, field.validity.patternMismatch, strings));
    }
  }, [fields, strings]);

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

  return { fields, consent, setConsent, error, setError, notice, setNotice, kept, reset, deleteOrUndo, update };
}
