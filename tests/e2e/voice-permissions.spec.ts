// The microphone is the site's own only where she can tell her story (README, "Security headers"):
// the pages with the story form. Everywhere else the Permissions-Policy header refuses it, so no
// script on those pages, ours or one slipped in, can listen. Asked of Chromium itself, with its
// fake microphone (the voice project), under the headers `npm start` reads from dist/_headers.
import { expect, test, type Page } from '@playwright/test';
import { PAGE_TYPES } from './page-types';
import { everyChangeIf } from './runs';

const pathOf = (name: (typeof PAGE_TYPES)[number]['name']) => PAGE_TYPES.find((type) => type.name === name)!.path;

/** What the page may do with the microphone: the policy's answer, and what asking for it gives. */
function microphone(page: Page) {
  return page.evaluate(async () => {
    const policy = (document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
    let got: string;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      got = stream.getAudioTracks().map((track) => track.readyState).join() || 'no track';
      for (const track of stream.getTracks()) track.stop();
    } catch (error) {
      got = (error as DOMException).name;
    }
    return { allowed: policy?.allowsFeature('microphone'), got };
  });
}

for (const path of [pathOf('home'), '/hi/home', pathOf('story'), `/hi${pathOf('story')}/`]) {
  test(`the story form's page ${decodeURI(path)} may use the microphone`, everyChangeIf(path === pathOf('home')), async ({ page }) => {
    await page.goto(path);
    expect(await microphone(page)).toEqual({ allowed: true, got: 'live' });
  });
}

for (const name of ['stay safe', 'story category', 'profile', 'splash'] as const) {
  test(`the ${name} page may not use the microphone`, everyChangeIf(name === 'stay safe'), async ({ page }) => {
    await page.goto(pathOf(name));
    expect(await microphone(page)).toEqual({ allowed: false, got: 'NotAllowedError' });
  });
}
