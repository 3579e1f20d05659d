// The editors' /admin/ (docs/admin.md): served with its own policy and none of the visitors',
// never linked, listed or precached; and, with no network at all, an editor changes a story in
// English and in Hindi, corrects a field the schema refuses, and adds a story with its Hindi and
// Gujarati twins; and edits a story's Gujarati beside its English.
// The files the editor wrote are then checked against the schema (tests/unit/content-files.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedWorkingCopy, workingCopyFiles } from './admin-repo';
import { WHOLE_RUN } from './runs';

/** Sveltia wraps names it puts in labels in invisible direction marks: match around them. */
const named = (text: string) => new RegExp([...text].map((letter) => letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\u2068\u2069]*'));

const GUJARATI_LETTERS = /[\u0A80-\u0AFF]/;

/** A policy's directives by name, each with its sources. */
const directives = (policy: string) =>
  new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...sources]) => [name!, sources]));

test.use({ serviceWorkers: 'block' });

test('/admin/ has its own policy, and the site keeps its own everywhere else', async ({ request }) => {
  const admin = await request.get('/admin/');
  expect(admin.status()).toBe(200);
  // One policy: a second one from the site's rules would forbid what the editor needs.
  const policy = admin.headers()['content-security-policy']!;
  expect(policy.split(',')).toHaveLength(1);
  const rules = directives(policy);
  expect(rules.get('script-src')).toEqual(["'self'"]);
  expect(rules.get('style-src')).toContain("'unsafe-inline'");
  expect(rules.get('connect-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.github.com']);
  expect(rules.get('frame-ancestors')).toEqual(["'none'"]);
  const html = await admin.text();
  expect(html).toMatch(/<meta name="robots" content="noindex/);
  expect(html).toContain(`content="${policy.replace(/; frame-ancestors 'none'$/, '')}"`);

  const home = directives((await request.get('/home')).headers()['content-security-policy']!);
  expect(home.get('style-src')).not.toContain("'unsafe-inline'");
  expect(home.get('connect-src')).toEqual(["'self'"]);
});

test('no visitor page, sitemap or precache leads to /admin/', async ({ request }) => {
  for (const path of ['/home', '/hi/home', '/sitemap-0.xml', '/sw.js', '/robots.txt']) {
    expect(await (await request.get(path)).text(), path).not.toMatch(/\/admin\/|sveltia/i);
  }
});

/** Opens the editor on the working copy, as an editor does on her own computer, with no network. */
async function openEditor(page: Page) {
  const outside: string[] = [];
  const violations: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/])/, (route) => {
    outside.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await seedWorkingCopy(page);
  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  // It reads every content file before it lists the collections: slow on a busy machine.
  await expect(page.getByRole('tree', { name: 'Collection List' }).getByRole('treeitem').first()).toBeVisible({ timeout: 60_000 });
  return { outside, violations };
}

/** An editing pane (English, Hindi or Gujarati) of the entry that is open. */
const pane = (page: Page, language: 'English' | 'Hindi' | 'Gujarati') => page.getByRole('group', { name: named(`Edit ${language} Content`) });
const field = (where: Locator, label: string) => where.getByRole('group', { name: named(`“${label}” Field`) });

/** The pane of `language` beside the English one: the editor shows one other language at a time. */
async function showBeside(page: Page, language: 'Hindi' | 'Gujarati') {
  const other = pane(page, language);
  // Each pane has its own switch of languages: the pane beside English comes after it, and so does its switch.
  const choose = page.getByRole('group', { name: 'Content Editor' }).getByRole('radio', { name: language, exact: true }).last();
  // The editor remembers which language was beside English: wait until it has drawn one or the other.
  await expect(other.or(choose).first()).toBeVisible();
  if (!(await other.isVisible())) await choose.click();
  await expect(other).toBeVisible();
  return other;
}
const showHindiBeside = (page: Page) => showBeside(page, 'Hindi');

async function save(page: Page) {
  await page.getByRole('group', { name: 'Content Editor' }).getByRole('button', { name: 'Save', exact: true }).click();
}

/**
 * Saves a new entry and waits until the editor has taken it: it then goes back to the collection's
 * list. If it does not, the fields it refused are named, rather than a file found missing later.
 */
async function saveNewStory(page: Page) {
  await save(page);
  try {
    await expect(page.getByRole('main', { name: named('Stories Collection') })).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    const refused = await page.getByRole('group', { name: /Field/ }).filter({ hasText: /required|invalid/i })
      .evaluateAll((groups) => groups.map((group) => {
        const pane = group.parentElement?.closest('[role="group"][aria-label^="Edit"]')?.getAttribute('aria-label');
        return `${pane ?? 'a pane'}: ${group.getAttribute('aria-label')}`.replace(/[\u2068\u2069]/g, '');
      }));
    throw new Error(`The editor did not save the new story. Fields it refused: ${refused.join('; ') || 'none shown'}.`, { cause: error });
  }
}

