import { expect, test } from '@playwright/test';
import { readFolder } from './content';
import { WHOLE_RUN } from './runs';

interface Product {
  name: string;
  village: string;
  district: string;
  state: string;
  priceRupees: number;
  sample?: boolean;
  contact: { phone?: string; whatsapp?: string; email?: string };
}
const products = readFolder<Product>('products');
const ORDERS_OPEN = 'Orders open when the group sends its own number.';

test('/handmade/ lists every product with its makers, place, price and how to order', async ({ page }) => {
  await page.goto('/handmade/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Handmade Goods');
  for (const product of products) {
    const card = page.getByRole('article', { name: product.name });
    await expect(card).toContainText(`${product.village}, ${product.district}, ${product.state}`);
    await expect(card).toContainText(`₹${product.priceRupees.toLocaleString('en-IN')}`);
    // A sample listing's contact is no link (docs/design.md, "Nothing sample passes as real").
    if (product.sample) {
      await expect(card.getByText(ORDERS_OPEN)).toBeVisible();
      await expect(card.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
      continue;
    }
    if (product.contact.phone) await expect(card.locator(`a[href^="tel:"]`)).toBeVisible();
    if (product.contact.email) await expect(card.locator(`a[href^="mailto:${product.contact.email}"]`)).toBeVisible();
  }
});

test('the page says the listings are samples exactly while some are', WHOLE_RUN, async ({ page }) => {
  await page.goto('/handmade/');
  const notice = page.getByRole('note').filter({ hasText: 'samples' });
  await expect(notice).toHaveCount(products.some((p) => p.sample) ? 1 : 0);
});

test('the drawer and the footer link to the handmade goods', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/home');
  await expect(page.locator('footer').getByRole('link', { name: 'Handmade Goods' })).toHaveAttribute('href', '/handmade/');
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Handmade Goods' }).click();
  await expect(page).toHaveURL(/\/handmade\/$/);
});
