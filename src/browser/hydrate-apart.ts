// How the hydration directives wake an island once its code is here. React's and Swiper's code
// run as they arrive, and the island's first render would follow in that same task: one long
// freeze on a busy phone. A task apart, the page can paint and answer her in between
// (docs/decisions.md, "A busy cheap phone").

/** Runs Astro's `hydrate` in a task of its own, after whatever the browser has waiting. */
export async function hydrateApart(hydrate: () => Promise<void>) {
  await new Promise((resolve) => setTimeout(resolve));
  await hydrate();
}
