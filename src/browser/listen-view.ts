// How Listen shows the piece it is reading (docs/help.md): highlighted, and brought into view, the
// carousel it is in turned to its slide. The highlight is drawn by the browser over the text
// (CSS Custom Highlight API), so no island's markup is touched; a browser without it tints the
// paragraph instead.
import type { Piece } from './listen-text';

const HIGHLIGHT = 'listen';
/** The fallback's mark on the paragraph being read. */
const NOW = 'data-listen-now';
/** Middle part of the screen where the sentence may stay without scrolling: clear of the bars. */
const CLEAR_TOP = 0.2;

const highlights = typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function' ? CSS.highlights : undefined;

const behavior = (): ScrollBehavior =>
  matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/** Turns a carousel to the slide that holds the piece, and stops it there while she listens. */
function showSlide(block: Element) {
  const slide = block.closest<HTMLElement>('.swiper-slide');
  const carousel = slide?.closest<HTMLElement & { swiper?: SwiperLike }>('[data-carousel]');
  if (!slide || !carousel) return;
  const swiper = carousel.swiper;
  if (swiper && !swiper.destroyed) {
    swiper.autoplay?.stop();
    if (!slide.classList.contains('swiper-slide-active')) swiper.slideToLoop(Number(slide.dataset.swiperSlideIndex ?? 0));
  } else {
    // The native strip, before Swiper starts or where it never does.
    slide.parentElement?.scrollTo({ left: slide.offsetLeft, behavior: behavior() });
  }
}

interface SwiperLike {
  destroyed: boolean;
  autoplay?: { stop(): void };
  slideToLoop(index: number): void;
}

/** Scrolls the page so the piece is in the middle of the screen, unless it is in view already. */
function keepInView(piece: Piece, bar: Element | null) {
  const box = piece.range.getBoundingClientRect();
  const rect = box.height > 0 ? box : piece.block.getBoundingClientRect();
  const top = innerHeight * CLEAR_TOP;
  const bottom = bar?.getBoundingClientRect().top ?? innerHeight;
  if (rect.top >= top && rect.bottom <= bottom) return;
  scrollBy({ top: rect.top + rect.height / 2 - (top + bottom) / 2, behavior: behavior() });
}

/** Highlights `piece` and brings it into view above the reading bar. */
export function showPiece(piece: Piece, bar: Element | null) {
  hidePiece();
  if (highlights) highlights.set(HIGHLIGHT, new Highlight(piece.range));
  else piece.block.setAttribute(NOW, '');
  showSlide(piece.block);
  keepInView(piece, bar);
}

/** Removes the highlight. */
export function hidePiece() {
  highlights?.delete(HIGHLIGHT);
  for (const marked of document.querySelectorAll(`[${NOW}]`)) marked.removeAttribute(NOW);
}
