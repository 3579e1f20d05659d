import type { ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { carouselOptions, type CarouselStrings } from './carousel-options';
import { slotsInOrder } from './slots-in-order';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './carousel.module.css';

interface Props {
  /** What the carousel shows, announced when focus enters it. */
  label: string;
  strings: CarouselStrings;
  /** The slides, as named slots `slide0`, `slide1`… in order (a slot arrives as a prop of its name). */
  [slot: `slide${number}`]: ReactNode;
}

/**
 * Every carousel of the site. Its slides are plain HTML rendered by Astro and handed in as
 * slots, so their text is in the page once: as props it would also travel as JSON.
 */
export default function Carousel({ label, strings, ...slots }: Props) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Swiper {...carouselOptions(label, strings, reducedMotion)} className={styles.controls}>
      {slotsInOrder(slots, 'slide').map((slide, index) => (
        <SwiperSlide key={index}>{slide}</SwiperSlide>
      ))}
    </Swiper>
  );
}
