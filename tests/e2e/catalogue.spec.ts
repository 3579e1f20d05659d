import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readFolder } from './content';
import { WHOLE_RUN } from './runs';

const PROFILES = join(process.cwd(), 'src', 'content', 'profiles');
const categories = readFolder<{ title: string; order: number }>('profile-categories').sort((a, b) => a.order - b.order);
const profileFiles = readdirSync(PROFILES, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md'));
const nameOf = (file: string) => readFileSync(join(PROFILES, file), 'utf8').match(/^name:\s*["']?(.+?)["']?\s*$/m)![1]!;

test('/inspiring-women/ lists every profile under its category, with links to each category', async ({ page }) => {
  await page.goto('/inspiring-women/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inspiring Women');
  const jump = page.getByRole('navigation', { name: 'Categories' });
  for (const { title } of categories) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(jump.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.locator('main section').getByRole('listitem').getByRole('link')).toHaveCount(profileFiles.length);
});

test('a category link jumps to its section', WHOLE_RUN, async ({ page }) => {
  await page.goto('/inspiring-women/');
  const last = categories.at(-1)!;
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: last.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: last.title, exact: true })).toBeInViewport();
});

test('each profile has her own page, reached from the catalogue', WHOLE_RUN, async ({ page, request }) => {
  await page.goto('/inspiring-women/');
  const hrefs = await page.locator('main section').getByRole('listitem').getByRole('link').evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')!),
  );
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  const name = nameOf(profileFiles[0]!);
  await page.getByRole('link', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('main').getByRole('img')).toHaveAttribute('alt', /.+/);
});
