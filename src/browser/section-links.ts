// An in-page link scrolls its section into view itself, besides the browser's own navigation:
// Chromium drops a fragment's scroll while an earlier smooth scroll is still under way. A visitor
// who tabbed round the page and back to the menu at its top (the page gliding back up) chose Teams
// and was left at the top of the page.
// It reads the link itself rather than through the drawer's `sectionTarget`: a module shared with
// an island is split into a file of its own, one more request on every page before any touch.

document.addEventListener('click', (event) => {
  // Whatever the page already did with the click stands, and a click for a new tab leaves it be.
  if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
  if (!link.hash || link.pathname !== window.location.pathname) return;
  document.getElementById(decodeURIComponent(link.hash.slice(1)))?.scrollIntoView();
});
