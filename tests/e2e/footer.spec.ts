import { expect, test } from '@playwright/test';
import { settings } from './content';
import { WHOLE_RUN } from './runs';

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
});

// A field still marked as a sample is no link (docs/design.md, "Nothing sample passes as real"):
// samples.spec.ts covers what shows instead.
const isReal = (field: string) => !settings.samples.includes(field);

test('the footer gives the registered office, and the e-mail and two phone numbers once they are real', async ({ page }) => {
  const footer = page.locator('footer#contact');
  const { city, state, country } = settings.office;
  await expect(footer.locator('address')).toContainText(`${city}, ${state}, ${country}`);
  await expect(footer.getByRole('link', { name: settings.email })).toHaveCount(isReal('email') ? 1 : 0);
  if (isReal('email')) await expect(footer.getByRole('link', { name: settings.email })).toHaveAttribute('href', `mailto:${settings.email}`);
  for (const phone of settings.phones) {
    await expect(footer.getByRole('link', { name: phone })).toHaveCount(isReal('phones') ? 1 : 0);
    if (isReal('phones')) await expect(footer.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replaceAll(' ', '')}`);
  }
  await expect(footer).toContainText(settings.about);
});

test('the footer shows the copyright year and Terms & Conditions as plain text', WHOLE_RUN, async ({ page }) => {
  const footer = page.locator('footer#contact');
  await expect(footer).toContainText(`© ${settings.copyrightYear}`);
  await expect(footer.getByText('Terms & Conditions')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveCount(0);
});

test('social links, once real, open in a new tab without opener or referrer', WHOLE_RUN, async ({ page }) => {
  const footer = page.locator('footer#contact');
  for (const href of Object.values(settings.social)) {
    const link = footer.locator(`a[href="${href}"]`);
    await expect(link).toHaveCount(isReal('social') ? 1 : 0);
    if (!isReal('social')) continue;
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /(?=.*noopener)(?=.*noreferrer)/);
  }
});

test('every link that opens a new tab on /home has noopener and noreferrer', WHOLE_RUN, async ({ page }) => {
  const rels = await page.locator('a[target="_blank"]').evaluateAll((links) => links.map((a) => a.getAttribute('rel') ?? ''));
  expect(rels.length).toBeGreaterThan(0);
  for (const rel of rels) expect(rel.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
});

test('the footer links lead to the home, about, focus and Salaam Stree sections', async ({ page }) => {
  const links = page.getByRole('navigation', { name: 'On this site' });
  for (const [name, id] of [['Home', 'home'], ['About Us', 'about'], ['Our Focus', 'focus'], ['Salaam Stree', 'salaamstree']]) {
    await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute('href', `#${id}`);
  }
});
