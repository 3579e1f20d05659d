import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { Strings } from '../i18n';
import type { Swiper as SwiperInstance } from 'swiper';
import type { SwiperProps } from 'swiper/react';

/** Specification §4 and §9: 3000 ms a slide, paused on hover, wrapping, swipes beyond 40 px. */
export const AUTOPLAY_MS = 3000;
export const SWIPE_THRESHOLD_PX = 40;

/**
 * A swipe changes the slide once it passes 40 px, however fast or slowly it is made: Swiper
 * treats every swipe as a "long" one (longSwipesMs 0) and measures it
 * as a share of the slide's width, so that share follows the width.
 */
function matchSwipeThreshold(swiper: SwiperInstance) {
  if (swiper.width > 0) swiper.params.longSwipesRatio = SWIPE_THRESHOLD_PX / swiper.width;
}

/**
 * Autoplay stops while keyboard focus is inside a carousel (WAI-ARIA carousel pattern, WCAG
 * 2.2.2): a slide must not move away from under the control a visitor has just reached with Tab.
 * It starts again when focus leaves.
 */
function holdWhileFocused(swiper: SwiperInstance) {
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

function onInit(swiper: SwiperInstance) {
  matchSwipeThreshold(swiper);
  holdWhileFocused(swiper);
}

/** What a screen reader hears of a carousel's controls, in the page's language (src/i18n). */
export type CarouselStrings = Strings['carousel'];

/** The Swiper settings every carousel shares; `reducedMotion` turns autoplay off. */
export function carouselOptions(label: string, strings: CarouselStrings, reducedMotion: boolean): SwiperProps {
  return {
    modules: [A11y, Autoplay, Keyboard, Navigation, Pagination],
    loop: true,
    autoplay: reducedMotion ? false : { delay: AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false },
    speed: reducedMotion ? 0 : 400,
    shortSwipes: false,
    longSwipesMs: 0,
    onInit,
    onResize: matchSwipeThreshold,
    keyboard: { enabled: true, onlyInViewport: true },
    navigation: true,
    pagination: { clickable: true },
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
