import { Swiper, SwiperSlide } from 'swiper/react';
import type { IslandImage } from '../lib/island-image';
import { carouselOptions } from './carousel-options';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './TestimonialCarousel.module.css';

export interface Testimonial {
  name: string;
  post: string;
  text: string;
  lang: string;
  image: IslandImage;
}

export default function TestimonialCarousel({ items, label }: { items: Testimonial[]; label: string }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Swiper {...carouselOptions(label, reducedMotion)} className={styles.carousel}>
      {items.map(({ name, post, text, lang, image }) => (
        <SwiperSlide key={name} className={styles.slide}>
          <figure className={styles.card}>
            <img {...image} className={styles.portrait} loading="lazy" decoding="async" />
            <blockquote lang={lang}><p>{text}</p></blockquote>
            <figcaption><strong>{name}</strong><br /><span>{post}</span></figcaption>
          </figure>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
