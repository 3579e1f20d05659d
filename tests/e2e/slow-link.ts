// What the 2G specs share (tests/e2e/*-2g.spec.ts): each test's browser context sends everything
// through its own throttling proxy (./throttle-proxy.ts), unshaped until the test turns it into 2G;
// her story chosen in the form as a phone that cannot record offers it; the recording the phone
// keeps, read back to compare with what arrived; and what went up the link, request by request,
// to count the parts sent and the bytes they cost.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { expect, test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { PART, RECORDING_PART_BYTES, partsOf } from '../../src/story-outbox/recording.js';
import { ANSWER_HOST, SCRIPT_HOST } from '../apps-script/stand-in';
import { visitOnline } from './story-form-page';
import { TWO_G, startThrottleProxy, type ProxiedRequest, type Route, type ThrottleProxy } from './throttle-proxy';
import { audioSeconds } from './fake-microphone';
import { storyAsKept } from './long-speech';
import { RECORDINGS_CACHE, WORDS, fillPhoneAndConsent, formHydrated, keptRecordings, newPhone, storyForm } from './voice-page';

export const test = base.extend<{ link: ThrottleProxy }, { linkRoutes: Record<string, Route> }>({
  /** Names the proxy serves from another port of this machine (Google's, for the Apps Script stand-in). */
  linkRoutes: [{}, { option: true, scope: 'worker' }],
  link: async ({ linkRoutes }, use, testInfo) => {
    const link = await startThrottleProxy({ routes: linkRoutes });
    await use(link);
    await link.close();
    // A failed test shows what crossed the link, request by request.
    if (testInfo.status !== testInfo.expectedStatus) {
      writeFileSync(testInfo.outputPath('link.txt'), linkLog(link));
      await testInfo.attach('link.txt', { path: testInfo.outputPath('link.txt'), contentType: 'text/plain' });
    }
  },
  // Playwright adds `<-loopback>` to the bypass list: localhost goes through the proxy too.
  proxy: async ({ link }, use) => use({ server: link.server }),
  context: async ({ context }, use) => {
    await withoutRecorder(context);
    await use(context);
  },
});

/**
 * A phone whose browser cannot record (no MediaRecorder, as on a JioPhone-class phone): the form
 * offers its file input instead of Record (src/islands/StoryFormVoice.tsx).
 */
export const withoutRecorder = (context: BrowserContext) => context.addInitScript(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder);

/**
 * She chooses the first `seconds` of her story in the form (./long-speech.ts, `storyAsKept`), and
 * waits until her phone keeps it. Returns its length as ffprobe decodes it.
 */
export async function chooseStory(page: Page, seconds: number, testInfo: TestInfo) {
  const file = storyAsKept(testInfo.outputPath(`story-${seconds}s.ogg`), seconds);
  await storyForm(page).getByLabel(en.form.recordingFile, { exact: true }).setInputFiles(file);
  await expect.poll(() => keptRecordings(page), { timeout: 0 }).toBe(1);
  return audioSeconds(file);
}

export { expect };

/** Google's two names, served by the stand-in on `port`. */
export const googleRoutes = (port: number): Record<string, Route> => ({
  [`${SCRIPT_HOST}:443`]: { host: '127.0.0.1', port },
  [`${ANSWER_HOST}:443`]: { host: '127.0.0.1', port },
});

/** A port no one listens on now, for a server only the proxy needs to find. */
export async function freePort() {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The one recording the phone keeps in Cache Storage: its type, size and SHA-256, to compare with what arrives. */
export async function phoneRecording(page: Page) {
  const kept = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (keys.length !== 1) throw new Error(`The phone keeps ${keys.length} recordings`);
    const blob = await (await cache.match(keys[0]!))!.blob();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
    return { type: blob.type, size: blob.size, sha256: [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('') };
  }, RECORDINGS_CACHE);
  return kept;
}

/**
 * The base64 characters of part `index` of a recording of `size` bytes: what its body carries
 * besides a few dozen bytes of JSON. Every part but the last holds RECORDING_PART_BYTES.
 */
export function partBase64Bytes(size: number, index: number) {
  const bytes = Math.min(RECORDING_PART_BYTES, size - index * RECORDING_PART_BYTES);
  return Math.ceil(bytes / 3) * 4;
}

/**
 * Which part a request to the collector carried, from the start of its body (the part's index
 * comes before its data, so a request the drop cut still names it); undefined for the story.
 */
export function partIndexOf(request: ProxiedRequest) {
  const start = Buffer.concat(request.body).subarray(0, 200).toString('latin1');
  const match = start.match(new RegExp(`"${PART}"\\s*:\\s*\\{[^}]*?"index"\\s*:\\s*(\\d+)`));
  return match ? Number(match[1]) : undefined;
}

/** The POSTs that went up to the collector at `url` (its path and host; the query, the key, may vary). */
export const postsTo = (link: ThrottleProxy, url: string) =>
  link.requests.filter((request) => request.method === 'POST' && request.url.split('?')[0] === url);

