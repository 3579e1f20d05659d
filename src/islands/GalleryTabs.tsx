import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { nextTabIndex } from '../lib/tab-keys';
import { slotsInOrder } from './slots-in-order';
import styles from './GalleryTabs.module.css';

export interface GalleryCategory {
  id: string;
  title: string;
  /** The category's own page, where every one of its stories is listed. */
  href: string;
}

interface Props {
  categories: GalleryCategory[];
  strings: { label: string; scrollBack: string; scrollOn: string };
  /** Each category's cards, as named slots `panel0`, `panel1`… in the order of `categories`. */
  [slot: `panel${number}`]: ReactNode;
}

/**
 * The Salaam Stree tabs. Before JavaScript runs each tab is a link to its category's page, so
 * every story stays one tap away; once hydrated they become ARIA tabs over the same layout.
 * The panels are Astro's HTML, passed in as slots, so no card travels twice.
 */
export default function GalleryTabs({ categories, strings, ...slots }: Props) {
  const baseId = useId();
  const panels = slotsInOrder(slots, 'panel');
  const [isHydrated, setIsHydrated] = useState(false);
  const [active, setActive] = useState(0);
  const [overflows, setOverflows] = useState(false);
  const strip = useRef<HTMLDivElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAfterHydration = useRef<number>(undefined);

  // A visitor may already be on a category link when the tabs take over: the tab that replaces
  // it takes the focus, so a keyboard user is not thrown back to the top of the page.
  useEffect(() => {
    const links = [...(strip.current?.querySelectorAll('a') ?? [])];
    const focused = links.indexOf(document.activeElement as HTMLAnchorElement);
    setIsHydrated(true);
    if (focused >= 0) focusAfterHydration.current = focused;
  }, []);

  useEffect(() => {
    const index = focusAfterHydration.current;
    if (!isHydrated || index === undefined) return;
    focusAfterHydration.current = undefined;
    select(index);
  }, [isHydrated]);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [isHydrated]);

  function select(index: number) {
    setActive(index);
    tabs.current[index]?.focus();
    tabs.current[index]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent) {
    const next = nextTabIndex(event.key, active, categories.length);
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  const scrollStrip = (direction: 1 | -1) =>
    strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.8, behavior: 'smooth' });
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = (i: number) => `${baseId}-panel-${i}`;

  return (
    <div className={styles.gallery}>
      <div className={styles.stripRow}>
        {overflows && (
          <button type="button" className={styles.scroll} tabIndex={-1} onClick={() => scrollStrip(-1)}>
            <span aria-hidden="true">‹</span><span className="visually-hidden">{strings.scrollBack}</span>
          </button>
        )}
        <div ref={strip} className={styles.strip} {...(isHydrated
          ? { role: 'tablist', 'aria-label': strings.label, onKeyDown }
          : {})}>
          {categories.map((category, index) =>
            isHydrated ? (
              <button key={category.id} ref={(el) => { tabs.current[index] = el; }} type="button" role="tab"
                id={tabId(index)} aria-selected={index === active} aria-controls={panelId(index)}
                tabIndex={index === active ? 0 : -1} className={styles.tab} onClick={() => select(index)}>
                {category.title}
              </button>
            ) : (
              <a key={category.id} href={category.href} className={styles.tab}
                aria-current={index === active ? 'true' : undefined}>{category.title}</a>
            ),
          )}
        </div>
        {overflows && (
          <button type="button" className={styles.scroll} tabIndex={-1} onClick={() => scrollStrip(1)}>
            <span aria-hidden="true">›</span><span className="visually-hidden">{strings.scrollOn}</span>
          </button>
        )}
      </div>

      {panels.map((panel, index) => (
        <div key={categories[index]?.id ?? index} className={styles.panel} hidden={index !== active}
          {...(isHydrated
            ? { role: 'tabpanel', id: panelId(index), 'aria-labelledby': tabId(index), tabIndex: 0 }
            : {})}>
          {panel}
        </div>
      ))}
    </div>
  );
}
