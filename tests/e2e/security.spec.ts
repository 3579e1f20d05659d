// Pages run under the Content-Security-Policy and headers that get deployed (server/static-site.js
// sends dist/_headers), break none of its rules, and an injected script stays dead.
import { expect, test, type Page } from '@playwright/test';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES, VIEWPORTS } from './page-types';
import { everyChangeIf } from './runs';

const VIDEO_HOST = 'https://www.youtube-nocookie.com'; // docs/design.md: the video provider's no-cookie host

/** Collects every policy violation, console error and uncaught exception of `page`. */
async function watchForErrors(page: Page, { expectNotFound = false } = {}) {
  const errors: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => errors.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation(`CSP ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sample})`);
    });
  });
  page.on('console', (message) => {
    // A failed load is reported below with its address, which the console message lacks.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    const isNotFoundPage = response.request().isNavigationRequest() && response.status() === 404;
    if (response.status() >= 400 && !(expectNotFound && isNotFoundPage)) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

/** A policy's directives by name, each with its sources. */
function directives(policy: string) {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...sources]) => [name!, sources]));
}

for (const viewport of VIEWPORTS) {
  test.describe(`under the policy at ${viewport.width} px`, everyChangeIf(viewport.width === 360), () => {
    test.use({ viewport });

    // At a laptop's width only /home, for its header links: every page's scripts are the same.
    for (const { name, path } of viewport.width > 360 ? PAGE_TYPES.filter((type) => type.name === 'home') : PAGE_TYPES) {
      test(`the ${name} page hydrates with no policy violation and no console error`, everyChangeIf(name === 'home' || name === 'story'), async ({ page }) => {
        const errors = await watchForErrors(page, { expectNotFound: name === 'not found' });
        if (path === '/') {
          await page.clock.install();
          await page.goto(path);
          await page.clock.runFor(3100); // through the redirect, which must break no rule either
          await expect(page).toHaveURL(/\/home$/);
          expect(errors).toEqual([]);
          return;
        }
        await page.goto(path);
        await hydrateEveryIsland(page);
        if (viewport.width < 900) {
          await page.getByRole('button', { name: /menu/i }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        }
        expect(errors).toEqual([]);
      });
    }
  });
}

test('every page type answers with the security headers', async ({ request }) => {
  for (const { name, path } of PAGE_TYPES) {
    const response = await request.get(path);
    const headers = response.headers();
    // The site's policy header goes path by path, to leave the editors' /admin/ its own (docs/admin.md):
    // an address no file answers gets the 404 page's <meta> policy, and X-Frame-Options for framing.
    const isUnknownAddress = name === 'not found';
    const sent = isUnknownAddress ? (await response.text()).match(/<meta http-equiv="content-security-policy" content="([^"]*)"/)?.[1]?.replaceAll('&#39;', "'") : headers['content-security-policy'];
    const policy = directives(sent ?? '');
    if (isUnknownAddress) expect(headers['x-frame-options'], path).toBe('DENY');
    else expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(policy.get('script-src'), path).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src'), path).toEqual(["'none'"]);
    expect(policy.get('frame-src'), path).toEqual([VIDEO_HOST]);
    expect(policy.get('connect-src'), path).toEqual(["'self'"]); // no PUBLIC_STORY_ENDPOINT in this build
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toMatch(/^(strict-origin|strict-origin-when-cross-origin|no-referrer|same-origin)$/);
    // A dictionary: a key given twice keeps its last value (RFC 8941), as the browser reads it.
    const permissions = Object.fromEntries(headers['permissions-policy']!.split(',').map((member) => member.trim().split('=')));
    for (const feature of ['camera', 'geolocation']) expect(permissions[feature], path).toBe('()');
    // Only where the story form is may the site itself record (tests/e2e/voice-permissions.spec.ts).
    expect(permissions.microphone, path).toBe(name === 'home' || name === 'story' ? '(self)' : '()');
  }
});

test('every page carries its policy in a <meta> before any script, style or stylesheet', async ({ request }) => {
  for (const { path } of PAGE_TYPES) {
    const html = await (await request.get(path)).text();
    const meta = html.search(/<meta http-equiv="content-security-policy"/i);
    expect(meta, path).toBeGreaterThan(0);
    // A policy in a <meta> governs only what comes after it.
    const firstCode = html.search(/<script|<style|<link[^>]*rel="stylesheet"/i);
    expect(meta, path).toBeLessThan(firstCode);
  }
});

test('a script injected into a page does not run', async ({ page }) => {
  const errors = await watchForErrors(page);
  // As if a story's text had slipped into the page as markup.
  await page.route('**/home', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</main>', '<script>document.title = "injected"</script></main>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/home');
  await expect(page).not.toHaveTitle('injected');
  // Reported once for the header's policy and once for the <meta>'s.
  await expect.poll(() => errors.filter((e) => e.startsWith('CSP script-src')).length).toBeGreaterThan(0);
});
