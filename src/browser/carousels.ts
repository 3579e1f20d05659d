// Wakes each carousel (src/components/ui/Carousel.astro) when it is needed, and only then fetches
// Swiper: on the first screen once the page is idle, further down as it scrolls into view. Until
// then its first slide shows as plain HTML, so the first paint waits on no script at all.

/** How far ahead of the screen a carousel starts to load, so it is ready as it arrives. */
const VISIBLE_MARGIN = '200px';

function startSwiper(element: HTMLElement) {
  // A separate chunk: the page's own script stays a few hundred bytes.
  // Offline, with Swiper never fetched before, the slides stay as they are: a page that reads.
  import('./carousel-swiper').then(({ startCarousel }) => startCarousel(element)).catch(() => undefined);
}

/** After the first paint and the load, when the main thread has a moment: the autoplay is not urgent. */
function whenIdle(start: () => void) {
  const onLoad = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
}

export function wakeCarousels() {
  const carousels = [...document.querySelectorAll<HTMLElement>('[data-carousel]')];
  const onScreen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries.filter(({ isIntersecting }) => isIntersecting)) {
        onScreen.unobserve(entry.target);
        startSwiper(entry.target as HTMLElement);
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  for (const carousel of carousels) {
    if (carousel.dataset.carousel === 'idle') whenIdle(() => startSwiper(carousel));
    else onScreen.observe(carousel);
  }
}
