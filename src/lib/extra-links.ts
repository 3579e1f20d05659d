import { getStrings } from '../i18n';
import type { NavLink } from './nav-links';
import { withBase } from './paths';

/** Pages beyond /home, offered in the drawer and the footer (the six nav links stay as the spec has them). */
export function extraLinks(): NavLink[] {
  const t = getStrings();
  return [
    { href: withBase('/inspiring-women/'), label: t.extraLinks.inspiringWomen },
    { href: withBase('/handmade/'), label: t.extraLinks.handmade },
  ];
}
