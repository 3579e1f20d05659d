import type { ReactNode } from 'react';

/** The props named `${prefix}0`, `${prefix}1`… in number order: Astro's numbered named slots. */
export function slotsInOrder(props: Record<string, ReactNode>, prefix: string): ReactNode[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  return Object.entries(props)
    .map(([name, value]) => ({ index: Number(pattern.exec(name)?.[1] ?? NaN), value }))
    .filter(({ index }) => Number.isInteger(index))
    .sort((a, b) => a.index - b.index)
    .map(({ value }) => value);
}
