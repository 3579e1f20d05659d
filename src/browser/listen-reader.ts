// Listen's reader (docs/help.md), fetched only when she first taps a Listen button: it reads the
// page from that button's part on, one sentence at a time, in the page's language, with the
// sentence highlighted and kept in view. While it reads, the button she tapped and a Stop button
// beside it become a bar at the foot of the screen (Pause, then Continue listening; Stop), so they
// stay in reach however far the reading goes, and her focus stays on the same button.
import type { ControlIcon } from '../lib/control-icons';
import { PAUSE, PLAY, STOP } from '../lib/media-icons';
import { speechLang, voiceFor, wantedVoices } from '../lib/voices';
import { piecesIn, type Piece } from './listen-text';
import { hidePiece, showPiece } from './listen-view';
import { stopSpeaking, synth as browserSynth } from './speech';
import sheet from './listen-reader.css?url';

/** Time allowed per character before a piece counts as stuck (some voices stop without an end event). */
const MS_PER_CHAR = 150;
const STUCK_MARGIN_MS = 5000;
/** Errors that only mean it was paused or stopped, or a newer reading took over. */
const STOPPED = new Set(['interrupted', 'canceled']);
/** The part of the page a Listen button reads: its article or section, else the page's main content. */
const regionOf = (control: HTMLElement) => control.closest('article, section') ?? control.closest('main') ?? document.body;

type State = 'idle' | 'reading' | 'paused';

/** What a Listen control shows; its Stop button is made on its first reading. */
interface Parts {
  main: HTMLButtonElement;
  icon: SVGElement;
  label: HTMLElement;
  stop: HTMLButtonElement;
  status: HTMLElement;
  bar: HTMLElement;
  words: { start: string; pause: string; resume: string; reading: string; failed: string };
  /** What a tap on the button does next, in each state; idle, the loudspeaker ListenButton.astro drew. */
  pictures: Record<State, ControlIcon>;
}

const synth = browserSynth!;
const pageLang = document.documentElement.lang || 'en';
/** The voices the page may be read with, best first (ListenButton.astro, from its edition's row). */
const wanted = wantedVoices(document.querySelector<HTMLElement>('[data-voices]')?.dataset.voices);
const known = new WeakMap<HTMLElement, Parts>();
let control: HTMLElement | undefined;
let pieces: Piece[] = [];
let next = 0;
/** Each run of speaking is a session: events of an older one are ignored. */
let session = 0;
let stuckTimer: ReturnType<typeof setTimeout> | undefined;
/** Kept until spoken: Chrome loses the end event of an utterance nothing refers to. */
let current: SpeechSynthesisUtterance | undefined;

/**
 * The bar's look and the highlight, as a file of their own: a sheet a script imports would be
 * inlined into every page by the build. Resolves once it has come (or failed: it reads without).
 */
export const ready = new Promise<unknown>((done) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = sheet;
  link.onload = link.onerror = done;
  document.head.append(link);
});

/** Draws a picture in a button's inline SVG. */
function draw(icon: Element, { d, solid }: ControlIcon) {
  icon.setAttribute('fill', solid ? 'currentColor' : 'none');
  icon.firstElementChild?.setAttribute('d', d);
}

function parts(one: HTMLElement): Parts {
  const found = known.get(one);
  if (found) return found;
  const main = one.querySelector('button')!;
  const label = main.lastElementChild as HTMLElement;
  // Once a page, in the order ListenButton.astro writes them.
  const words = document.querySelector<HTMLElement>('[data-words]')?.dataset.words ?? '';
  const [pause = '', resume = '', stopWord = '', reading = '', failed = ''] = words.split('|');
  const stop = document.createElement('button');
  stop.type = 'button';
  stop.className = 'button';
  stop.hidden = true;
  const stopIcon = main.firstElementChild!.cloneNode(true) as SVGElement;
  draw(stopIcon, STOP);
  stop.append(stopIcon, stopWord);
  stop.addEventListener('click', () => stopReading());
  main.after(stop);
  const made: Parts = {
    main,
    icon: main.firstElementChild as SVGElement,
    pictures: { idle: { d: main.querySelector('path')?.getAttribute('d') ?? '' }, reading: PAUSE, paused: PLAY },
    label,
    stop,
    status: one.querySelector<HTMLElement>('[role="status"]')!,
    bar: one.querySelector<HTMLElement>('.listen-bar')!,
    words: { start: label.textContent ?? '', pause, resume, reading, failed },
  };
  known.set(one, made);
  return made;
}

