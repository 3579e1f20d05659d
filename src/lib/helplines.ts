// The national helplines as a page shows them (docs/help.md). The list itself, with each
// number's source and the day it was checked, is in site settings (src/content/settings/site.json).
import type { CollectionEntry } from 'astro:content';
import type { Locale } from '../i18n';

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
  return helplines.map(({ number, freeNumber, name, nameHi, purpose, purposeHi }) => ({
    number,
    ...(freeNumber ? { freeNumber } : {}),
    name: locale === 'hi' ? nameHi : name,
    purpose: locale === 'hi' ? purposeHi : purpose,
  }));
}

/** A call link for a number as dialled. */
export const telHref = (number: string) => `tel:${number}`;
