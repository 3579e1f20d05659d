// `client:decor`, the project's hydration directive for islands that only adorn HTML which already
// works (registered in src/build-time/integration.ts): the carousels, whose server HTML is a strip she
// swipes; the counter, which shows its number; the typed quote, which shows the whole quote.
// Where the phone asks to save data, or the connection is 2G (src/lib/saves-data.ts), they never
// wake: React and Swiper are about 100 KB she pays for by the megabyte, for motion alone.
// Otherwise the value says when: `settled` (an island on the first screen: once the page has
// painted, loaded and gone idle, so React never competes with the first paint, or at once if she
// reaches for it first), `visible` (as it comes within 200 px of the screen).
import type { ClientDirective } from 'astro';
import { savesData, type ConnectionHints } from '../lib/saves-data';
import { hydrateApart } from './hydrate-apart';

const REACH_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** The longest an idle moment is waited for after the load: the autoplay is not urgent, but due. */
const IDLE_TIMEOUT_MS = 2000;
/** How near the screen a `visible` island wakes: its script arrives before she scrolls onto it. */
const VISIBLE_MARGIN = '200px';

const hydrateDecoration: ClientDirective = (load, { value }, el) => {
  if (savesData((navigator as Navigator & { connection?: ConnectionHints }).connection)) return;
  let waking: Promise<void> | undefined;
  const wake = () => (waking ??= load().then(hydrateApart));
  if (value === 'visible') {
    // The island element itself has no box (display: contents): its first child is what shows.
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry!.isIntersecting) return;
      observer.disconnect();
      void wake();
    }, { rootMargin: VISIBLE_MARGIN });
    observer.observe(el.firstElementChild!);
    return;
  }
  for (const type of REACH_EVENTS) el.addEventListener(type, wake, { once: true, passive: true });
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(wake, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(wake, 200));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};

export default hydrateDecoration;
