import type { Locale, Strings } from '../i18n';
import type { NavLink } from './nav-links';
import { localeHref } from './paths';

/** Pages beyond /home, offered in the drawer and the footer (the six nav links stay as the spec has them). */
export function extraLinks(locale: Locale, labels: Strings['extraLinks']): NavLink[] {
  return [
    { href: localeHref('/inspiring-women/', locale), label: labels.inspiringWomen },
    { href: localeHref('/handmade/', locale), label: labels.handmade },
  ];
}