/**
 * The working copy as the editor left it, on disk where the schema check reads it: in the test's own
 * folder, since the two editing tests run at once and a shared one was emptied under the other.
 */
async function checkAgainstSchema(page: Page) {
  const root = test.info().outputPath('working-copy');
  rmSync(root, { recursive: true, force: true });
  for (const folder of ['src/content', 'src/assets']) {
    for (const [path, text] of Object.entries(await workingCopyFiles(page, folder))) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  }
  // The same check as the build's, on these files (it prints each refused field with its file).
  execFileSync('npx', ['vitest', 'run', 'tests/unit/content-files.test.ts'], {
    env: { ...process.env, CONTENT_CHECK_ROOT: root },
    stdio: 'pipe',
  });
}

test('the editor lists every collection of the schema', WHOLE_RUN, async ({ page, request }) => {
  const config = await (await request.get('/admin/config.json')).json();
  await openEditor(page);
  const list = page.getByRole('tree', { name: 'Collection List' });
  for (const { label } of config.collections) await expect(list.getByRole('treeitem', { name: label, exact: true })).toBeVisible();
  await list.getByRole('treeitem', { name: 'Stories', exact: true }).click();
  // Stories are in their category folders, as on the site.
  await expect(list.getByRole('treeitem', { name: 'health', exact: true })).toBeVisible();
});

test('with no network, she edits a story in two languages, fixes a refused field and adds a story with its Hindi and Gujarati twins', WHOLE_RUN, async ({ page }) => {
  test.setTimeout(240_000);
  const { outside, violations } = await openEditor(page);
  const list = page.getByRole('tree', { name: 'Collection List' });

  // An existing story, in English and in Hindi side by side.
  await list.getByRole('treeitem', { name: 'Stories', exact: true }).click();
  await list.getByRole('treeitem', { name: 'health', exact: true }).click();
  await page.getByRole('group', { name: 'Entry List' }).getByText('Matilda Kullu').click();
  const english = pane(page, 'English');
  const hindi = await showHindiBeside(page);
  await field(english, 'Summary').getByRole('textbox').fill('ASHA worker who took her village from healers to hospitals');
  await field(hindi, 'Summary').getByRole('textbox').fill('आशा कार्यकर्ता, जो अपने गाँव को अस्पताल तक ले आईं');
  // A wrong field: the editor refuses to save it, says which, and saves once it is right.
  await field(english, 'Image alt').getByRole('textbox').fill('');
  await save(page);
  await expect(field(english, 'Image alt')).toContainText(/required/i);
  await field(english, 'Image alt').getByRole('textbox').fill('Illustrated monogram with the initials M K');
  await save(page);
  // Saving writes the files a moment later: wait for them, on a busy machine too.
  await expect.poll(async () => (await workingCopyFiles(page, 'src/content/stories/health'))['src/content/stories/health/matilda-kullu.md'], { timeout: 30_000 }).toContain(
    'summary: ASHA worker who took her village from healers to hospitals',
  );
  expect((await workingCopyFiles(page, 'src/content/stories/health'))['src/content/stories/health/matilda-kullu.md']).toContain(
    'image: ../../../assets/stories/matilda-kullu.svg',
  );
  const hindiStory = (await workingCopyFiles(page, 'src/content/hi/stories/health'))['src/content/hi/stories/health/matilda-kullu.md'];
  expect(hindiStory).toContain('summary: आशा कार्यकर्ता, जो अपने गाँव को अस्पताल तक ले आईं');
  // A translation carries only the words: the order and the picture stay in the English file.
  expect(hindiStory).not.toMatch(/^(order|image):/m);

  // A new story in the same category (the editor is back at its list once saved), with its Hindi twin and a new picture.
  await page.getByRole('main', { name: named('Stories Collection') }).getByRole('button', { name: 'Create New Entry' }).first().click();
  const newEnglish = pane(page, 'English');
  const newHindi = await showHindiBeside(page);
  await field(newEnglish, 'Name').getByRole('textbox').fill('Asha Devi');
  await field(newEnglish, 'Order').getByRole('spinbutton').fill('9');
  await field(newEnglish, 'Summary').getByRole('textbox').fill('Nurse who opened a night clinic for women in her block');
  await field(newEnglish, 'Image').getByRole('button', { name: 'Browse' }).click();
  const pictures = page.getByRole('dialog', { name: 'Select Image' });
  const chooser = page.waitForEvent('filechooser');
  await pictures.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({
    name: 'asha-devi.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><circle cx="100" cy="100" r="62" fill="#a0185a"/></svg>\n'),
  });
  await pictures.getByRole('button', { name: 'Insert' }).click();
  await field(newEnglish, 'Image alt').getByRole('textbox').fill('Illustration: a dark pink disc');
  await field(newEnglish, 'Text').getByRole('textbox').fill('Asha Devi is a nurse in a village clinic.');
  await field(newHindi, 'Name').getByRole('textbox').fill('आशा देवी');
  await field(newHindi, 'Summary').getByRole('textbox').fill('नर्स, जिन्होंने अपने ब्लॉक में महिलाओं के लिए रात का दवाखाना खोला');
  await field(newHindi, 'Image alt').getByRole('textbox').fill('चित्र: गहरे गुलाबी रंग का गोला');
  await field(newHindi, 'Text').getByRole('textbox').fill('आशा देवी गाँव के दवाखाने में नर्स हैं।');
  // Every edition's words are asked for a new entry: the Gujarati too, in the pane beside English.
  const newGujarati = await showBeside(page, 'Gujarati');
  await field(newGujarati, 'Name').getByRole('textbox').fill('આશા દેવી');
  await field(newGujarati, 'Summary').getByRole('textbox').fill('નર્સ, જેમણે પોતાના તાલુકામાં સ્ત્રીઓ માટે રાતનું દવાખાનું ખોલ્યું');
  await field(newGujarati, 'Image alt').getByRole('textbox').fill('ચિત્ર: ઘેરા ગુલાબી રંગનું ગોળ ટપકું');
  await field(newGujarati, 'Text').getByRole('textbox').fill('આશા દેવી ગામના દવાખાનામાં નર્સ છે.');
  await saveNewStory(page);

  await expect.poll(async () => Object.keys(await workingCopyFiles(page, 'src/content/hi/stories/health')), { timeout: 30_000 }).toContain(
    'src/content/hi/stories/health/asha-devi.md',
  );
  expect((await workingCopyFiles(page, 'src/content/gu/stories/health'))['src/content/gu/stories/health/asha-devi.md']).toContain('name: આશા દેવી');
  const story = (await workingCopyFiles(page, 'src/content/stories/health'))['src/content/stories/health/asha-devi.md']!;
  expect(story).toContain('name: Asha Devi');
  expect(story).toMatch(/^image: \.\.\/\.\.\/\.\.\/assets\/stories\/asha-devi\.svg$/m);
  expect(Object.keys(await workingCopyFiles(page, 'src/assets/stories'))).toContain('src/assets/stories/asha-devi.svg');

  await checkAgainstSchema(page);
  // Nothing left the machine (the policy blocks the update check and the host's status page before
  // any request), and nothing else was blocked: its fonts came from the site.
  expect(outside).toEqual([]);
  expect(violations.filter((text) => !/unpkg\.com|githubstatus\.com/.test(text))).toEqual([]);
  // Its icons are a font: loaded, they show as icons rather than as words.
  await expect.poll(() => page.evaluate(() => [...document.fonts].some((font) => font.family.replaceAll('"', '') === 'Material Symbols Outlined' && font.status === 'loaded'))).toBe(true);
});

