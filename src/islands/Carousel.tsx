import { createContext, startTransition, useContext, useRef, useState, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
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

/** The strip's name while the slides are a native strip, before Swiper starts; null after. */
const StripLabel = createContext<string | null>(null);

/**
 * Swiper's wrapper, which until Swiper starts (and if its script never arrives) is a strip she
 * swipes natively and reaches by Tab, so a picture-only banner has a Tab stop and the keyboard
 * scrolls it. Once Swiper starts, its own controls and name take over.
 */
function StripWrapper({ className, children }: { className: string; children: ReactNode }) {
  const label = useContext(StripLabel);
  return (
    <div className={className} tabIndex={label === null ? undefined : 0} role={label === null ? undefined : 'group'} aria-label={label ?? undefined}>
      {children}
    </div>
  );
}

/**
 * Where she was on the native strip: the slide she swiped to (Swiper starts on it, and the
 * strip's own scroll is undone, or it would shift Swiper's view), and whether her focus was on it.
 */
function readStrip(swiper: SwiperInstance) {
  const strip = swiper.wrapperEl;
  const shown = strip.clientWidth > 0 ? Math.round(strip.scrollLeft / strip.clientWidth) : 0;
  strip.scrollLeft = 0;
  return { shown, hadFocus: strip === document.activeElement };
}

/**
 * Every carousel of the site (banner, focus, testimonials). The server renders its slides as
 * the native strip; hydrating draws the same HTML, and Swiper then starts on it where she is.
 */
export default function Carousel({ label, strings, ...slots }: Props) {
  // Read once, before Swiper starts: a later change is followed by Swiper itself.
  const [reducedMotion] = useState(() => typeof window !== 'undefined' && window.matchMedia(REDUCED_MOTION).matches);
  const [isStrip, setIsStrip] = useState(true);
  const hadFocus = useRef(false);
  return (
    <StripLabel value={isStrip ? label : null}>
      <Swiper
        {...carouselOptions(label, strings, reducedMotion)}
        // swiper/react draws its wrapper with the element given here, which is a component of ours.
        wrapperTag={StripWrapper as unknown as string}
        data-carousel=""
        onBeforeInit={(swiper) => {
          const strip = readStrip(swiper);
          swiper.params.initialSlide = strip.shown;
          hadFocus.current = strip.hadFocus;
          // Swiper starts inside React's commit; the strip's name and Tab stop can go a task later,
          // rather than as a second render in that same long task.
          startTransition(() => setIsStrip(false));
        }}
        onInit={(swiper) => {
          matchSwipeThreshold(swiper);
          holdWhileFocused(swiper);
          followMotionPreference(swiper);
        }}
        onAfterInit={(swiper) => {
          // The strip she was on is no longer a Tab stop: her focus goes to the control that does
          // what its arrow keys did, not back to the top of the page.
          if (hadFocus.current) swiper.el.querySelector<HTMLElement>('.swiper-button-next')?.focus();
        }}
        onResize={matchSwipeThreshold}
      >
        {slotsInOrder(slots, 'slide').map((slide, index) => (
          <SwiperSlide key={index}>{slide}</SwiperSlide>
        ))}
      </Swiper>
    </StripLabel>
  );
}
