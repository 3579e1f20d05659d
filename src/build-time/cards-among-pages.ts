// Astro builds its routes in priority order, so every share card (/share-cards/…, a static first
// segment) came before every page (/[...locale]/…): while the cards were drawn, the main thread
// waited on them, and while the pages rendered, the cards' thread had nothing to do. Spread among
// the pages, a card is drawn on its thread while the next pages render (docs/decisions.md, "A cold
// build of a large site"). What is built does not change, only when.
import type { AstroPrerenderer, PathWithRoute } from 'astro';

/** The route of src/pages/share-cards/[...card].png.ts. */
const isShareCard = ({ route }: PathWithRoute) => route.route.startsWith('/share-cards/');

/**
 * `paths` with the share cards spread evenly among the pages: each keeps its order among its own
 * kind, and a card comes after about as many pages as there are pages per card.
 */
export function spreadCards<Path extends PathWithRoute>(paths: Path[]): Path[] {
  const cards = paths.filter(isShareCard);
  const pages = paths.filter((path) => !isShareCard(path));
  if (cards.length === 0 || pages.length === 0) return paths;
  const spread: Path[] = [];
  let card = 0;
  pages.forEach((page, i) => {
    spread.push(page);
    // After page i, the cards due by then: the last of them comes after the last page.
    const due = Math.floor(((i + 1) * cards.length) / pages.length);
    while (card < due) spread.push(cards[card++]!);
  });
  return spread;
}

/** Astro's own prerenderer, with the cards spread among the pages (`astro:build:start`'s `setPrerenderer`). */
export function cardsAmongPages(astro: AstroPrerenderer): AstroPrerenderer {
  return {
    ...astro,
    name: 'stree:cards-among-pages',
    getStaticPaths: async () => spreadCards(await astro.getStaticPaths()),
  };
}
