// Stories and profiles are plain Markdown. Raw HTML in a body would reach the page as markup, and
// the post-build step would even allow an inline <script> in it by hash. So HTML is shown as the
// text it is, and the build says where (CONTENT.md, "Basic rules for every file"). Failing the build is not
// an option: Astro's glob loader logs a render error and builds the page without its story.
import { fileURLToPath } from 'node:url';
import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';

type MdastPlugin = Exclude<NonNullable<SatteriProcessorOptions['mdastPlugins']>[number], null | undefined | false | readonly unknown[] | ((...args: never[]) => unknown)>;

/** One HTML comment and nothing else: an editor's note, which never shows on a page anyway. */
const isComment = (html: string) => /^<!--(?:(?!-->)[\s\S])*-->$/.test(html.trim());

/** Turns every piece of raw HTML in a Markdown body into plain text, and drops HTML comments. */
export const noRawHtml: MdastPlugin = {
  name: 'stree-no-raw-html',
  options: { position: true },
  html(node, ctx) {
    if (isComment(node.value)) {
      ctx.removeNode(node);
      return;
    }
    const file = ctx.fileURL ? fileURLToPath(ctx.fileURL) : 'a Markdown file';
    const line = node.position ? `, line ${node.position.start.line}` : '';
    console.warn(`${file}${line}: HTML is shown as plain text, not as markup: ${node.value.trim().split('\n')[0]!.slice(0, 60)}`);
    const text = { type: 'text', value: node.value } as const;
    // An HTML block stands where a paragraph would: it becomes one.
    ctx.replaceNode(node, ctx.parent(node)?.type === 'root' ? { type: 'paragraph', children: [text] } : text);
  },
};
