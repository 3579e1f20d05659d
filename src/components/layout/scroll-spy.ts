// Marks the nav link of the /home section in view (aria-current), so readers see where they are.
// IntersectionObserver reports only on change, so the spec's 66 ms scroll throttle is not needed.
const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-section-link][href^="#"]')];
const sections = links
  .map((link) => document.getElementById(link.hash.slice(1)))
  .filter((section): section is HTMLElement => section !== null);

function mark(id: string) {
  for (const link of links) {
    if (link.hash === `#${id}`) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
}

if (sections.length > 0) {
  const visible = new Map<string, number>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting ? entry.intersectionRatio : 0);
      // The first section (in page order) that is in the band wins.
      const current = sections.find((section) => (visible.get(section.id) ?? 0) > 0);
      if (current) mark(current.id);
    },
    // A band across the upper middle of the screen, below the fixed header.
    { rootMargin: '-20% 0px -55% 0px', threshold: [0, 0.01] },
  );
  for (const section of sections) observer.observe(section);
}
