// The story form as the e2e tests meet it: found by its Submit button and its labels
// (docs/design.md, "Interface contract"), and hydrated only when a test means "after hydration".
import { expect, type Page } from '@playwright/test';
import { islandHydrated } from './hydrate';

export const CONSENT = "I'd like to publish my story on the STREE platform.";
export const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'Line one\nLine two' };

export const storyForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit' }) });
export const field = (page: Page, label: string) => storyForm(page).getByLabel(label, { exact: true });

/**
 * Waits until the form's island has hydrated: Astro drops `ssr` from it then. The server's HTML
 * already shows an empty, idle form, so a check made before this passes on the HTML alone.
 */
export async function formHydrated(page: Page) {
  await storyForm(page).scrollIntoViewIfNeeded();
  await islandHydrated(storyForm(page));
}

/**
 * Waits until the snackbar's island has hydrated: it wakes with the form's island, or with a
 * first message (src/browser/hydrate-on-message.ts). Before then a message written to the store
 * would show only once React arrives, and a test's fake clock would stop it arriving.
 */
export async function snackbarHydrated(page: Page) {
  await formHydrated(page);
  await expect(page.locator('astro-island[client="message"]')).toHaveCount(1);
  await expect(page.locator('astro-island[client="message"][ssr]')).toHaveCount(0, { timeout: 0 });
}

/** Fills Name, Phone and Story (and ticks consent) as she would. */
export async function fillStory(page: Page, values: Partial<typeof STORY> = {}) {
  const story = { ...STORY, ...values };
  await field(page, 'Name').fill(story.Name);
  await field(page, 'Phone').fill(story.Phone);
  await field(page, 'Story').fill(story.Story);
  await field(page, CONSENT).check();
  return story;
}

/** The first visit: the page loads, and the service worker installs and takes control of it. */
export async function visitOnline(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
}

/** Stories waiting in workbox-background-sync's IndexedDB store (0 when it was never made). */
export function keptInWorker(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('requests')) return resolve(0);
          const count = open.result.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}
