import styles from './StoryCard.module.css';

/** Portraits are drawn square; the card shows them at 72 px, so 144 px serves 2× screens. */
const PORTRAIT_PX = 144;

export interface StoryCardProps {
  href: string;
  name: string;
  summary: string;
  /** The portrait's address; the name beside it says who it is, so it needs no alt text. */
  portrait: string;
}

/** A story's card: used inside the gallery island and, as static HTML, on category pages. */
export default function StoryCard({ href, name, summary, portrait }: StoryCardProps) {
  return (
    <a className={styles.card} href={href}>
      <img src={portrait} alt="" width={PORTRAIT_PX} height={PORTRAIT_PX} className={styles.image}
        loading="lazy" decoding="async" />
      <span className={styles.body}>
        <span className={styles.title}>{name}</span>
        <span className={styles.summary}>“{summary}”</span>
      </span>
      <svg className={styles.arrow} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none"
        stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 12h14M13 6l6 6-6 6" />
      </svg>
    </a>
  );
}
