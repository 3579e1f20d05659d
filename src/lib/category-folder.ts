/** The category of an entry whose folder names it: `health/asha-devi` → `health` (docs/decisions.md). */
export const categoryOfId = (id: string) => id.split('/')[0]!;
