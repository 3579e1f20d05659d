import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import type { FormWords } from '../i18n/en';
import type { StoryFields } from '../story-outbox/send';
import { clearDraft, hasWords, keyFor, loadDraft, saveDraft, type Draft } from '../story-outbox/draft';
import { FORM_FIELDS } from '../story-outbox/form-fields.js';
import { fieldProblem, normalised } from '../story-outbox/form-messages';
import { FORGET_EVENT, RETURNED_EVENT, SENT_EVENT } from '../story-outbox/contract.js';
import type { KeptRecording } from '../story-outbox/recordings';
import type { RecordingHold } from './recording-actions';
import { recorderModule } from './load-recorder';

export const EMPTY: StoryFields = { Name: '', Phone: '', Story: '' };

/** What the line under the form says while the phone keeps her words. */
export type Kept = '' | 'kept' | 'restored' | 'deleted';

/**
 * The story form's words and what the phone keeps of them: seeded from the page at hydration,
 * kept as a draft on every change, deleted and brought back, and told when a kept story went out
 * or came back refused. Also sets each field's message for the browser's validation.
 */
export function useStoryDraft(form: RefObject<HTMLFormElement | null>, strings: FormWords) {
  const [fields, setFields] = useState<StoryFields>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [kept, setKept] = useState<Kept>('');
  /** Words she deleted, and her recording, until she types again: Undo brings them back. */
  const deleted = useRef<StoryFields>(undefined);
  const deletedRecording = useRef<KeptRecording>(undefined);
  /** Her recorded story (docs/stories.md, "Voice stories"): in state to show, in a ref to save with any draft. */
  const [recording, setRecordingState] = useState<KeptRecording>();
  const recordingId = useRef<string>(undefined);

  /** A draft of these words with her recording, if she has one. */
  const withRecording = (draft: Draft): Draft => (recordingId.current ? { ...draft, recording: recordingId.current } : draft);

  function showRecording(next: KeptRecording | undefined) {
    recordingId.current = next?.id;
    setRecordingState(next);
  }
  /** For the recorder's chunk (recording-actions.ts), which keeps, brings back and deletes it. */
  const hold: RecordingHold = { id: recordingId, show: showRecording, kept: (isKept) => setKept(isKept ? 'kept' : '') };
  const bringBackRecording = (id: string) => {
    recordingId.current = id;
    void recorderModule().then((recorder) => recorder.bringBack(hold, id));
  };

  /** Shows these words and keeps them on the phone; says so under the form if the phone kept them. */
  function keep(next: StoryFields, draft: Draft = next) {
    setFields(next);
    setKept(saveDraft(withRecording(draft)) ? 'kept' : '');
  }

  /** Puts a draft on screen: her kept words, or a story that came back refused. */
  function restore(draft: Draft | undefined) {
    if (!draft || !hasWords(draft)) return false;
    setFields({ Name: draft.Name, Phone: draft.Phone, Story: draft.Story });
    setKept('restored');
    if (draft.returned !== undefined) setError(`${strings.returned} ${draft.returned}`.trim());
    if (draft.recording) bringBackRecording(draft.recording);
    return true;
  }

  /**
   * An empty form, ready for a new story. `waiting`: the story she submitted waits for a collector
   * (our service worker keeps it too), so the outbox and its recording stay on the phone until it
   * is confirmed; otherwise nothing of it stays.
   */
  function reset(waiting?: boolean) {
    const outbox = loadDraft()?.outbox;
    setFields(EMPTY);
    setConsent(false);
    setKept('');
    clearDraft();
    if (waiting && outbox) saveDraft({ ...EMPTY, outbox: { ...outbox, queued: true } });
    // Only a form that had a recording fetches the recorder to remove it.
    else if (recordingId.current) void recorderModule().then(({ forgetRecordings }) => forgetRecordings());
    showRecording(undefined);
  }

  // The page may hold words already: typed while this script was still on its way, or put back
  // by the browser. React hydrates over them without a word, and the next render would wipe them,
  // so they become the state before anything renders again (docs/development.md, "Known pitfalls of this stack").
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
    if (draft?.recording) bringBackRecording(draft.recording);
    // A story submitted before stays in the outbox only while these are still its words.
    const outbox = keyFor(draft, normalised(start), draft?.recording) ? draft!.outbox : undefined;
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

  /** Delete draft, her words and her recording, and Undo while she has not typed since. */
  function deleteOrUndo() {
    setError('');
    if (kept === 'deleted') {
      keep(deleted.current!);
      const again = deletedRecording.current;
      if (again) void recorderModule().then((recorder) => recorder.takeRecording(hold, again.blob, again.seconds));
      deleted.current = deletedRecording.current = undefined;
      setNotice('');
      return;
    }
    deleted.current = fields;
    setFields(EMPTY);
    // Her recording too, off the phone at once (only this page holds it, for Undo). The recorder
    // hears the event as on quick exit: it stops any recording and lets go of the microphone.
    const hadRecording = Boolean(recordingId.current);
    deletedRecording.current = recording;
    dispatchEvent(new Event(FORGET_EVENT));
    showRecording(undefined);
    if (hadRecording) void recorderModule().then(({ forgetRecordings }) => forgetRecordings());
    saveDraft(EMPTY);
    setKept('deleted');
    setNotice(strings.draftDeleted);
  }

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    deleted.current = deletedRecording.current = undefined;
    // Changed words are not what she submitted: nothing is sent until she presses Submit again.
    keep({ ...fields, [name]: value });
  }

  return {
    fields, consent, setConsent, error, setError, notice, setNotice, kept, reset, deleteOrUndo, update,
    recording, hold, withRecording,
  };
}
