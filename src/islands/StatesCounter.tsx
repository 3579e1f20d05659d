import { useEffect, useState } from 'react';
import { COUNTER_STEP_MS, counterValue } from '../lib/counter';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './StatesCounter.module.css';

interface Props {
  target: number;
  suffix: string;
  /** Set while the figure is a sample (src/lib/samples.ts): said beside it, to eyes and ears alike. */
  sampleNote?: string;
}

/** Counts up to `target`; the server HTML and screen readers get the final value only. */
export default function StatesCounter({ target, suffix, sampleNote }: Props) {
  const reducedMotion = usePrefersReducedMotion();
  const [tick, setTick] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (reducedMotion) return;
    setTick(0);
    const timer = setInterval(() => setTick((t) => (t ?? 0) + 1), COUNTER_STEP_MS);
    return () => clearInterval(timer);
  }, [reducedMotion]);

  const shown = tick === undefined || reducedMotion ? target : counterValue(tick, target);
  return (
    <p className={styles.count}>
      <span aria-hidden="true" data-testid="counter-shown">
        <span className={styles.number}>{shown}</span>{suffix}
      </span>
      <span className="visually-hidden">{target}{suffix}</span>
      {sampleNote && <span className={styles.sample}> ({sampleNote})</span>}
    </p>
  );
}
