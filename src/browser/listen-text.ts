// What Listen reads of a part of the page (docs/help.md): the words she sees, in the order she
// sees them, as pieces that each know their place in the page, so the one being spoken can be
// highlighted. Nothing in the page is changed to find them.
import { sentenceSpans, spoken } from '../lib/sentences';

/**
 * Elements whose words are read as one run of sentences; `data-said-alone` marks a tag inside one
 * (a sample's `Sample`) that is said on its own, not run into the sentence after it.
 */
const BLOCK = 'h1,h2,h3,h4,h5,h6,p,li,dt,dd,blockquote,figcaption,label,legend,caption,td,th,[data-said-alone]';
/** Never read: controls, menus, what is hidden from her and from screen readers, and pictures. */
const SKIP = [
  'script,style,noscript,template,svg,button,input,select,textarea,nav',
  '[hidden],[aria-hidden="true"],[data-listen],[data-listen-skip],.swiper-slide-duplicate',
].join(',');
/** Phone numbers are read digit by digit, as she would dial them. */
const PHONE_LINK = 'a[href^="tel:"]';

/** One piece to speak: its words, where they are, and the element they are in. */
export interface Piece {
  text: string;
  range: Range;
  block: Element;
}

interface Run {
  block: Element;
  nodes: Text[];
}

/** A carousel's slides in the order it shows them: Swiper's loop moves them about in the page. */
function childrenInOrder(node: Node): Node[] {
  const children = [...node.childNodes];
  if (!(node instanceof Element) || !node.classList.contains('swiper-wrapper')) return children;
  const place = (child: Node) => Number((child as HTMLElement).dataset?.swiperSlideIndex ?? NaN);
  return children.every((child) => !Number.isNaN(place(child))) ? children.sort((a, b) => place(a) - place(b)) : children;
}

/**
 * Shown, or a wrapper that only passes its children on (an island's `display: contents`); not
 * kept in its place unseen (`visibility: hidden`, as the form's Record before it wakes).
 */
function isShown(element: Element) {
  const style = getComputedStyle(element);
  return (element.getClientRects().length > 0 || style.display === 'contents') && style.visibility !== 'hidden';
}

/** The runs of text inside `root`, each in the block it belongs to, in reading order. */
function runsIn(root: Element): Run[] {
  const runs: Run[] = [];
  const visit = (node: Node, block: Element | undefined) => {
    for (const child of childrenInOrder(node)) {
      if (child instanceof Text) {
        if (!block) continue;
        const last = runs.at(-1);
        if (last?.block === block) last.nodes.push(child);
        else runs.push({ block, nodes: [child] });
      } else if (child instanceof Element && !child.matches(SKIP) && isShown(child)) {
        visit(child, child.matches(BLOCK) ? child : block);
      }
    }
  };
  if (!root.matches(SKIP)) visit(root, root.matches(BLOCK) ? root : undefined);
  return runs;
}

/** Where the character at `offset` of the run's text is, as a node and an offset in it. */
function locate(nodes: Text[], starts: number[], offset: number, isEnd: boolean): [Text, number] {
  let index = nodes.length - 1;
  while (index > 0 && (isEnd ? starts[index]! >= offset : starts[index]! > offset)) index -= 1;
  return [nodes[index]!, offset - starts[index]!];
}

function piecesOf({ block, nodes }: Run, lang: string): Piece[] {
  const starts: number[] = [];
  let text = '';
  for (const node of nodes) {
    starts.push(text.length);
    text += node.data;
  }
  // A line break counts only where she sees one (a story's typed lines, shown with pre-line).
  if (!/^(pre|break-spaces)/.test(getComputedStyle(block).whiteSpace)) text = text.replaceAll('\n', ' ');
  return sentenceSpans(text).map(([start, end]) => {
    const range = document.createRange();
    range.setStart(...locate(nodes, starts, start, false));
    range.setEnd(...locate(nodes, starts, end, true));
    const words = nodes.map((node, index) => {
      const part = node.data.slice(Math.max(0, start - starts[index]!), Math.max(0, end - starts[index]!));
      return node.parentElement?.closest(PHONE_LINK) ? part.replace(/\d{3,}/g, (digits) => [...digits].join(' ')) : part;
    });
    return { text: spoken(words.join(''), lang).trim(), range, block };
  });
}

/**
 * The pieces to read in `root`, as spoken in `lang`; with `only`, just the elements it selects
 * there (a story page reads its title and its text, not the links around them).
 */
export function piecesIn(root: Element, lang: string, only?: string): Piece[] {
  const parts = only ? [...root.querySelectorAll(only)] : [root];
  return parts.flatMap(runsIn).flatMap((run) => piecesOf(run, lang));
}
