// The carousels' autoplay (docs/design.md, Interface contract: 3000 ms a slide, held while the
// mouse is over it, and by ./carousel-options.ts while focus is inside or she asks for less
// motion), as a Swiper module in place of Swiper's own Autoplay. That one reckons the time left
// in a requestAnimationFrame loop: a wake-up of the main thread on every frame for as long as a
// carousel plays, which a busy cheap phone pays for in the page's own work and in battery. This
// one sets a timer per slide, and only while the carousel is on the screen. It reads the same
// settings (`autoplay: { delay, pauseOnMouseEnter }`) and offers the same controls on
// `swiper.autoplay` (start, stop, pause, resume, running, paused).
import type { SwiperModule } from 'swiper/types';

interface AutoplaySettings {
  enabled: boolean;
  delay: number;
  pauseOnMouseEnter: boolean;
}

/** Swiper's autoplay on one timer per slide: the next slide one whole delay after the last came to rest. */
export const TimedAutoplay: SwiperModule = ({ swiper, extendParams, on }) => {
  extendParams({ autoplay: { enabled: false, delay: 3000, pauseOnMouseEnter: false } });
  const settings = () => swiper.params.autoplay as AutoplaySettings;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isHovered = false;
  let isOutOfView = false;
  let view: IntersectionObserver | undefined;

  const hold = () => clearTimeout(timer);
  /** Counts a whole delay afresh, unless something holds the carousel still. */
  const count = () => {
    hold();
    if (!autoplay.running || autoplay.paused || isHovered || isOutOfView || document.hidden || swiper.destroyed) return;
    // A change Swiper refuses (one is still sliding) brings no transitionEnd: count again then.
    timer = setTimeout(() => swiper.slideNext() || count(), settings().delay);
  };

  const autoplay = {
    running: false,
    paused: false,
    timeLeft: 0,
    start() {
      if (swiper.destroyed) return false;
      autoplay.running = true;
      autoplay.paused = false;
      count();
      return true;
    },
    stop() {
      autoplay.running = false;
      hold();
      return true;
    },
    pause() {
      autoplay.paused = true;
      hold();
    },
    resume() {
      autoplay.paused = false;
      count();
    },
  };
  swiper.autoplay = autoplay;

  // Only a mouse: a finger resting on the screen is a swipe, which holds it on its own (below).
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    isHovered = true;
    hold();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    isHovered = false;
    count();
  };

  on('init', () => {
    if (!settings().enabled) return;
    if (settings().pauseOnMouseEnter) {
      swiper.el.addEventListener('pointerenter', onPointerEnter);
      swiper.el.addEventListener('pointerleave', onPointerLeave);
    }
    // A tab she is not looking at does not move on; it counts afresh when she comes back.
    document.addEventListener('visibilitychange', count);
    // A carousel scrolled away does not move on: nobody sees it, and a busy phone is spared the work.
    view = new IntersectionObserver(([entry]) => {
      isOutOfView = !entry!.isIntersecting;
      count();
    });
    view.observe(swiper.el);
    autoplay.start();
  });
  // Any slide change, hers or the timer's, holds it while it slides and counts afresh once at rest;
  // so does a swipe, from the moment it moves to the moment she lets go.
  on('beforeTransitionStart', hold);
  on('sliderFirstMove', hold);
  on('transitionEnd', count);
  on('touchEnd', count);
  on('destroy', () => {
    autoplay.stop();
    view?.disconnect();
    swiper.el?.removeEventListener('pointerenter', onPointerEnter);
    swiper.el?.removeEventListener('pointerleave', onPointerLeave);
    document.removeEventListener('visibilitychange', count);
  });
};
