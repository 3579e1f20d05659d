import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { shouldCloseOnKey } from '../lib/drawer-keys';
import type { NavLink } from '../lib/nav-links';
import { SOCIAL_GLYPH, SOCIAL_PATHS, type SocialNetwork } from '../lib/social-icons';
import { focusSection, sectionTarget } from './section-target';
import styles from './MenuDrawer.module.css';

interface SocialLink {
  network: SocialNetwork;
  href: string;
  label: string;
}

interface Props {
  links: NavLink[];
  extraLinks: NavLink[];
  /** Left out while the settings mark them as samples: a sample never acts (src/lib/samples.ts). */
  social: SocialLink[];
  empowerBharat?: NavLink;
  /** The same page in each other edition, each named in its own language. */
  languages: (NavLink & { lang: string })[];
  logoSrc: string;
  logoAlt: string;
  /** Where the menu control points before JavaScript runs: the footer's list of links. */
  fallbackHref: string;
  strings: { open: string; close: string; title: string; newTab: string };
}

const FOCUSABLE = 'a[href], button:not([disabled])';

export default function MenuDrawer(props: Props) {
  const { links, extraLinks, social, empowerBharat, languages, logoSrc, logoAlt, fallbackHref, strings } = props;
  const [isHydrated, setIsHydrated] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const section = useRef<HTMLElement | null>(null);

  useEffect(() => setIsHydrated(true), []);

  useEffect(() => {
    if (isOpen) dialog.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    else if (wasOpen.current && section.current) focusSection(section.current);
    else if (wasOpen.current) opener.current?.focus();
    section.current = null;
    wasOpen.current = isOpen;
  }, [isOpen]);

  const close = () => setIsOpen(false);

  function followLink(event: MouseEvent<HTMLAnchorElement>) {
    section.current = sectionTarget(event.currentTarget);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (shouldCloseOnKey(event.key, target.matches(FOCUSABLE))) {
      close();
      return;
    }
    if (event.key === 'Tab') keepFocusInside(event);
  }

  // aria-modal promises the rest of the page is out of reach, so Tab wraps inside.
  function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  if (!isHydrated) {
    return (
      <a className={styles.toggle} href={fallbackHref}>
        <MenuGlyph />
        <span className="visually-hidden">{strings.open}</span>
      </a>
    );
  }

  return (
    <>
      <button ref={opener} type="button" className={styles.toggle} aria-expanded={isOpen}
        aria-haspopup="dialog" onClick={() => setIsOpen(true)}>
        <MenuGlyph />
        <span className="visually-hidden">{strings.open}</span>
      </button>
      {isOpen && (
        <>
          <div className={styles.backdrop} onClick={close} aria-hidden="true" />
          <div ref={dialog} className={styles.drawer} role="dialog" aria-modal="true"
            aria-label={strings.title} onKeyDown={onKeyDown}>
            <div className={styles.top}>
              <img src={logoSrc} alt={logoAlt} width={135} height={36} />
              <button type="button" className={styles.close} onClick={close}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{strings.close}</span>
              </button>
            </div>
            <ul className={styles.links}>
              {[...links, ...extraLinks].map((link) => (
                <li key={link.href}><a href={link.href} onClick={followLink}>{link.label}</a></li>
              ))}
            </ul>
            <ul className={styles.languages}>
              {languages.map((language) => (
                <li key={language.lang}><a href={language.href} lang={language.lang} hrefLang={language.lang}
                  onClick={close}>{language.label}</a></li>
              ))}
            </ul>
            {social.length > 0 && <ul className={styles.social}>
              {social.map(({ network, href, label }) => (
                <li key={network}>
                  <a href={href} target="_blank" rel="noopener noreferrer" onClick={close}>
                    <svg {...SOCIAL_GLYPH}><path d={SOCIAL_PATHS[network]} /></svg>
                    <span className="visually-hidden">{label} {strings.newTab}</span>
                  </a>
                </li>
              ))}
            </ul>}
            {empowerBharat && (
              <a className={styles.cta} href={empowerBharat.href} target="_blank" rel="noopener noreferrer"
                onClick={close}>
                {empowerBharat.label}
                <span className="visually-hidden"> {strings.newTab}</span>
              </a>
            )}
          </div>
        </>
      )}
    </>
  );
}

function MenuGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor"
      strokeWidth="2.2" strokeLinecap="round">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}
