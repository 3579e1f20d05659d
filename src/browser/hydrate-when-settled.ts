// `client:settled`, the project's hydration directive for an island on the first screen that is
// not needed to read it (the banner's carousel, registered in src/build/integration.ts): it wakes
// once the page has painted, loaded and gone idle, so React never competes with the first paint,
// or at once if she reaches for it before then (a finger, a key, focus), so her swipe is not
// waiting on an idle moment a busy phone may not have for a while.
import type { ClientDirective } from 'astro';

const REACH_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** The longest an idle moment is waited for after the load: the autoplay is not urgent, but due. */
const IDLE_TIMEOUT_MS = 2000;

const hydrateWhenSettled: ClientDirective = (load, _options, el) => {
  let isWaking = false;
  const wake = async () => {
    if (isWaking) return;
    isWaking = true;
    const hydrate = await load();
    await hydrate();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void wake(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(() => void wake(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  for (const type of REACH_EVENTS) el.addEventListener(type, () => void wake(), { once: true, passive: true });
};

export default hydrateWhenSettled;
