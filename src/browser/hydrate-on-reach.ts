// `client:reach`, the project's own hydration directive (registered in src/build-time/integration.ts):
// an island wakes when the visitor first reaches for it (a finger or pointer down on it, focus on
// it, a key on it), not at load. Until then its server HTML works on its own (the menu control is
// a link to the footer's list of links), and no phone downloads React for a menu it never opens.
// A tap that lands before the island is awake is kept and given to it once it is: the first tap
// opens the drawer. If the island's script never arrives, the tap does what the link says.
import type { ClientDirective } from 'astro';
import { hydrateApart } from './hydrate-apart';

const WAKE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** What the visitor activates in the island, before (a link) and after (a button) it wakes. */
const CONTROL = 'a[href], button';

const hydrateOnReach: ClientDirective = (load, _options, el) => {
  let waking: Promise<void> | undefined;
  let pendingTap: HTMLElement | undefined;
  let hasFocus = false;
  el.addEventListener('focusin', () => (hasFocus = true));
  // Only a move to somewhere else counts: a focused element that is removed leaves no relatedTarget.
  el.addEventListener('focusout', (event) => (hasFocus = event.relatedTarget === null ? hasFocus : false));

  // A finger still down on the link when the script arrives must lift from that same link: were
  // React to swap it for the button in between, the browser would make no click of the tap.
  let pressEnded = Promise.resolve();
  el.addEventListener(
    'pointerdown',
    () => {
      pressEnded = new Promise((resolve) => {
        // The click comes right after pointerup, in the same task: wait for the task after.
        const lifted = () => setTimeout(resolve);
        window.addEventListener('pointerup', lifted, { once: true, capture: true });
        window.addEventListener('pointercancel', lifted, { once: true, capture: true });
      });
    },
    { capture: true },
  );

  // Astro's loader never rejects: when a script fails to load (twice) it says so with this event
  // and hands back a hydrate that does nothing.
  let scriptFailed = false;
  el.addEventListener('astro:hydration-error', () => (scriptFailed = true));

  const wake = () => {
    waking ??= load()
      .then(async (hydrate) => {
        await pressEnded;
        await hydrateApart(hydrate);
      })
      .then(() => (scriptFailed ? followWithoutScript() : afterWaking()), followWithoutScript);
    return waking;
  };

  function onTapBeforeWaking(event: MouseEvent) {
    const control = (event.target as Element).closest<HTMLElement>(CONTROL);
    if (!control) return;
    event.preventDefault();
    pendingTap = control;
    el.setAttribute('aria-busy', 'true');
    void wake();
  }

  /**
   * Once React has drawn the island's button in the link's place: gives it the tap she made while it
   * woke, or, if she had reached it with the keyboard, her focus, which went with the link.
   */
  function afterWaking() {
    const handOver = () => {
      const control = el.querySelector<HTMLElement>('button');
      if (!control) return false;
      // Until the button is drawn the link is still there: a tap or Enter in that moment is kept
      // for the button too, or it would follow the link to the footer.
      el.removeEventListener('click', onTapBeforeWaking, true);
      el.removeAttribute('aria-busy');
      if (pendingTap) control.click();
      // Focus left with the link React took away: it would fall back to the top of the page.
      else if (hasFocus && !el.contains(document.activeElement)) control.focus();
      return true;
    };
    if (handOver()) return;
    const observer = new MutationObserver(() => handOver() && observer.disconnect());
    observer.observe(el, { childList: true, subtree: true });
  }

  /** The script could not load: the tap does what the server HTML's link says. */
  function followWithoutScript() {
    el.removeEventListener('click', onTapBeforeWaking, true);
    el.removeAttribute('aria-busy');
    const link = pendingTap?.closest<HTMLAnchorElement>('a[href]');
    if (link) location.href = link.href;
  }

  // With this script running, the link acts as the button it becomes: say so, and let Space press it.
  const link = el.querySelector<HTMLAnchorElement>('a[href]');
  link?.setAttribute('role', 'button');
  link?.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    link.click();
  });

  for (const type of WAKE_EVENTS) el.addEventListener(type, () => void wake(), { once: true, passive: true });
  el.addEventListener('click', onTapBeforeWaking, true);
};

export default hydrateOnReach;
