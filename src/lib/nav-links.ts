import { getStrings, type Locale } from '../i18n';
import { SECTION_IDS } from './sections';
import { sectionHref } from './paths';

export interface NavLink {
  href: string;
  label: string;
}

/** The six section links (specification §2), as anchors on /home and as /home#id elsewhere. */
export function navLinks(onHome: boolean, locale: Locale): NavLink[] {
  const { nav } = getStrings(locale);
  return SECTION_IDS.map((id) => ({ href: sectionHref(id, onHome, locale), label: nav[id] }));
}
