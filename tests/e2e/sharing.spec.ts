// What a search engine or a messaging app reads from each page type (README, "Sharing"): title,
// description, one canonical address, a share card that exists, and schema.org data. It reads the
// served HTML, as a crawler does: no JavaScript runs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { parse } from 'parse5';
import { frontmatter, readFolder, readJson, storyCategoryIds, storyNames } from './content';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/editions';

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  value?: string;
}

interface Head {
  title: string;
  meta: Map<string, string>;
  links: Map<string, string>;
  jsonLd: Record<string, unknown>[];
}

const CARD = { width: 1200, height: 630 }; // the size link previews ask for
const site = readJson<{ organisation: string; tagline: string; about: string }>('settings/site.json');
const [firstCategory] = storyCategoryIds();
// The first story of the first category: /salaamstree/{title}/0.
const storyName = storyNames(firstCategory!.id)[0]!;
const storyFile = readdirSync(join('src/content/stories', firstCategory!.id)).find(
  (file) => frontmatter(`stories/${firstCategory!.id}/${file}`, 'name') === storyName,
)!;
const story = { name: storyName, summary: frontmatter(`stories/${firstCategory!.id}/${storyFile}`, 'summary') };
const storyPath = `/salaamstree/${encodeURI(firstCategory!.title)}/0`;
// Any profile will do: the first file of the first profile folder.
const profileFile = readdirSync('src/content/profiles', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.md'))
  .sort()[0]!;
const profile = { slug: profileFile.split(/[\\/]/).at(-1)!.replace(/\.md$/, ''), name: frontmatter(`profiles/${profileFile}`, 'name') };

async function readHead(request: APIRequestContext, path: string): Promise<Head> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const head: Head = { title: '', meta: new Map(), links: new Map(), jsonLd: [] };
  const text = (node: HtmlNode) => (node.childNodes ?? []).map((child) => child.value ?? '').join('');
  const visit = (node: HtmlNode) => {
    const attrs = Object.fromEntries((node.attrs ?? []).map(({ name, value }) => [name, value]));
    if (node.nodeName === 'title') head.title = text(node);
    if (node.nodeName === 'meta' && (attrs.property || attrs.name)) head.meta.set(attrs.property ?? attrs.name!, attrs.content!);
    if (node.nodeName === 'link' && attrs.rel) head.links.set(attrs.rel, attrs.href!);
    if (node.nodeName === 'script' && attrs.type === 'application/ld+json') head.jsonLd.push(JSON.parse(text(node)));
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parse(await response.text()) as HtmlNode);
  return head;
}

/** The share card is a 1200×630 PNG this site serves. */
async function expectCard(request: APIRequestContext, head: Head) {
  const url = new URL(head.meta.get('og:image')!);
  const response = await request.get(url.pathname);
  expect(response.status(), `${url.pathname} is in dist`).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const png = await response.body();
  // A PNG's IHDR chunk holds width and height at bytes 16 and 20.
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(CARD);
  expect(head.meta.get('og:image:width')).toBe(String(CARD.width));
  expect(head.meta.get('og:image:height')).toBe(String(CARD.height));
  expect(head.meta.get('twitter:card')).toBe('summary_large_image');
  return url.pathname;
}

/** Canonical, og:url and the sitemap agree on the page's one address: its folder, with the slash. */
async function expectCanonical(request: APIRequestContext, head: Head, path: string) {
  const canonical = head.links.get('canonical')!;
  expect(new URL(canonical).pathname).toBe(path.endsWith('/') ? path : `${path}/`);
  expect(head.meta.get('og:url')).toBe(canonical);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain(`<loc>${canonical.replaceAll('&', '&amp;')}</loc>`);
}

test('/home: the organisation, a share card, and schema.org NGO data', async ({ request }) => {
  const head = await readHead(request, '/home');
  expect(head.title).toBe(`${site.organisation}: ${site.tagline}`);
  expect(head.meta.get('description')).toBe(site.about);
  await expectCanonical(request, head, '/home/');
  await expectCard(request, head);
  expect(head.jsonLd).toEqual([expect.objectContaining({ '@context': 'https://schema.org', '@type': 'NGO', name: site.organisation })]);
});

