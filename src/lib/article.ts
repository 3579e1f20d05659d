// The text of a written page (the stay-safe article, src/content/stay-safe/) read from the little
// Markdown an editor writes into its parts: what Markdown offers beyond that (links, quotations,
// tables, italics) is refused with the line and what to write instead, never shown half-working.

/** One block of a written page: a paragraph, a sub-heading or a list. **Words** show in bold. */
export type Block = { p: string } | { h3: string } | { ul: string[] } | { ol: string[] };
/** A part of a written page, under its heading. */
export interface Section {
  heading: string;
  blocks: Block[];
}

/** What an article's text may hold, in an editor's words: said with every refusal. */
export const ARTICLE_TEXT =
  'parts that each start with a "## " heading, then paragraphs, "### " sub-headings, lists of "- " points or "1. " steps, and **bold** words';

/** A line of an article's text that the page cannot show as written. */
export class ArticleError extends Error {
  /** The line in the file, counted from 1. */
  readonly line: number;
  /** What is wrong, in an editor's words. */
  readonly problem: string;

  constructor(line: number, problem: string) {
    super(`line ${line}: ${problem}. Write ${ARTICLE_TEXT}`);
    this.line = line;
    this.problem = problem;
  }
}

/** Markdown that would show on the page as other than plain words, and how an editor would call it. */
const REFUSED: [RegExp, string][] = [
  [/^>/, 'a quotation (a line starting with >)'],
  [/^(```|~~~)/, 'a block of code'],
  [/^\|/, 'a table'],
  [/^[=-]+$|^(\*\s*){3,}$|^(_\s*){3,}$/, 'a line of = or - or * alone, which Markdown makes a dividing line or turns the line above into a heading'],
  [/!\[[^\]]*\]\(/, 'a picture: this page has none'],
  [/\[[^\]]*\]\(/, 'a link: this page has none; write the address out if she needs it'],
  [/__/, 'bold written with __: write **words** instead'],
];

const HEADING = /^(#{1,6})\s+(.*)$/;
const POINT = /^[-*+]\s+(.*)$/;
const STEP = /^\d{1,9}[.)]\s+(.*)$/;

/**
 * The sections of an article from its Markdown text (an entry's body); `firstLine` is the line of
 * the file the text starts on, for the line an error names. Throws an ArticleError at the first
 * line the page could not show as written.
 */
export function articleSections(markdown: string, firstLine = 1): Section[] {
  const sections: Section[] = [];
  /** The line of each section's heading, for a section left empty. */
  const headingLines: number[] = [];
  /** The paragraph or list item still taking lines, and the line it started on. */
  let open: { block: Block; item?: number; line: number } | undefined;
  let afterBlank = false;

  const fail = (index: number, problem: string): never => {
    throw new ArticleError(firstLine + index, problem);
  };
  const finish = () => {
    if (!open) return;
    const text = 'p' in open.block ? open.block.p : listOf(open.block)[open.item!]!;
    checkBold(text, open.line);
    open = undefined;
  };
  const checkBold = (text: string, index: number) => {
    const marks = text.split('**').length - 1;
    if (marks % 2 === 1) fail(index, 'a ** without its pair: bold words go between ** and **');
    if (text.replaceAll('**', '').includes('*')) fail(index, 'a single *: bold words go between ** and **, and this page has no italics');
  };
  const current = (index: number) =>
    sections.at(-1) ?? fail(index, 'text before the first heading: every part of the page starts with its "## " heading');

  markdown.replace(/\r\n?/g, '\n').split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      if (open && 'p' in open.block) finish();
      afterBlank = true;
      return;
    }
    const isIndented = /^\s/.test(line);
    const text = line.trim();
    for (const [pattern, what] of REFUSED) if (pattern.test(text)) fail(index, what);

    const heading = HEADING.exec(line);
    if (heading) {
      finish();
      const [, marks, words] = heading;
      if (!words!.replace(/#+$/, '').trim()) fail(index, 'a heading with no words');
      const name = words!.replace(/\s#+$/, '').trim();
      if (marks === '##') headingLines.push(index);
      if (marks === '##') sections.push({ heading: name, blocks: [] });
      else if (marks === '###') current(index).blocks.push({ h3: name });
      else fail(index, `a "${marks} " heading: the page's parts start with "## ", their sub-headings with "### "`);
      if (marks === '##' || marks === '###') checkBold(name, index);
      afterBlank = false;
      return;
    }

    const point = POINT.exec(text);
    const step = point ? undefined : STEP.exec(text);
    if ((point || step) && isIndented && open?.item !== undefined) fail(index, 'a list inside a list: write each point as its own "- " line');
    if (point || step) {
      if (open && 'p' in open.block && !afterBlank && step && !/^1[.)]/.test(text)) {
        // Markdown reads "2. " in the middle of a paragraph as words of it, not a new list.
        (open.block as { p: string }).p += ` ${text}`;
        afterBlank = false;
        return;
      }
      finish();
      const kind = point ? 'ul' : 'ol';
      const blocks = current(index).blocks;
      const last = blocks.at(-1);
      // Points apart by a blank line are still one list, as Markdown reads them.
      const list = last && kind in last ? last : (blocks[blocks.push(kind === 'ul' ? { ul: [] } : { ol: [] }) - 1]!);
      const items = listOf(list);
      items.push((point ?? step)![1]!.trim());
      open = { block: list, item: items.length - 1, line: index };
      afterBlank = false;
      return;
    }

    if (open && (!afterBlank || (isIndented && open.item !== undefined))) {
      // The line goes on with the paragraph or the point above it, as Markdown joins them.
      if (open.item !== undefined) listOf(open.block)[open.item] += ` ${text}`;
      else (open.block as { p: string }).p += ` ${text}`;
      afterBlank = false;
      return;
    }
    if (/^ {4}/.test(line) || /^\t/.test(line)) fail(index, 'a line indented by four spaces, which Markdown shows as code');
    finish();
    const paragraph = { p: text };
    current(index).blocks.push(paragraph);
    open = { block: paragraph, line: index };
    afterBlank = false;
  });
  finish();
  if (sections.length === 0) fail(0, 'no "## " heading: the page needs at least one part');
  const empty = sections.findIndex((section) => section.blocks.length === 0);
  if (empty >= 0) fail(headingLines[empty]!, 'a heading with nothing under it');
  return sections;
}

const listOf = (block: Block) => ('ul' in block ? block.ul : 'ol' in block ? block.ol : []);
