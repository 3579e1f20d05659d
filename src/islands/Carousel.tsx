import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Swiper from 'swiper';
import {
  REDUCED_MOTION, carouselOptions, followMotionPreference, holdWhileFocused, matchSwipeThreshold, type CarouselStrings,
} from './carousel-options';
import { slotsInOrder } from './slots-in-order';

interface Props {
  /** What the carousel shows, announced when focus enters it. */
  label: string;
  /** What a screen reader hears of its controls, in the page's language. */
  strings: CarouselStrings;
  /** The slides, Astro's HTML as named slots `slide0`, `slide1`… (a slot arrives as a prop of its name). */
  [slot: `slide${number}`]: ReactNode;
}

/**
 * The slide she swiped to on the native strip: Swiper starts on it, and the strip's own scroll is
 * undone, or it would shift Swiper's view.
 */
function readStrip(swiper: Swiper) {
  const strip = swiper.wrapperEl;
  const shown = strip.clientWidth > 0 ? Math.round(strip.scrollLeft / strip.clientWidth) : 0;
  strip.scrollLeft = 0;
  return shown;
}

/**
 * Every carousel of the site (banner, focus, testimonials). The server renders its slides as
 * the native strip; hydrating draws the same HTML, and Swiper then starts on it where she is.
 * React draws the markup once and Swiper drives it from then on: Swiper's own React binding
 * (`swiper/react`) would add 3.8 KB gzip, and a render of every slide at every change of slide,
 * for markup that never changes (docs/decisions.md).
 */
export default function Carousel({ label, strings, ...slots }: Props) {
  // Until Swiper starts (and if its script never arrives) the wrapper is a strip she swipes
  // natively and reaches by Tab, so a picture-only banner has a Tab stop and the keyboard scrolls
  // it. Once Swiper starts, its own controls and name take over.
  const [isStrip, setIsStrip] = useState(true);
  const carousel = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const previous = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLDivElement>(null);
  const bullets = useRef<HTMLDivElement>(null);
  // Before the browser paints the hydrated island, as the strip it already shows.
  useLayoutEffect(() => {
    // Read once, before Swiper starts: a later change is followed by Swiper itself.
    const reducedMotion = window.matchMedia(REDUCED_MOTION).matches;
    const swiper = new Swiper(carousel.current!, {
      ...carouselOptions(label, strings, reducedMotion, { prevEl: previous.current!, nextEl: next.current!, bullets: bullets.current! }),
      on: {
        beforeInit: (swiper) => {
          swiper.params.initialSlide = readStrip(swiper);
          // Swiper starts inside React's commit; the strip's name and Tab stop can go a task later,
          // rather than as a second render in that same long task.
          startTransition(() => setIsStrip(false));
        },
        init: (swiper) => {
          matchSwipeThreshold(swiper);
          holdWhileFocused(swiper);
          followMotionPreference(swiper);
        },
        resize: matchSwipeThreshold,
      },
    });
    return () => void swiper.destroy(true, false);
  }, []);
  // The strip gives up its Tab stop a task after Swiper started, and she may have tabbed onto it in
  // between: wherever her focus came from, it goes to the control that does what the strip's arrow
  // keys did, not to the top of the page. The browser lets go of her focus the moment the Tab stop
  // goes, in the middle of React's commit: the strip's blur then says she was on it.
  const focusLeftWithTabStop = useRef(false);
  useLayoutEffect(() => {
    const element = strip.current!;
    const onBlur = () => {
      if (!element.hasAttribute('tabindex')) focusLeftWithTabStop.current = true;
    };
    element.addEventListener('blur', onBlur);
    return () => element.removeEventListener('blur', onBlur);
  }, []);
  useLayoutEffect(() => {
    if (!isStrip && focusLeftWithTabStop.current) next.current!.focus();
  }, [isStrip]);
  return (
    <div ref={carousel} className="swiper" data-carousel="">
      <div ref={strip} className="swiper-wrapper" tabIndex={isStrip ? 0 : undefined} role={isStrip ? 'group' : undefined} aria-label={isStrip ? label : undefined}>
        {slotsInOrder(slots, 'slide').map((slide, index) => (
          <div key={index} className="swiper-slide">{slide}</div>
        ))}
      </div>
      {/* Empty and hidden until Swiper names and draws them (Carousel.astro's sheet). */}
      <div ref={previous} className="swiper-button-prev" />
      <div ref={next} className="swiper-button-next" />
      <div ref={bullets} className="swiper-pagination" />
    </div>
  );
}
