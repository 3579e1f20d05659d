// The carousels of the specification (§4, §9): 3000 ms a slide, paused on hover and while focus
// is inside, wrapping, swipes beyond 40 px, arrows, bullets and arrow keys, every control named
// for screen readers in the page's language; no autoplay and no sliding for a visitor who asked
// for less motion. Swiper's settings, as the carousel island (./Carousel.tsx) passes them.
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { Swiper, SwiperOptions } from 'swiper/types';
import type { Strings } from '../i18n';
import { TimedAutoplay } from './carousel-autoplay';

export type CarouselStrings = Strings['carousel'];

const AUTOPLAY_MS = 3000;
const SWIPE_THRESHOLD_PX = 40;
const SLIDE_MS = 400;
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A swipe changes the slide once it passes 40 px, however fast or slowly it is made: Swiper
 * treats every swipe as a "long" one (longSwipesMs 0) and measures it as a share of the slide's
 * width, so that share follows the width.
 */
export function matchSwipeThreshold(swiper: Swiper) {
  if (swiper.width > 0) swiper.params.longSwipesRatio = SWIPE_THRESHOLD_PX / swiper.width;
}

/**
 * Autoplay stops while keyboard focus is inside a carousel (WAI-ARIA carousel pattern, WCAG
 * 2.2.2): a slide must not move away from under the control a visitor has just reached with Tab.
 * It starts again when focus leaves.
 */
export function holdWhileFocused(swiper: Swiper) {
  let isHeld = false;
  swiper.el.addEventListener('focusin', () => {
    if (!swiper.autoplay?.running) return;
    isHeld = true;
    swiper.autoplay.stop();
  });
  swiper.el.addEventListener('focusout', (event) => {
    if (!isHeld || swiper.el.contains(event.relatedTarget as Node | null)) return;
    isHeld = false;
    swiper.autoplay.start();
  });
}

/**
 * A visitor may ask for less motion while the page is open: the carousel stops and stops
 * sliding. Asked the other way, it slides again, and plays again if it was set up to play.
 */
export function followMotionPreference(swiper: Swiper) {
  const media = window.matchMedia(REDUCED_MOTION);
  const hasAutoplay = !media.matches;
  media.addEventListener('change', () => {
    swiper.params.speed = media.matches ? 0 : SLIDE_MS;
    if (media.matches) swiper.autoplay.stop();
    else if (hasAutoplay) swiper.autoplay.start();
  });
}

/** A carousel's arrows and the row its bullets go in: elements of its server HTML. */
export interface CarouselControls {
  prevEl: HTMLElement;
  nextEl: HTMLElement;
  bullets: HTMLElement;
}

/** The Swiper settings every carousel shares; `reducedMotion` turns autoplay off. */
export function carouselOptions(label: string, strings: CarouselStrings, reducedMotion: boolean, { prevEl, nextEl, bullets }: CarouselControls): SwiperOptions {
  return {
    modules: [A11y, TimedAutoplay, Keyboard, Navigation, Pagination],
    loop: true,
    autoplay: reducedMotion ? false : { delay: AUTOPLAY_MS, pauseOnMouseEnter: true },
    speed: reducedMotion ? 0 : SLIDE_MS,
    shortSwipes: false,
    longSwipesMs: 0,
    keyboard: { enabled: true, onlyInViewport: true },
    navigation: { prevEl, nextEl },
    pagination: { el: bullets, enabled: true, clickable: true },
    a11y: {
      // A label belongs on a landmark, not a bare div (axe aria-prohibited-attr); the WAI-ARIA
      // carousel pattern names the roles "carousel" and "slide".
      containerRole: 'region',
      containerMessage: label,
      containerRoleDescriptionMessage: strings.roleDescription,
      itemRoleDescriptionMessage: strings.slide,
      prevSlideMessage: strings.previous,
      nextSlideMessage: strings.next,
      paginationBulletMessage: strings.goTo,
    },
  };
}