test('a story: her name, the summary, and a card of her own', async ({ request }) => {
  const head = await readHead(request, storyPath);
  expect(head.title).toBe(`${story.name} | ${site.organisation}`);
  expect(head.meta.get('description')).toBe(story.summary);
  expect(head.meta.get('og:title')).toBe(story.name);
  expect(head.meta.get('og:type')).toBe('article');
  expect(head.meta.get('og:image:alt')).toContain(story.name);
  await expectCanonical(request, head, storyPath);
  const card = await expectCard(request, head);
  const home = await readHead(request, '/home');
  expect(card).not.toBe(new URL(home.meta.get('og:image')!).pathname);
});

test('a profile: her name, a card of her own, and schema.org Person data', async ({ request }) => {
  const path = `/inspiring-women/${profile.slug}/`;
  const head = await readHead(request, path);
  expect(head.title).toBe(`${profile.name} | ${site.organisation}`);
  expect(head.meta.get('description')).toContain(profile.name);
  expect(head.meta.get('og:type')).toBe('profile');
  await expectCanonical(request, head, path);
  expect(await expectCard(request, head)).toContain(profile.slug);
  expect(head.jsonLd).toEqual([expect.objectContaining({ '@type': 'Person', name: profile.name, url: head.links.get('canonical') })]);
  const image = new URL(head.jsonLd[0]!.image as string).pathname;
  expect((await request.get(image)).status()).toBe(200);
});

test('/handmade: schema.org Product data for every item, orderable only when it is not a sample', async ({ request }) => {
  const products = readFolder<{ name: string; priceRupees: number; sample?: boolean }>('products');
  const head = await readHead(request, '/handmade/');
  await expectCanonical(request, head, '/handmade/');
  await expectCard(request, head);
  expect(head.jsonLd.map((data) => data['@type'])).toEqual(products.map(() => 'Product'));
  for (const product of products) {
    const data = head.jsonLd.find((item) => item.name === product.name);
    expect(data, product.name).toBeDefined();
    if (product.sample) expect(data!.offers).toBeUndefined();
    else expect(data!.offers).toMatchObject({ price: product.priceRupees, priceCurrency: 'INR' });
  }
});

test('other pages share the default card; the splash and the catalogue are listed', async ({ request }) => {
  const home = await readHead(request, '/home');
  for (const path of ['/', '/inspiring-women/', `/salaamstree/${encodeURI(firstCategory!.title)}/`]) {
    const head = await readHead(request, path);
    expect(head.title, path).toContain(site.organisation);
    expect(head.meta.get('description'), path).toBeTruthy();
    await expectCanonical(request, head, path);
    expect(head.meta.get('og:image'), path).toBe(home.meta.get('og:image'));
  }
});

test('the 404, offline and story-kept pages ask not to be indexed and name no canonical address', async ({ request }) => {
  const missing = await request.get('/no/such/page');
  expect(missing.status()).toBe(404);
  for (const path of ['/404.html', '/offline/', '/story-kept/', '/hi/story-kept/']) {
    const head = await readHead(request, path);
    expect(head.meta.get('robots'), path).toBe('noindex');
    expect(head.links.has('canonical'), path).toBe(false);
  }
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toContain('/offline/');
  expect(sitemap).not.toContain('/story-kept/');
  expect(sitemap).not.toContain('404');
});

test('robots.txt points at the sitemap, which lists every story in each edition', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/^https?:\/\/.+\/sitemap-index\.xml$/);
  expect((await request.get(new URL(sitemapUrl!).pathname)).status()).toBe(200);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const stories = readdirSync('src/content/stories', { recursive: true }).filter((file) => String(file).endsWith('.md'));
  const listed = [...sitemap.matchAll(/<loc>([^<]+\/salaamstree\/[^<]+\/\d+\/)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  for (const locale of LOCALES) {
    const inEditionFolder = (path: string) => (locale === DEFAULT_LOCALE ? !LOCALES.some((other) => path.startsWith(`/${other}/`)) : path.startsWith(`/${locale}/`));
    expect(listed.filter(inEditionFolder), locale).toHaveLength(stories.length);
  }
});

test('the web app manifest names the site and its icons exist at their stated sizes', async ({ request }) => {
  const home = await readHead(request, '/home');
  const manifest = await (await request.get(home.links.get('manifest')!)).json();
  expect(manifest).toMatchObject({ short_name: site.organisation, start_url: '/home', scope: '/', display: 'standalone' });
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const png = await (await request.get(icon.src)).body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');
});
