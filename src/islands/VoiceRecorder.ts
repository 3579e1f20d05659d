// The recorder (docs/stories.md, "Voice stories"): a chunk of its own, fetched on the tap of
// Record your story. Mono speech at a low bit rate in the first type the browser records of
// WebM/Opus, Ogg/Opus and MP4; a timer with the time left; it stops by itself at the time limit or
// before the bytes pass the collectors' limit. Every microphone track is stopped the moment it is
// not needed: Stop, Delete recording, Record again, leaving the page and quick exit.
//
// React is handed over by the island rather than imported: each chunk this one imports is named
// in the island's script, which /home loads before anyone taps (docs/decisions.md). So no JSX
// here: `h` is React's createElement.
import type { ReactNode } from 'react';
import { RECORDER_STRINGS } from '../i18n/recorder';
import type { ControlIcon } from '../lib/control-icons';
import { PLAY, STOP } from '../lib/media-icons';
import { FORGET_EVENT } from '../story-outbox/contract.js';
import { RECORDING_BITS_PER_SECOND, RECORDING_BYTES_MAX, RECORDING_SECONDS_MAX } from '../story-outbox/recording.js';
import type { KeptRecording } from '../story-outbox/recordings';
import { deleteRecording, takeRecording, type RecordingHold } from './recording-actions';

// Keeping, finding and sending a recording come with the recorder: only a form with one needs them.
export { forgetRecordings } from '../story-outbox/recordings';
export { inParts } from '../story-outbox/send-voice';
export { bringBack, takeRecording } from './recording-actions';

/** Asked for in this order: what Chrome, Firefox and Safari record. */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];
/**
 * The bit rate, held constant: Chromium's Opus, asked for 16 kbit/s, makes 18.8 kbit/s of speech
 * when free to vary (704 KB for five minutes) and 16.9 held constant (635 KB), WebM included
 * (docs/stories.md, "Telling it by voice"). A browser that does not know the mode ignores it.
 */
const BIT_RATE = { audioBitsPerSecond: RECORDING_BITS_PER_SECOND, audioBitrateMode: 'constant' } as MediaRecorderOptions;
/** Each second's bytes are counted as they come, so the limit is seen before it is passed. */
const SLICE_MS = 1000;

type Phase = 'idle' | 'asking' | 'recording' | 'denied' | 'missing';

export interface RecorderProps {
  lang: string;
  /** The form's own classes, handed down: imported here, they would be a chunk of their own. */
  styles: Readonly<Record<string, string>>;
  /** Record's microphone, as the island draws it on its own Record button. */
  recordPicture?: ReactNode;
  /** `Record your story`, from the form's strings (the island showed it before this arrived). */
  recordLabel: string;
  recording: KeptRecording | undefined;
  /** A file input is there instead: Record again is not offered. */
  canRecord: boolean;
  /** Begin at once: the tap that fetched this chunk was her asking to record. */
  start: boolean;
  /** The island's hold on her recording: a new one and Delete recording go through it. */
  hold: RecordingHold;
  /** After Delete recording: the island offers a fresh file input. */
  onDelete: () => void;
}

/** m:ss */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const stringsFor = (lang: string) => RECORDER_STRINGS[lang as keyof typeof RECORDER_STRINGS] ?? RECORDER_STRINGS.en;

/** What the form says when a collector refused her recording, in her language. */
export const refusedMessage = (lang: string) => stringsFor(lang).refused;

