import { expect, test } from '@playwright/test';
import { everyChangeIf } from './runs';

const SECTIONS = [
  ['home', 'Home'],
  ['about', 'About Us'],
  ['focus', 'Our Focus'],
  ['teams', 'Teams'],
  ['salaamstree', 'Salaam Stree'],
  ['contact', 'Contact'],
] as const; // specification §2 and docs/design.md's interface contract

test('every section id is on /home, in the spec order', async ({ page }) => {
  await page.goto('/home');
  const ids = await page.locator(SECTIONS.map(([id]) => `#${id}`).join(', ')).evaluateAll((nodes) =>
    nodes.map((node) => node.id),
  );
  expect(ids).toEqual(SECTIONS.map(([id]) => id));
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, everyChangeIf(width === 360), () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    test('each section link brings its section into view below the header and the help bar', async ({ page }) => {
      await page.goto('/home');
      const helpBar = page.getByRole('navigation', { name: 'Help and safety' });
      for (const [id, label] of SECTIONS) {
        if (width < 900) {
          await page.getByRole('button', { name: /menu/i }).click();
          await page.getByRole('dialog').getByRole('link', { name: label, exact: true }).click();
        } else {
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
        }
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        const section = page.locator(`#${id}`);
        await expect(section).toBeInViewport();
        // Polled: the page scrolls smoothly unless she asked for less motion.
        await expect
          .poll(async () => {
            const bar = await helpBar.boundingBox();
            const top = (await section.boundingBox())?.y ?? -1;
            return top - ((bar?.y ?? 0) + (bar?.height ?? 0));
          }, { message: `#${id} starts below the help bar` })
          .toBeGreaterThanOrEqual(-1);
      }
    });
  });
}

test('/home reads without JavaScript: headings of every section are there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/home');
  for (const name of ['What We Do:', 'Our Focus', 'Teams', 'Salaam Stree', 'Share your Stories']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeAttached();
  }
  // The menu control is a link to the footer's list of links until JavaScript runs.
  await page.getByRole('link', { name: /menu/i }).click();
  await expect(page.getByRole('navigation', { name: 'On this site' })).toBeInViewport();
  await context.close();
});
