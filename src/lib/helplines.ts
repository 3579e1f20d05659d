// The national helplines as a page shows them (docs/help.md). The list itself, with each
// number's source and the day it was checked, is in site settings (src/content/settings/site.json),
// each helpline's name and purpose in every edition's language, in the fields its row names
// (src/lib/editions.ts).
import type { CollectionEntry } from 'astro:content';
import { edition, type Locale } from './editions';

export type Helpline = CollectionEntry<'settings'>['data']['helplines'][number];

/** One helpline in the page's language: the numbers as dialled, its name and what it is for. */
export interface ShownHelpline {
  number: string;
  freeNumber?: string;
  name: string;
  purpose: string;
}

/** The helplines in `locale`, in the order the settings give them. */
export function helplinesIn(helplines: readonly Helpline[], locale: Locale): ShownHelpline[] {
  const fields = edition(locale).helpline;
  const words = (helpline: Helpline, field: string) => (helpline as unknown as Record<string, string>)[field]!;
  return helplines.map((helpline) => ({
    number: helpline.number,
    ...(helpline.freeNumber ? { freeNumber: helpline.freeNumber } : {}),
    name: words(helpline, fields.name),
    purpose: words(helpline, fields.purpose),
  }));
}

/** A call link for a number as dialled. */
export const telHref = (number: string) => `tel:${number}`;