/** The recorder component, made with the island's React. */
export default function makeVoiceRecorder({ createElement: h, useEffect, useRef, useState }: typeof import('react')) {
  return function VoiceRecorder({ lang, styles, recordPicture, recordLabel, recording, canRecord, start, hold, onDelete }: RecorderProps): ReactNode {
    const strings = stringsFor(lang);
    const [phase, setPhase] = useState<Phase>('idle');
    const [elapsed, setElapsed] = useState(0);
    const [message, setMessage] = useState('');
    const stream = useRef<MediaStream>(undefined);
    const recorder = useRef<MediaRecorder>(undefined);
    /** Bumped to abandon a recording (Delete, quick exit, leaving): its data is then dropped. */
    const take = useRef(0);
    const player = useRef<HTMLAudioElement>(undefined);
    const stopButton = useRef<HTMLButtonElement>(null);
    const playButton = useRef<HTMLButtonElement>(null);
    const recordButton = useRef<HTMLButtonElement>(null);

    /** Lets go of the microphone: every track stopped, so the phone's recording light goes off. */
    function release() {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = undefined;
    }

    function stopPlaying() {
      player.current?.pause();
      if (player.current) URL.revokeObjectURL(player.current.src);
      player.current = undefined;
    }

    /** Stops any recording, keeping nothing of it, and releases the microphone. */
    function abandon() {
      take.current += 1;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      recorder.current = undefined;
      release();
    }

    async function record() {
      abandon();
      stopPlaying();
      const thisTake = take.current;
      setPhase('asking');
      setMessage(strings.asking);
      let microphone: MediaStream;
      try {
        microphone = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
      } catch (error) {
        if (take.current !== thisTake) return;
        const missing = error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'OverconstrainedError');
        setPhase(missing ? 'missing' : 'denied');
        setMessage(missing ? strings.noMicrophone : strings.denied);
        return;
      }
      // Deleted, or the page left, while the phone was asking: the microphone goes back at once.
      if (take.current !== thisTake) {
        for (const track of microphone.getTracks()) track.stop();
        return;
      }
      stream.current = microphone;
      const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported?.(type));
      const media = new MediaRecorder(microphone, { ...(mimeType ? { mimeType } : {}), ...BIT_RATE });
      const chunks: Blob[] = [];
      let bytes = 0;
      let largest = 0;
      const began = Date.now();
      media.ondataavailable = ({ data }) => {
        if (!data.size) return;
        chunks.push(data);
        bytes += data.size;
        largest = Math.max(largest, data.size);
        // Two more slices would pass the limit: stop now, while what is recorded still fits.
        if (bytes + 2 * largest > RECORDING_BYTES_MAX && media.state === 'recording') media.stop();
      };
      media.onstop = () => {
        release();
        if (take.current !== thisTake) return;
        recorder.current = undefined;
        const seconds = Math.min(RECORDING_SECONDS_MAX, Math.round((Date.now() - began) / 1000));
        // The type the browser really recorded: the collectors keep it, and play it back by it.
        const type = media.mimeType || chunks[0]?.type || mimeType || '';
        setPhase('idle');
        setMessage(strings.stopped);
        if (bytes > 0) void takeRecording(hold, new Blob(chunks, { type }), seconds);
      };
      recorder.current = media;
      media.start(SLICE_MS);
      setElapsed(0);
      setPhase('recording');
      setMessage(strings.recording);
    }

    function stop() {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      else release();
    }

    function play() {
      if (!recording) return;
      stopPlaying();
      const audio = new Audio(URL.createObjectURL(recording.blob));
      player.current = audio;
      void audio.play().catch(() => {});
    }

    function remove() {
      abandon();
      stopPlaying();
      setPhase('idle');
      setMessage(strings.deleted);
      void deleteRecording(hold);
      onDelete();
    }

    // The tap that fetched this chunk asked to record; leaving the page or quick exit lets go of all.
    useEffect(() => {
      if (start) void record();
      // Quick exit or Delete draft removed the recording from the phone; the screen forgets it too,
      // and a file she chose leaves the file input.
      const forget = () => {
        abandon();
        stopPlaying();
        setPhase('idle');
        setMessage('');
        hold.show(undefined);
        onDelete();
      };
      addEventListener(FORGET_EVENT, forget);
      return () => {
        removeEventListener(FORGET_EVENT, forget);
        abandon();
        stopPlaying();
      };
    }, []);

    // The time left, counted while recording; the limit stops it.
    useEffect(() => {
      if (phase !== 'recording') return;
      const began = Date.now();
      const timer = setInterval(() => {
        const seconds = (Date.now() - began) / 1000;
        setElapsed(Math.min(seconds, RECORDING_SECONDS_MAX));
        if (seconds >= RECORDING_SECONDS_MAX) stop();
      }, 250);
      return () => clearInterval(timer);
    }, [phase]);

    // Focus follows what she does next: Stop while recording, Play once recorded, Record after Delete.
    useEffect(() => {
      if (phase === 'recording') stopButton.current?.focus();
    }, [phase]);
    useEffect(() => {
      if (recording && phase === 'idle' && document.activeElement !== playButton.current && message === strings.stopped) playButton.current?.focus();
    }, [recording]);
    useEffect(() => {
      if (message === strings.deleted) recordButton.current?.focus();
    }, [message]);

    const isRecording = phase === 'recording';
    /** Stop's and Play's pictures (src/lib/media-icons.ts), drawn as the island draws Record's. */
    const picture = ({ d, solid }: ControlIcon) => h('svg', {
      viewBox: '0 0 24 24', width: 32, height: 32, 'aria-hidden': true, fill: solid ? 'currentColor' : 'none',
      stroke: 'currentColor', strokeWidth: 2, strokeLinejoin: 'round',
    }, h('path', { d }));
    const button = (label: string, onClick: () => void, ref?: { current: HTMLButtonElement | null }, className = 'button', disabled = false, icon?: ReactNode) =>
      h('button', { type: 'button', className, onClick, ref, disabled }, icon, label);
    const timer = (label: string, seconds: number) => h('p', null, `${label} `, h('span', { role: 'timer' }, clock(seconds)));
    return h('div', null,
      // Said once at each change; the timer's every second is not (role="timer" is not live).
      h('p', { role: 'status', className: message ? styles.note : undefined }, message),
      isRecording && timer(strings.left, RECORDING_SECONDS_MAX - Math.floor(elapsed)),
      !isRecording && recording?.seconds !== undefined && timer(strings.length, recording.seconds),
      h('div', { className: styles.voice },
        isRecording && button(strings.stop, stop, stopButton, undefined, false, picture(STOP)),
        !isRecording && recording && button(strings.play, play, playButton, undefined, false, picture(PLAY)),
        !isRecording && recording && canRecord && button(strings.again, () => void record(), undefined, undefined, false, recordPicture),
        !isRecording && recording && button(strings.delete, remove, undefined, styles.textButton),
        !isRecording && !recording && canRecord && button(recordLabel, () => void record(), recordButton, 'button', phase === 'asking', recordPicture),
      ),
      recording && h('p', { className: styles.hint }, strings.voiceOnly),
    );
  };
}
