// How the hydration directives wake an island once its code is here. React's and Swiper's code
// run as they arrive, and the island's first render would follow in that same task: one long
// freeze on a busy phone. A task apart, the page can paint and answer her in between
// (docs/decisions.md, "A busy cheap phone").

/**
 * Runs Astro's `hydrate` in a task of its own, after whatever the browser has waiting. A message
 * to itself rather than a timer: a timer may be clamped or held back (a page in the background,
 * a test's paused clock), a message is the next task.
 */
export async function hydrateApart(hydrate: () => Promise<void>) {
  const { port1, port2 } = new MessageChannel();
  await new Promise((resolve) => {
    port1.onmessage = resolve;
    port2.postMessage(undefined);
  });
  port1.close();
  await hydrate();
}
