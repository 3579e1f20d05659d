// The budget check's measures, on pages written here: a measure that read nothing would pass
// every budget, so each is shown to count what it claims to.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blockingScripts, firstScreenBytes, gzipSize } from '../budgets/page-bytes.js';

const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
/** Text that gzip cannot shrink much, so sizes differ clearly. */
const noise = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

describe('blockingScripts', () => {
  it('counts a classic script in the head and nothing deferred, async or a module', () => {
    const head = '<script src="/a.js"></script><script defer src="/b.js"></script>'
      + '<script async src="/c.js"></script><script type="module" src="/d.js"></script>';
    expect(blockingScripts(page(head, ''))).toBe(1);
  });

  it('ignores scripts at the end of the body', () => {
    expect(blockingScripts(page('', '<script src="/a.js"></script>'))).toBe(0);
  });
});

describe('firstScreenBytes', () => {
  it('measures the page up to the end of the first section of main, not what follows', () => {
    const first = `<main><section>${noise(2000)}</section>`;
    const long = page('', `${first}<section>${noise(50_000)}</section></main>`);
    expect(firstScreenBytes(long)).toBe(gzipSize(`<!doctype html><html><head></head><body>${first}`));
    expect(firstScreenBytes(long)!).toBeLessThan(gzipSize(long) / 10);
  });

  it('counts what the head carries, such as inlined CSS', () => {
    const body = `<main><section>${noise(100)}</section></main>`;
    const styled = page(`<style>${noise(5000)}</style>`, body);
    expect(firstScreenBytes(styled)! - firstScreenBytes(page('', body))!).toBeGreaterThan(3000);
  });

  it('says when there is no first section to measure', () => {
    expect(firstScreenBytes(page('', '<main><p>text</p></main>'))).toBeUndefined();
  });
});
