// The stay-safe article's text as an editor writes it (CONTENT.md, "The stay-safe page"): the
// Markdown it takes becomes the page's parts, and what the page could not show as written is
// refused with its line and what to write instead (src/lib/article.ts).
import { describe, expect, it } from 'vitest';
import { ArticleError, articleSections } from '../../src/lib/article';

/** The refusal of `markdown`, as the editor reads it; fails when it is taken. */
function refusal(markdown: string, firstLine = 1) {
  try {
    articleSections(markdown, firstLine);
  } catch (error) {
    if (error instanceof ArticleError) return error;
    throw error;
  }
  throw new Error(`taken: ${markdown}`);
}

describe('an article takes', () => {
  it('parts under "## " headings, with paragraphs, "### " sub-headings, points, steps and bold words', () => {
    const text = [
      '## Leave quickly',
      '',
      'Tap **Exit this page**.',
      '',
      '### Chrome',
      '',
      '1. Tap **⋮**.',
      '2. Tap **Settings**.',
      '',
      '## What it keeps',
      '',
      '- Your words.',
      '- Pages you opened.',
    ].join('\n');
    expect(articleSections(text)).toEqual([
      { heading: 'Leave quickly', blocks: [{ p: 'Tap **Exit this page**.' }, { h3: 'Chrome' }, { ol: ['Tap **⋮**.', 'Tap **Settings**.'] }] },
      { heading: 'What it keeps', blocks: [{ ul: ['Your words.', 'Pages you opened.'] }] },
    ]);
  });

  it('a paragraph or a point over several lines as one, as Markdown joins them', () => {
    const text = '## Part\n\nFirst line\nsecond line.\n\n- a point\n  that goes on\n- another\n';
    expect(articleSections(text)).toEqual([{ heading: 'Part', blocks: [{ p: 'First line second line.' }, { ul: ['a point that goes on', 'another'] }] }]);
  });

  it('points apart by a blank line as one list, and a paragraph between two lists as two', () => {
    const text = '## Part\n\n- one\n\n- two\n\nThen:\n\n- three\n';
    expect(articleSections(text)[0]!.blocks).toEqual([{ ul: ['one', 'two'] }, { p: 'Then:' }, { ul: ['three'] }]);
  });

  it('Windows line ends, and {site} left for the page to fill', () => {
    expect(articleSections('## Part\r\n\r\n{site} opens.\r\n')).toEqual([{ heading: 'Part', blocks: [{ p: '{site} opens.' }] }]);
  });
});

describe('an article refuses, naming the line in the file and what to write', () => {
  it.each([
    ['text before the first heading', 'Hello.\n\n## Part\n\nText.', 1, /before the first heading/],
    ['a "# " heading', '## Part\n\n# Big\n', 3, /"# " heading/],
    ['a "#### " heading', '## Part\n\n#### Small\n', 3, /"#### " heading/],
    ['a link', '## Part\n\nSee [this](https://example.org).\n', 3, /a link/],
    ['a picture', '## Part\n\n![a woman](photo.jpg)\n', 3, /a picture/],
    ['a quotation', '## Part\n\n> She said\n', 3, /quotation/],
    ['a table', '## Part\n\n| a | b |\n', 3, /a table/],
    ['a block of code', '## Part\n\n```\ncode\n```\n', 3, /code/],
    ['a dividing line', '## Part\n\nText\n---\n', 4, /dividing line/],
    ['a list inside a list', '## Part\n\n- one\n  - inner\n', 4, /list inside a list/],
    ['a ** without its pair', '## Part\n\nTap **Exit this page.\n', 3, /without its pair/],
    ['italics', '## Part\n\nTap *here*.\n', 3, /single \*/],
    ['bold with __', '## Part\n\nTap __here__.\n', 3, /__/],
    ['a heading with nothing under it', '## Part\n\nText.\n\n## Empty\n', 5, /nothing under it/],
    ['no heading at all', '', 1, /no "## " heading/],
  ])('%s', (_, markdown, line, problem) => {
    const error = refusal(markdown);
    expect(error.line).toBe(line);
    expect(error.problem).toMatch(problem);
    expect(error.message).toContain(`line ${line}:`);
    expect(error.message).toContain('Write parts that each start with a "## " heading');
  });

  it('counts lines from the line of the file the text starts on', () => {
    expect(refusal('## Part\n\nSee [this](https://example.org).\n', 8).line).toBe(10);
  });
});
