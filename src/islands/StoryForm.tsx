import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { FormWords } from '../i18n/en';
import { CONNECTION_FAILURES, sendStory } from '../story-outbox/send';
import { keyFor, loadDraft, saveDraft } from '../story-outbox/draft';
import { HONEYPOT } from '../story-outbox/fields.js';
import { failureMessage, normalised } from '../story-outbox/form-messages';
import { LANG_PARAM, newStoryKey, withParam } from '../story-outbox/contract.js';
import { showSnackbar } from '../stores/snackbar';
import StoryFormFields from './StoryFormFields';
import StoryFormVoice from './StoryFormVoice';
import { recorderModule } from './load-recorder';
import { useStoryDraft } from './use-story-draft';
import styles from './StoryForm.module.css';

/** What a page hands its edition's form island (./StoryFormEn.tsx and its siblings). */
export interface StoryFormProps {
  endpoint: string;
  /** Lets two forms on one page keep distinct ids; `story` unless given. */
  idPrefix?: string;
  /** The page's words (Astro slots, docs/stories.md "Telling it by voice"): where Record is, other ways, what happens next. */
  howToRecord?: ReactNode;
  otherWays?: ReactNode;
  whatNext?: ReactNode;
}

interface Props extends StoryFormProps {
  /** The page's language: a plain form post is answered in it (the POST keys stay English). */
  lang: string;
  /** Its edition's words, from the island's own module, not from props, which every page with a form would carry in its HTML. */
  strings: FormWords;
}

/** The story form, in the words of the edition its island (./story-form-in.tsx) was made for. */
export default function StoryForm({ endpoint, lang, strings, idPrefix = 'story', howToRecord, otherWays, whatNext }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const draft = useStoryDraft(form, strings);
  const { fields, kept, setError, setNotice, recording } = draft;
  const [isSending, setIsSending] = useState(false);
  const inFlight = useRef(false);
  // A relative address is the site's own inbox, which takes a recording as a file from a plain post.
  const ownInbox = !/^[\w+.-]+:|^\/\//.test(endpoint);
  // Whether this browser records: undefined until hydrated, so the first render is the server's HTML.
  const [canRecord, setCanRecord] = useState<boolean>();
  useEffect(() => setCanRecord('MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia), []);

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
    const key = keyFor(loadDraft(), story, recording?.id) ?? newStoryKey();
    saveDraft(draft.withRecording({ ...fields, outbox: { key, story, recording: recording?.id } }));
    // Her recording goes in parts, by code that came with the recorder.
    const inParts = recording && (await recorderModule()).inParts(recording.blob);
    const result = await sendStory(endpoint, story, { key, honeypot, isOnline: () => navigator.onLine, inParts });
    inFlight.current = false;
    setIsSending(false);
    if (result.ok) {
      if (!result.queued) {
        draft.reset();
        showSnackbar(strings.success);
        return;
      }
      // Our service worker sends it when it can; the phone keeps it, too, until a collector confirms.
      draft.reset(true);
      setNotice('SyncManager' in window ? strings.queued : strings.queuedNextVisit);
      return;
    }
    // Only a lost connection leaves the story to be sent by itself; any other failure waits for her.
    if (!(CONNECTION_FAILURES as readonly string[]).includes(result.reason)) saveDraft(draft.withRecording(fields));
    // A refused recording is told in her language, whatever words the collector used.
    setError(result.reason === 'rejected' && result.recordingRefused
      ? (await recorderModule()).refusedMessage(lang)
      : failureMessage(result, strings));
  }

  return (
    // Without JavaScript, or before it runs, the form posts itself: the inbox answers with a page
    // in her language (docs/stories.md). POST, so a phone number never ends up in an address.
    // Multipart only to the site's own inbox: Apps Script cannot read it (docs/stories.md).
    <form ref={form} className={styles.form} method="post" action={withParam(endpoint, LANG_PARAM, lang)}
      encType={ownInbox ? 'multipart/form-data' : undefined} onSubmit={submit} aria-busy={isSending}>
      <StoryFormVoice idPrefix={idPrefix} lang={lang} strings={strings} ownInbox={ownInbox} canRecord={canRecord} recording={recording}
        hold={draft.hold} howToRecord={howToRecord} otherWays={otherWays} />
      {/* A voice story needs only her phone number; so does a plain post with a file to the inbox. */}
      <StoryFormFields idPrefix={idPrefix} strings={strings} fields={fields} consent={draft.consent}
        voice={canRecord === undefined ? ownInbox : Boolean(recording)} onChange={draft.update} onConsent={draft.setConsent}
        beforeConsent={whatNext} />

      <div role="alert" className={styles.error}>{draft.error}</div>
      {/* Always rendered, like the alert: a live region is announced only if it exists first. */}
      <div role="status" className={styles.notice}>{draft.notice}</div>
      <button type="submit" className="button" disabled={isSending}>{strings.submit}</button>
      {isSending && <p className={styles.note} aria-live="polite">{strings.sending}</p>}
      {kept && (
        // A shared phone: she knows her words stay here, and can take them off it.
        <p className={styles.note}>
          {kept === 'deleted' ? '' : `${kept === 'restored' ? strings.restored : strings.kept} `}
          {/* One button that changes its words, so focus stays on it after Delete draft. */}
          <button type="button" className={styles.textButton} onClick={draft.deleteOrUndo}>
            {kept === 'deleted' ? strings.undo : strings.deleteDraft}
          </button>
        </p>
      )}
    </form>
  );
}
