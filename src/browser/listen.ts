// Listen's starter (docs/help.md), on every page: it shows the Listen buttons
// (ListenButton.astro) only where the phone has a voice for the page's language, and fetches the
// reader (listen-reader.ts) when she first taps one, so no page carries it before. Without
// JavaScript, or with no such voice, the buttons stay hidden: no button that does nothing.
import { voiceFor, wantedVoices } from '../lib/voices';
import { synth } from './speech';

type Reader = typeof import('./listen-reader');

const controls = [...document.querySelectorAll<HTMLElement>('[data-listen]')];

if (synth && controls.length > 0) {
  const speech = synth;
  // The voices the page may be read with (ListenButton.astro, from its edition's row): no other.
  const wanted = wantedVoices(document.querySelector<HTMLElement>('[data-voices]')?.dataset.voices);
  let reader: Promise<Reader> | undefined;
  const withReader = (control: HTMLElement, act: (loaded: Reader) => void) => {
    reader ??= import('./listen-reader').then((loaded) => loaded.ready.then(() => loaded));
    reader.then(act, () => {
      // Offline before the reader was ever fetched: say so, and fetch again on the next tap.
      reader = undefined;
      const words = document.querySelector<HTMLElement>('[data-words]')?.dataset.words;
      control.querySelector('[role="status"]')!.textContent = words?.split('|').at(-1) ?? '';
    });
  };

  for (const control of controls) {
    // The bar the reader pins to the foot of the screen, and its live region: made now, while
    // the control is hidden, so a screen reader knows the region before anything is said in it.
    const button = control.querySelector('button')!;
    const bar = document.createElement('div');
    const status = document.createElement('span');
    bar.className = 'listen-bar';
    status.className = 'listen-status';
    status.setAttribute('role', 'status');
    bar.append(button, status);
    control.className = 'listen';
    control.append(bar);
    button.addEventListener('click', () => withReader(control, (loaded) => loaded.toggle(control)));
    control.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && reader) withReader(control, (loaded) => loaded.stopReading());
    });
  }

  const offer = () => {
    const hasVoice = voiceFor(speech.getVoices(), wanted) !== undefined;
    for (const control of controls) control.hidden = !hasVoice;
  };
  offer();
  // The list often arrives after the page loads, and can change.
  speech.addEventListener?.('voiceschanged', offer);
}
