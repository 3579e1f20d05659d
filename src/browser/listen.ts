// Listen (docs/help.md): reads a story or profile aloud with the phone's own voice, one sentence
// at a time, and can stop and go on from the sentence it reached. The button stays hidden unless
// the browser has a voice for the page's language. A plain script: no island, so a story page
// asks for no framework before she touches anything.
import { sentences } from '../lib/sentences';
import { speechLang, voiceFor } from '../lib/voices';
import { stopSpeaking, synth as browserSynth } from './speech';

/** Time allowed per character before a piece counts as stuck (some voices stop without an end event). */
const MS_PER_CHAR = 150;
const STUCK_MARGIN_MS = 5000;
/** Errors that only mean she stopped it, or a newer reading took over. */
const STOPPED = new Set(['interrupted', 'canceled']);

const control = document.querySelector<HTMLElement>('[data-listen]');

if (control && browserSynth) {
  const synth = browserSynth;
  const button = control.querySelector<HTMLButtonElement>('button')!;
  const label = button.querySelector<HTMLElement>('[data-label]') ?? button;
  const status = control.querySelector<HTMLElement>('[role="status"]')!;
  const words = control.dataset;
  const pageLang = document.documentElement.lang || 'en';
  let voice: SpeechSynthesisVoice | undefined;
  let pieces: string[] = [];
  let next = 0;
  let reading = false;
  /** Each reading is a session: events of an older one are ignored. */
  let session = 0;
  let stuckTimer: ReturnType<typeof setTimeout> | undefined;
  /** Kept until spoken: Chrome loses the end event of an utterance nothing refers to. */
  let current: SpeechSynthesisUtterance | undefined;

  /** The title and the text she sees, as pieces to speak. */
  const text = () => {
    const article = control.closest('article') ?? document;
    const title = article.querySelector('h1')?.textContent ?? '';
    const body = article.querySelector(words.listenText ?? '.text');
    const paragraphs = body ? [...body.querySelectorAll('p, li')].map((p) => p.textContent ?? '') : [];
    return sentences([title, ...paragraphs].join('\n'));
  };

  const show = (state: 'idle' | 'reading' | 'stopped', message = '') => {
    label.textContent = state === 'reading' ? words.stop! : state === 'stopped' ? words.resume! : words.start!;
    control.dataset.state = state;
    status.textContent = message;
  };

  const finish = (message: string | undefined) => {
    clearTimeout(stuckTimer);
    reading = false;
    current = undefined;
    if (next >= pieces.length) {
      next = 0;
      show('idle', message);
    } else show('stopped', message);
  };

  const speakNext = (mine: number) => {
    if (mine !== session) return;
    if (next >= pieces.length) return finish(undefined);
    const piece = pieces[next]!;
    const utterance = new SpeechSynthesisUtterance(piece);
    utterance.lang = speechLang(pageLang);
    if (voice) utterance.voice = voice;
    const done = () => {
      if (mine !== session || current !== utterance) return;
      clearTimeout(stuckTimer);
      next += 1;
      speakNext(mine);
    };
    utterance.onend = done;
    utterance.onerror = (event) => {
      if (mine !== session || current !== utterance || STOPPED.has(event.error)) return;
      session += 1;
      stopSpeaking();
      finish(words.failed);
    };
    current = utterance;
    clearTimeout(stuckTimer);
    stuckTimer = setTimeout(() => {
      // A voice that stopped without an end event: go on with the next sentence.
      if (current !== utterance) return;
      session += 1;
      stopSpeaking();
      next += 1;
      speakNext(session);
    }, piece.length * MS_PER_CHAR + STUCK_MARGIN_MS);
    synth.speak(utterance);
  };

  const start = () => {
    if (next === 0 || pieces.length === 0) pieces = text();
    session += 1;
    reading = true;
    // Clears a queue an earlier page or a stuck voice left behind.
    if (synth.speaking || synth.pending) stopSpeaking();
    show('reading', words.reading);
    speakNext(session);
  };

  const stop = () => {
    session += 1;
    stopSpeaking();
    finish(undefined);
  };

  button.addEventListener('click', () => (reading ? stop() : start()));
  // Chrome goes on speaking after the page is left; quick exit cancels too.
  addEventListener('pagehide', () => {
    if (reading) stop();
  });

  const offer = () => {
    voice = voiceFor(synth.getVoices(), pageLang);
    control.hidden = !voice;
  };
  offer();
  // The list often arrives after the page loads, and can change.
  synth.addEventListener?.('voiceschanged', offer);
}
