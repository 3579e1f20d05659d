// `client:message`, the project's hydration directive for the snackbar island (registered in
// src/build-time/integration.ts). The snackbar has nothing to show until a message is written to its
// store (src/stores/snackbar.ts), so it wakes then, or as soon as another island of the page
// wakes: React is on its way then anyway, and a message the form writes shows at once. A story
// page never fetches React for a snackbar alone. Its live region is in the server HTML already.
import type { ClientDirective } from 'astro';
import { SNACKBAR_EVENT } from '../stores/snackbar-event';
import { hydrateApart } from './hydrate-apart';

const hydrateOnMessage: ClientDirective = (load, _options, el) => {
  let isWaking = false;
  const wake = async () => {
    if (isWaking) return;
    isWaking = true;
    await hydrateApart(await load());
  };
  window.addEventListener(SNACKBAR_EVENT, () => void wake(), { once: true });
  // Astro tells each island's wake on the island itself, without bubbling: caught on the way down.
  document.addEventListener(
    'astro:hydrate',
    (event) => {
      if (event.target !== el) void wake();
    },
    { capture: true },
  );
};

export default hydrateOnMessage;
