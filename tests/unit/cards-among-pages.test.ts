import type { PathWithRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import { spreadCards } from '../../src/build-time/cards-among-pages';

// Only what the spreading reads of Astro's route data: its pattern.
const path = (pathname: string, route: string) => ({ pathname, route: { route } }) as unknown as PathWithRoute;
const card = (name: string) => path(`/share-cards/${name}.png`, '/share-cards/[...card].png');
const page = (name: string) => path(`/${name}/`, '/[...locale]/salaamstree/[category]/[index]');
const names = (paths: PathWithRoute[]) => paths.map(({ pathname }) => pathname);

describe('share cards among the pages', () => {
  it('puts the cards, which Astro lists first, among the pages, each kind in its own order', () => {
    const listed = [card('a'), card('b'), page('1'), page('2'), page('3'), page('4')];
    expect(names(spreadCards(listed))).toEqual(['/1/', '/2/', '/share-cards/a.png', '/3/', '/4/', '/share-cards/b.png']);
  });

  it('builds every path once, however many cards there are per page', () => {
    const listed = [...['a', 'b', 'c', 'd', 'e'].map(card), page('1'), page('2')];
    const spread = spreadCards(listed);
    expect(names(spread).sort()).toEqual(names(listed).sort());
    expect(names(spread).slice(0, 3)).toEqual(['/1/', '/share-cards/a.png', '/share-cards/b.png']);
  });

  it('leaves a site without cards or without pages as Astro listed it', () => {
    const pagesOnly = [page('1'), page('2')];
    const cardsOnly = [card('a'), card('b')];
    expect(spreadCards(pagesOnly)).toEqual(pagesOnly);
    expect(spreadCards(cardsOnly)).toEqual(cardsOnly);
  });
});
