/** Sorts entries by their editor-given `order`, then by id so ties are stable. */
export function byOrder<T extends { id: string; data: { order: number } }>(a: T, b: T): number {
  return a.data.order - b.data.order || a.id.localeCompare(b.id);
}
