import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { SwiperProps } from 'swiper/react';

/** Spec §4 and §9: 3000 ms a slide, paused on hover, wrapping, swipes beyond 40 px. */
export const AUTOPLAY_MS = 3000;
export const SWIPE_THRESHOLD_PX = 40;

/** The Swiper settings every carousel shares; `reducedMotion` turns autoplay off. */
export function carouselOptions(label: string, reducedMotion: boolean): SwiperProps {
  return {
    modules: [A11y, Autoplay, Keyboard, Navigation, Pagination],
    loop: true,
    autoplay: reducedMotion ? false : { delay: AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false },
    speed: reducedMotion ? 0 : 400,
    threshold: SWIPE_THRESHOLD_PX,
    keyboard: { enabled: true, onlyInViewport: true },
    navigation: true,
    pagination: { clickable: true },
    a11y: {
      containerMessage: label,
      prevSlideMessage: 'Previous slide',
      nextSlideMessage: 'Next slide',
      paginationBulletMessage: 'Go to slide {{index}}',
    },
  };
}
