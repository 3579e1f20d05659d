import { getStrings, type Locale } from '../i18n';
import type { NavLink } from './nav-links';
import { localeHref } from './paths';

/** Pages beyond /home, offered in the drawer and the footer (the six nav links stay as the spec has them). */
export function extraLinks(locale: Locale): NavLink[] {
  const t = getStrings(locale);
  return [
    { href: localeHref('/inspiring-women/', locale), label: t.extraLinks.inspiringWomen },
    { href: localeHref('/handmade/', locale), label: t.extraLinks.handmade },
  ];
}
