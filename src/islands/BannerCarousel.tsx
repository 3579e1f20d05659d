import { Swiper, SwiperSlide } from 'swiper/react';
import type { IslandImage } from '../lib/island-image';
import { carouselOptions } from './carousel-options';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './BannerCarousel.module.css';

export interface BannerSlide {
  heading: string;
  text: string;
  image: IslandImage;
}

export default function BannerCarousel({ slides, label }: { slides: BannerSlide[]; label: string }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Swiper {...carouselOptions(label, reducedMotion)} className={styles.carousel}>
      {slides.map(({ heading, text, image }, index) => (
        <SwiperSlide key={heading} className={styles.slide}>
          <img {...image} className={styles.image} loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'} decoding="async" />
          <div className={styles.caption}>
            <h2>{heading}</h2>
            <p>{text}</p>
          </div>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