function show(one: HTMLElement, state: State, message = '') {
  const { icon, label, stop, status, words, pictures } = parts(one);
  label.textContent = state === 'reading' ? words.pause : state === 'paused' ? words.resume : words.start;
  draw(icon, pictures[state]);
  stop.hidden = state === 'idle';
  if (state === 'idle') delete one.dataset.state;
  else one.dataset.state = state;
  status.textContent = message;
}

/**
 * What this button reads: its own part of the page, then every later part of the page's main
 * content that has a button (the helplines at the foot of every page are read by their own).
 */
function piecesFrom(one: HTMLElement): Piece[] {
  const main = one.closest('main');
  const all = main ? [...main.querySelectorAll<HTMLElement>('[data-listen]')] : [one];
  const readable = all.slice(all.indexOf(one)).map((each) => ({ region: regionOf(each), only: each.dataset.listen || undefined }));
  // A part inside one already read is not read twice.
  return readable
    .filter(({ region }, index) => !readable.slice(0, index).some((earlier) => earlier.region.contains(region)))
    .flatMap(({ region, only }) => piecesIn(region, pageLang, only));
}

/** Silences the voice and forgets the utterance, so its late events change nothing. */
function quiet() {
  session += 1;
  clearTimeout(stuckTimer);
  current = undefined;
  stopSpeaking();
}

function speakNext(mine: number) {
  if (mine !== session || !control) return;
  if (next >= pieces.length) return stopReading();
  const piece = pieces[next]!;
  const utterance = new SpeechSynthesisUtterance(piece.text);
  utterance.lang = speechLang(wanted);
  const voice = voiceFor(synth.getVoices(), wanted);
  if (voice) utterance.voice = voice;
  utterance.onend = () => {
    if (mine !== session || current !== utterance) return;
    clearTimeout(stuckTimer);
    next += 1;
    speakNext(mine);
  };
  utterance.onerror = (event) => {
    if (mine !== session || current !== utterance || STOPPED.has(event.error)) return;
    quiet();
    if (control) show(control, 'paused', parts(control).words.failed);
  };
  current = utterance;
  clearTimeout(stuckTimer);
  // A voice that stops without an end event: go on with the next sentence.
  stuckTimer = setTimeout(() => {
    if (current !== utterance) return;
    quiet();
    next += 1;
    speakNext(session);
  }, piece.text.length * MS_PER_CHAR + STUCK_MARGIN_MS);
  showPiece(piece, parts(control).bar);
  synth.speak(utterance);
}

function read(one: HTMLElement) {
  quiet();
  show(one, 'reading', parts(one).words.reading);
  speakNext(session);
}

/** Stops, and the next Listen starts from the beginning. */
export function stopReading() {
  quiet();
  hidePiece();
  if (control) {
    // Stop is about to hide: her focus goes back to the Listen button beside it.
    const hadFocus = control.contains(document.activeElement);
    show(control, 'idle');
    if (hadFocus) parts(control).main.focus();
  }
  control = undefined;
  pieces = [];
  next = 0;
}

/** The Listen button of `one` was pressed: Listen, Pause and Continue listening in turn. */
export function toggle(one: HTMLElement) {
  if (one !== control) {
    if (control) stopReading();
    control = one;
    pieces = piecesFrom(one);
    next = 0;
    read(one);
  } else if (one.dataset.state === 'reading') {
    // Android cannot pause a voice: it stops, and Continue listening reads this sentence again.
    quiet();
    show(one, 'paused');
  } else read(one);
}

// Chrome goes on speaking after the page is left; quick exit cancels too.
addEventListener('pagehide', () => {
  if (control) stopReading();
});
