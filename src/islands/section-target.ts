/**
 * The element an in-page link leads to, when following it keeps the visitor on this page: the
 * drawer hands focus there on closing, so her next Tab goes on from that section, not from the
 * menu button.
 */
export function sectionTarget(link: HTMLAnchorElement): HTMLElement | null {
  if (!link.hash || link.pathname !== window.location.pathname) return null;
  return document.getElementById(decodeURIComponent(link.hash.slice(1)));
}

/** Moves focus to a section without scrolling: the link's own navigation does the scrolling. */
export function focusSection(section: HTMLElement) {
  // Focusable by script only, as <main> is for the skip link; base.css hides its ring.
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
}
