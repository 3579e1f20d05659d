import { getStrings } from '../i18n';
import { SECTION_IDS } from './sections';
import { sectionHref } from './paths';

export interface NavLink {
  href: string;
  label: string;
}

/** The six section links (specification §2), as anchors on /home and as /home#id elsewhere. */
export function navLinks(onHome: boolean): NavLink[] {
  const { nav } = getStrings();
  return SECTION_IDS.map((id) => ({ href: sectionHref(id, onHome), label: nav[id] }));
}
