import type { Locale, Strings } from '../i18n';
import { SECTION_IDS } from './sections';
import { sectionHref } from './paths';

export interface NavLink {
  href: string;
  label: string;
}

/** The six section links (specification §2), as anchors on /home and as /home#id elsewhere; `labels` in the page's language. */
export function navLinks(onHome: boolean, locale: Locale, labels: Strings['nav']): NavLink[] {
  return SECTION_IDS.map((id) => ({ href: sectionHref(id, onHome, locale), label: labels[id] }));
}