test('with no network, she edits a story’s Gujarati beside its English, and its English words stay', WHOLE_RUN, async ({ page }) => {
  test.setTimeout(180_000);
  const { outside } = await openEditor(page);
  const list = page.getByRole('tree', { name: 'Collection List' });
  await list.getByRole('treeitem', { name: 'Stories', exact: true }).click();
  await list.getByRole('treeitem', { name: 'health', exact: true }).click();
  await page.getByRole('group', { name: 'Entry List' }).getByText('Matilda Kullu').click();
  const gujarati = await showBeside(page, 'Gujarati');
  // The Gujarati file's own words, as the editor read them from src/content/gu/.
  await expect(field(gujarati, 'Name').getByRole('textbox')).toHaveValue('મટિલ્ડા કુલ્લુ');
  await field(gujarati, 'Summary').getByRole('textbox').fill('આશા વર્કર, જે પોતાના ગામને ડૉક્ટર અને હોસ્પિટલ સુધી લઈ આવ્યાં');
  await save(page);
  await expect.poll(async () => (await workingCopyFiles(page, 'src/content/gu/stories/health'))['src/content/gu/stories/health/matilda-kullu.md'], { timeout: 30_000 }).toContain(
    'summary: આશા વર્કર, જે પોતાના ગામને ડૉક્ટર અને હોસ્પિટલ સુધી લઈ આવ્યાં',
  );
  const gujaratiStory = (await workingCopyFiles(page, 'src/content/gu/stories/health'))['src/content/gu/stories/health/matilda-kullu.md'];
  // A translation carries only the words: the order and the picture stay in the English file.
  expect(gujaratiStory).not.toMatch(/^(order|image):/m);
  // The English file keeps its own words (the editor writes every language's file of the entry it saves).
  const english = (await workingCopyFiles(page, 'src/content/stories/health'))['src/content/stories/health/matilda-kullu.md']!;
  expect(english).toContain('summary: ASHA worker who led her tribal village from black magic to doctors and hospitals');
  expect(english).not.toMatch(GUJARATI_LETTERS);
  await checkAgainstSchema(page);
  expect(outside).toEqual([]);
});
