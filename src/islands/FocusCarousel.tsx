import { Swiper, SwiperSlide } from 'swiper/react';
import type { IslandImage } from '../lib/island-image';
import { carouselOptions } from './carousel-options';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './FocusCarousel.module.css';

export interface FocusSlide {
  title: string;
  summary: string;
  readMore: string;
  image: IslandImage;
}

interface Props {
  slides: FocusSlide[];
  label: string;
  strings: { readMore: string; newTab: string };
}

export default function FocusCarousel({ slides, label, strings }: Props) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Swiper {...carouselOptions(label, reducedMotion)} className={styles.carousel}>
      {slides.map(({ title, summary, readMore, image }) => (
        <SwiperSlide key={title} className={styles.slide}>
          <img {...image} className={styles.image} loading="lazy" decoding="async" />
          <div className={styles.text}>
            <h3>{title}</h3>
            <p>{summary}</p>
            <a className="button" href={readMore} target="_blank" rel="noopener noreferrer">
              {strings.readMore}
              <span className="visually-hidden">: {title} {strings.newTab}</span>
            </a>
          </div>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
