// Nothing sample passes as real (docs/design.md): what is read carries a notice in the page's
// language, what would act is no link. Expected values come from the content's own sample marks.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'parse5';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { readJson } from './content';
import { WHOLE_RUN, everyChangeIf } from './runs';

const DIST = join(process.cwd(), 'dist');

interface SampleSettings {
  samples: string[];
  phones: string[];
  whatsapp: string;
  email: string;
  social: Record<string, string>;
  documents: Record<string, string>;
}
interface Testimonial {
  text: string;
  sample?: boolean;
}
interface Product {
  sample?: boolean;
  contact: { phone?: string; email?: string; whatsapp?: string };
}

const settings = readJson<SampleSettings>('settings/site.json');
const isMarked = (field: string) => settings.samples.includes(field);
const digits = (phone: string) => phone.replace(/\D/g, '');

const files = (folder: string) => readdirSync(join(process.cwd(), 'src/content', folder)).filter((file) => file.endsWith('.json'));
const sampleProducts = files('products').map((file) => readJson<Product>(`products/${file}`)).filter(({ sample }) => sample);
/** Each sample testimonial's words as each edition shows them (the English where there is no Hindi). */
const sampleQuotes = files('testimonials')
  .filter((file) => readJson<Testimonial>(`testimonials/${file}`).sample)
  .map((file) => {
    const english = readJson<Testimonial>(`testimonials/${file}`).text;
    const hindiFile = join(process.cwd(), 'src/content/hi/testimonials', file);
    return { file, en: english, hi: existsSync(hindiFile) ? readJson<Testimonial>(`hi/testimonials/${file}`).text : english };
  });

const samplePhones = [
  ...(isMarked('phones') ? settings.phones : []),
  ...sampleProducts.flatMap(({ contact }) => (contact.phone ? [contact.phone] : [])),
].map(digits);
const sampleEmails = [
  ...(isMarked('email') ? [settings.email] : []),
  ...sampleProducts.flatMap(({ contact }) => (contact.email ? [contact.email] : [])),
].map((email) => email.toLowerCase());
const sampleWebAddresses = [
  ...(isMarked('social') ? Object.values(settings.social) : []),
  ...(isMarked('documents') ? Object.values(settings.documents) : []),
  ...sampleProducts.flatMap(({ contact }) => (contact.whatsapp ? [contact.whatsapp] : [])),
];
/** The organisation's WhatsApp number while it is a sample: no chat may be opened with it. */
const sampleWhatsApp = isMarked('whatsapp') ? digits(settings.whatsapp) : undefined;
/** The sample documents' host: no link may lead there while they are samples. */
const sampleHosts = isMarked('documents') ? [...new Set(Object.values(settings.documents).map((address) => new URL(address).host))] : [];

/** Why a link `href` would act on a sample, or undefined. */
function sampleTarget(href: string): string | undefined {
  if (href.startsWith('tel:') && samplePhones.includes(digits(href))) return 'a sample phone number';
  if (href.startsWith('mailto:') && sampleEmails.includes(href.slice(7).split('?')[0]!.toLowerCase())) return 'a sample e-mail';
  if (sampleWebAddresses.includes(href)) return 'a sample profile or document';
  if (sampleWhatsApp && href.match(/^https:\/\/(?:api\.)?wa\.me\/(\d+)/)?.[1] === sampleWhatsApp) return 'the sample WhatsApp number';
  if (/^https?:/.test(href) && sampleHosts.includes(new URL(href).host)) return 'the sample documents\' site';
  return undefined;
}

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

function hrefsOf(node: HtmlNode, found: string[] = []): string[] {
  const href = node.nodeName === 'a' ? node.attrs?.find(({ name }) => name === 'href')?.value : undefined;
  if (href !== undefined) found.push(href);
  for (const child of node.childNodes ?? []) hrefsOf(child, found);
  if (node.content) hrefsOf(node.content, found);
  return found;
}

function htmlPages(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

test('no page of either edition links to a sample phone, e-mail, document or social profile', () => {
  const pages = htmlPages();
  expect(pages.filter((file) => file.includes(`${DIST}/hi/`)).length, 'Hindi pages in dist/').toBeGreaterThan(0);
  // The marks this test relies on: without them it would prove nothing.
  expect(samplePhones.length + sampleWebAddresses.length).toBeGreaterThan(0);
  const found = pages.flatMap((file) => {
    // Scripting off, so <noscript> content is parsed as elements: its links count too.
    const hrefs = hrefsOf(parse(readFileSync(file, 'utf8'), { scriptingEnabled: false }) as HtmlNode);
    return hrefs.flatMap((href) => {
      const why = sampleTarget(href);
      return why ? [`${file.slice(DIST.length)}: ${href} (${why})`] : [];
    });
  });
  expect(found).toEqual([]);
});

const EDITIONS = [
  { lang: 'en', home: '/home', t: en },
  { lang: 'hi', home: '/hi/home', t: hi },
] as const;

/** Every link on the page, the drawer's too (opened, once its island wakes). */
async function linksWithDrawer(page: Page, menu: RegExp) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: menu }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  return page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

for (const { lang, home, t } of EDITIONS) {
  test.describe(`on ${home}`, everyChangeIf(lang === 'en'), () => {
    test('every sample quote says it is a sample, in the page\'s language', async ({ page }) => {
      expect(sampleQuotes.length, 'sample testimonials in the content').toBeGreaterThan(0);
      await page.goto(home);
      const teams = page.locator('#teams');
      await expect(teams.getByText(t.sample.quotes)).toBeVisible();
      for (const quote of sampleQuotes) {
        const slide = teams.locator('figure').filter({ hasText: quote[lang] });
        await expect(slide.getByText(t.sample.quote), quote.file).toHaveCount(1);
        await expect(slide.getByText(t.sample.tag, { exact: true }), quote.file).toHaveCount(1);
      }
    });

    test('the states figure says it is a sample, beside the number, while it is marked so', async ({ page }) => {
      await page.goto(home);
      const counter = page.locator('#teams p').filter({ hasText: t.home.statesSuffix }).first();
      if (!isMarked('statesReached')) {
        await expect(counter).not.toContainText(t.sample.figure);
        return;
      }
      await expect(counter.getByText(t.sample.figure)).toBeVisible();
    });

    test('the footer says what will come instead of sample contacts, and leads to the helplines', async ({ page }) => {
      await page.goto(home);
      const footer = page.locator('footer#contact');
      for (const [field, text] of [['phones', t.sample.phones], ['email', t.sample.email], ['social', t.sample.social]]) {
        await expect(footer.getByText(text!), field).toHaveCount(isMarked(field!) ? 1 : 0);
      }
      const help = footer.getByRole('link', { name: t.sample.needHelp }).first();
      await help.click();
      await expect(page).toHaveURL(/#helplines$/);
      await expect(page.getByRole('heading', { name: t.help.helplinesTitle })).toBeInViewport();
    });

    test('with JavaScript, the menu drawer offers no sample profile or document either', WHOLE_RUN, async ({ page }) => {
      await page.goto(home);
      const hrefs = await linksWithDrawer(page, lang === 'en' ? /menu/i : new RegExp(hi.menu.open));
      expect(hrefs.filter((href) => sampleTarget(href))).toEqual([]);
    });
  });
}
