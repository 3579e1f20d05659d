import { useEffect, useState } from 'react';
import { TypeAnimation } from 'react-type-animation';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './TeamQuote.module.css';

/** Specification §9: typing 120–160 ms a key, deleting 40–80 ms, 1500 ms pause; the middles of those ranges. */
const TYPING = { type: 'keyStrokeDelayInMs', value: 140 } as const;
const DELETING = { type: 'keyStrokeDelayInMs', value: 60 } as const;
const PAUSE_MS = 1500;

/** The quote types itself out and back, looping; the full quote is always there for screen readers. */
export default function TeamQuote({ quote }: { quote: string }) {
  const reducedMotion = usePrefersReducedMotion();
  // Typing starts only once hydrated: the server's still quote must hydrate as it is, since
  // React keeps a server element's attributes (the typing cursor's class) on a mismatch.
  const [isTyping, setIsTyping] = useState(false);
  useEffect(() => setIsTyping(!reducedMotion), [reducedMotion]);
  return (
    <blockquote className={styles.quote}>
      <p className="visually-hidden">{quote}</p>
      <p aria-hidden="true" className={styles.sizer}>{quote}</p>
      {!isTyping ? (
        <p aria-hidden="true">{quote}</p>
      ) : (
        <TypeAnimation aria-hidden="true" wrapper="p" sequence={[quote, PAUSE_MS, '', PAUSE_MS / 3]}
          speed={TYPING} deletionSpeed={DELETING} repeat={Infinity} preRenderFirstString />
      )}
    </blockquote>
  );
}