/** What went up to the collector: each part's sends, the stories (announcements), and their bytes. */
export function uplinkTally(link: ThrottleProxy, url: string) {
  const posts = postsTo(link, url);
  const sends = new Map<number, number>();
  for (const post of posts) {
    const index = partIndexOf(post);
    if (index !== undefined) sends.set(index, (sends.get(index) ?? 0) + 1);
  }
  const partPosts = posts.filter((post) => partIndexOf(post) !== undefined);
  return {
    /** How many times each part's request was started, by index. */
    sends,
    /** Parts whose request was started more than once. */
    resent: [...sends].filter(([, times]) => times > 1).map(([index]) => index),
    stories: posts.length - partPosts.length,
    partPosts: partPosts.length,
    bodyBytes: posts.reduce((sum, post) => sum + post.bodyBytes, 0),
    cut: posts.filter((post) => post.cut).length,
  };
}

/** Each request that crossed the link: what it was, how much of its body went up, and how it ended. */
export function linkLog(link: ThrottleProxy) {
  return link.requests.map((request) => {
    const part = partIndexOf(request);
    const what = part === undefined ? '' : ` part ${part}`;
    const end = request.cut ? 'cut' : request.answered ? `answered ${request.status}` : request.status ? `answering ${request.status}` : 'open';
    return `${request.id} ${request.method} ${request.url}${what}: ${request.bodyBytes} bytes up, ${end}`;
  }).join('\n');
}

/** Notes a measured number where the report shows it (an annotation) and in the run's output. */
export function measured(testInfo: TestInfo, what: Record<string, unknown>) {
  const description = Object.entries(what).map(([name, value]) => `${name}: ${value}`).join(', ');
  testInfo.annotations.push({ type: 'measured', description });
  console.log(`[${testInfo.title}] ${description}`);
}

/**
 * The signal goes, as a phone loses it: the browser is told it has no network (Android tells
 * Chrome), and what was on its way is cut where it was. Told first, so the page and its worker
 * see "offline" rather than a collector that answers nothing.
 */
export async function loseSignal(page: Page, link: ThrottleProxy) {
  await page.context().setOffline(true);
  link.drop();
}

/** The signal comes back: connections go through again, and the browser knows it is online. */
export async function signalBack(page: Page, link: ThrottleProxy) {
  link.up();
  await page.context().setOffline(false);
}

/**
 * The story, told and sent as she would over 2G that drops: the page at `url` (its service
 * worker installed while the link was fast), `seconds` of her story chosen in the form, her phone
 * number, then the link turned to 2G and Submit. Halfway through the part in the middle of the
 * recording the signal goes; it comes back once she is told the story is kept on her phone. Ends
 * when she is told it was sent. Returns what the phone kept and how long it took.
 */
export async function tellOver2GThatDrops(page: Page, link: ThrottleProxy, testInfo: TestInfo, { url, collector, seconds }: { url: string; collector: string; seconds: number }) {
  const phone = newPhone();
  const { length, recorded } = await test.step(`she chooses her ${seconds} s story in the form`, async () => {
    await visitOnline(page, url);
    await formHydrated(page);
    const length = await chooseStory(page, seconds, testInfo);
    await fillPhoneAndConsent(page, WORDS.en, phone);
    return { length, recorded: await phoneRecording(page) };
  });
  const parts = partsOf(recorded.size);
  const middle = Math.floor(parts / 2);

  link.resetCounts();
  link.shape(TWO_G);
  const started = performance.now();
  await storyForm(page).getByRole('button', { name: WORDS.en.submit, exact: true }).click();
  await test.step(`the signal goes halfway through part ${middle} of ${parts}`, async () => {
    await link.until(() => postsTo(link, collector).find((post) => partIndexOf(post) === middle && post.bodyBytes >= partBase64Bytes(recorded.size, middle) / 2));
    await loseSignal(page, link);
  });
  await test.step('she is told her story is kept on her phone, and the signal comes back', async () => {
    await expect(storyForm(page).getByRole('status').filter({ hasText: en.form.queued })).toBeVisible({ timeout: 0 });
    await signalBack(page, link);
  });
  await test.step('she is told it was sent', async () => {
    await expect(storyForm(page).getByRole('status').filter({ hasText: en.form.sentLater })).toBeVisible({ timeout: 0 });
  });
  const secondsToSent = (performance.now() - started) / 1000;
  // Sent: nothing of it is left on the phone.
  await expect.poll(() => keptRecordings(page), { timeout: 0 }).toBe(0);
  return { phone, length, recorded, parts, secondsToSent };
}

/**
 * What went up the link to `collector`, checked as the issue asks: every part, at most one of them
 * twice and none three times, one drop; and noted with the bytes it cost.
 */
export function expectAtMostOnePartSentTwice(link: ThrottleProxy, collector: string, testInfo: TestInfo, story: { length: number; recorded: { size: number }; parts: number; secondsToSent: number }) {
  const tally = uplinkTally(link, collector);
  measured(testInfo, {
    recordedSeconds: story.length,
    recordingBytes: story.recorded.size,
    parts: story.parts,
    partRequests: tally.partPosts,
    partsResent: tally.resent.join(' ') || 'none',
    storyRequests: tally.stories,
    bodyBytesUp: tally.bodyBytes,
    linkBytesUp: link.bytesUp(),
    linkBytesDown: link.bytesDown(),
    drops: link.drops(),
    secondsFromSubmitToSent: story.secondsToSent.toFixed(1),
  });
  expect([...tally.sends.keys()].sort((a, b) => a - b), 'every part went up').toEqual([...Array(story.parts).keys()]);
  expect(tally.resent.length, `parts sent twice: ${tally.resent}`).toBeLessThanOrEqual(1);
  expect(Math.max(...tally.sends.values()), 'no part three times').toBeLessThanOrEqual(2);
  expect(link.drops()).toBe(1);
}
