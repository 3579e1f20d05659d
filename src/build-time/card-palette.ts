// The 16 colours every share card is written with. A card is a few flat colours of tokens.css and
// the anti-aliased edges of its letters and shapes between them: the flat colours are kept exact,
// and the other shades go where a sample card's edge pixels are, weighted by how many there are
// (k-means). One palette for every card lets a band of pixels be compressed once and shared
// between cards (card-png.ts); drawn from a sample in every script, it fits each card's edges at
// least as closely as libvips' per-card palette did (tests/unit/share-card.test.ts).

export type Rgb = readonly [number, number, number];

const distance = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** `#rrggbb` as numbers. */
export const rgbOf = (hex: string): Rgb => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];

/** How many pixels of `rgba` (4 bytes a pixel, opaque) have each colour. */
function histogram(rgba: Uint8Array): { colour: Rgb; count: number }[] {
  const counts = new Map<number, number>();
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength / 4);
  for (const pixel of pixels) counts.set(pixel, (counts.get(pixel) ?? 0) + 1);
  return [...counts].map(([pixel, count]) => ({ colour: [pixel & 0xff, (pixel >>> 8) & 0xff, (pixel >>> 16) & 0xff] as const, count }));
}

/**
 * `size` colours for `rgba`: `fixed` as they are, then the rest seeded where the pixels are worst
 * served (farthest, times how many) and moved to the mean of the pixels nearest each.
 */
export function paletteFor(rgba: Uint8Array, fixed: readonly Rgb[], size = 16): Rgb[] {
  const colours = histogram(rgba);
  const centres: Rgb[] = [...fixed];
  const gap = colours.map(({ colour }) => Math.min(...centres.map((centre) => distance(colour, centre))));
  while (centres.length < size) {
    let worst = 0;
    colours.forEach(({ count }, i) => {
      if (gap[i]! * count > gap[worst]! * colours[worst]!.count) worst = i;
    });
    if (gap[worst] === 0) break;
    const added = colours[worst]!.colour;
    centres.push(added);
    colours.forEach(({ colour }, i) => (gap[i] = Math.min(gap[i]!, distance(colour, added))));
  }
  for (let round = 0; round < 20; round += 1) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const { colour, count } of colours) {
      let nearest = 0;
      centres.forEach((centre, i) => {
        if (distance(colour, centre) < distance(colour, centres[nearest]!)) nearest = i;
      });
      const sum = sums[nearest]!;
      colour.forEach((channel, c) => (sum[c]! += channel * count));
      sum[3]! += count;
    }
    const moved = centres.map((centre, i) => {
      const [r, g, b, count] = sums[i]!;
      return i < fixed.length || count === 0 ? centre : ([Math.round(r! / count!), Math.round(g! / count!), Math.round(b! / count!)] as const);
    });
    const settled = moved.every((centre, i) => distance(centre, centres[i]!) === 0);
    centres.splice(0, centres.length, ...moved);
    if (settled) break;
  }
  return centres;
}
