import * as React from 'react';
import { Suspense, lazy, useEffect, useState, type ChangeEvent, type ComponentType, type ReactNode } from 'react';
import type { FormWords } from '../i18n/en';
import { MICROPHONE } from '../lib/control-icons';
import { RECORDING } from '../story-outbox/recording.js';
import type { KeptRecording } from '../story-outbox/recordings';
import type { RecordingHold } from './recording-actions';
import type { RecorderProps } from './VoiceRecorder';
import { recorderModule } from './load-recorder';
import styles from './StoryForm.module.css';

type Recorder = ComponentType<RecorderProps & { onUnavailable: () => void }>;

/** The recorder's chunk could not be fetched (offline before she ever used it): the island stays. */
function Unavailable({ onUnavailable }: { onUnavailable: () => void }) {
  useEffect(onUnavailable, []);
  return null;
}

/** The recorder, made with this island's React; a later tap fetches it again after a failure. */
const loadRecorder = () => lazy(() => recorderModule().then(
  (recorder): { default: Recorder } => ({ default: recorder.default(React) }),
  () => {
    VoiceRecorder = loadRecorder();
    return { default: Unavailable as Recorder };
  },
));
let VoiceRecorder = loadRecorder();

/**
 * Record's microphone (src/lib/control-icons.ts), large enough to find without reading; screen
 * readers read the button's words. Handed to the recorder too, which draws the same.
 */
const MICROPHONE_PICTURE = (
  <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" fill="none" stroke="currentColor"
    strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d={MICROPHONE.d} /></svg>
);

interface Props {
  idPrefix: string;
  lang: string;
  strings: FormWords;
  /** The form posts to the site's own inbox, which takes a recording as a file without JavaScript. */
  ownInbox: boolean;
  /** Whether this browser records; undefined until hydrated, so the server's HTML and the first render agree. */
  canRecord: boolean | undefined;
  recording: KeptRecording | undefined;
  hold: RecordingHold;
  /** Where Record and then Stop are and what they look like, for a woman who hears the page: shown with Record. */
  howToRecord?: ReactNode;
  /** A call or WhatsApp: for every phone, and the way to be heard where it cannot record. */
  otherWays?: ReactNode;
}

/**
 * Telling her story by voice (docs/stories.md, "Voice stories"): the Record button, the recorder
 * fetched on its tap, and the file input the form has without JavaScript (or without a recorder).
 */
export default function StoryFormVoice({ idPrefix, lang, strings, ownInbox, canRecord, recording, hold, howToRecord, otherWays }: Props) {
  const [isWanted, setIsWanted] = useState(false);
  /** A new file input after Delete recording, Delete draft or quick exit: a chosen file cannot be taken out of one. */
  const [pick, setPick] = useState(0);

  const showFile = canRecord === undefined ? ownInbox : !canRecord;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void recorderModule().then((recorder) => recorder.takeRecording(hold, file));
  };
  const recordButton = (onClick?: () => void) => (
    <button type="button" className="button" onClick={onClick} disabled={!onClick}>{MICROPHONE_PICTURE}{strings.record}</button>
  );

  const recorder = (isWanted || recording) && (
    <Suspense fallback={recordButton()}>
      <VoiceRecorder lang={lang} styles={styles} recordPicture={MICROPHONE_PICTURE} recordLabel={strings.record} recording={recording}
        canRecord={Boolean(canRecord)} start={isWanted && !recording} hold={hold} onDelete={() => setPick(pick + 1)}
        onUnavailable={() => setIsWanted(false)} />
    </Suspense>
  );
  // Record and the words about it take the file input's place when the form wakes in a phone that
  // records. Until then they are there already, unseen, in the same place, so nothing below moves
  // (docs/style.md: an island must not move when it wakes). Unseen (`aria-hidden`, which the form's
  // sheet draws as `visibility: hidden`), they are out of the Tab order and of what screen readers
  // and Listen read.
  return (
    <>
      <div className={styles.place}>
        {showFile && (
          <div>
            <label htmlFor={`${idPrefix}-recording`}>{strings.recordingFile}</label>
            {/* `capture` must name a side to be valid HTML; any value opens the phone's recorder. */}
            <input key={pick} id={`${idPrefix}-recording`} type="file" name={RECORDING} accept="audio/*" capture="user"
              onChange={choose} />
          </div>
        )}
        {(canRecord || showFile) && (
          <div aria-hidden={!canRecord || undefined}>
            {howToRecord}
            {canRecord ? recorder || recordButton(() => setIsWanted(true)) : recordButton()}
          </div>
        )}
      </div>
      {/* A file she chose, where the phone cannot record: Play and Delete recording. */}
      {!canRecord && recorder}
      {otherWays}
    </>
  );
}
