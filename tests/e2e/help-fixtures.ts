// What the help and safety tests share (docs/help.md): the helplines and the neutral address from
// the settings file, a local stand-in for the neutral site, and a story to read and share.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { readJson, storyCategoryIds } from './content';

export interface Helpline {
  number: string;
  freeNumber?: string;
  name: string;
  purpose: string;
}

const settings = readJson<{ helplines: Helpline[]; exitAddress?: string; organisation: string }>('settings/site.json');

export const HELPLINES = settings.helplines;
/** docs/design.md: the neutral address defaults to Google's home page. */
export const EXIT_ADDRESS = settings.exitAddress ?? 'https://www.google.com/';
export const ORGANISATION = settings.organisation;
/** The public address the pages name (README, "Deploy": SITE_URL), as the tests' build has it. */
export const SITE_URL = process.env.SITE_URL ?? 'https://stree.example';

const category = storyCategoryIds()[0]!;
const storyFile = firstStory(join(process.cwd(), 'src', 'content', 'stories', category.id));
const storySource = readFileSync(storyFile, 'utf8');
const body = storySource.split(/^---$/m)[2]!.trim();

/** The first story of the first category: where it is, its name, its one address, its text. */
export const STORY = {
  path: `/salaamstree/${encodeURI(category.title)}/0`,
  canonical: new URL(`/salaamstree/${encodeURI(category.title)}/0/`, SITE_URL).href,
  name: storySource.match(/^name:\s*["']?(.+?)["']?\s*$/m)![1]!,
  /** Its first two sentences, as a reader sees them. */
  sentences: body.split(/\n\s*\n/)[0]!.match(/[^.!?]+[.!?]+/g)!.slice(0, 2).map((s) => s.trim()),
};

/** The file of the story a category's page shows first (the lowest order, then the file name). */
function firstStory(dir: string) {
  const order = (file: string) => Number(readFileSync(join(dir, file), 'utf8').match(/^order:\s*(\d+)/m)?.[1]);
  const files = readdirSync(dir).filter((file) => file.endsWith('.md')).sort();
  return join(dir, files.sort((a, b) => order(a) - order(b))[0]!);
}

/** Where `location.replace` and the plain link go: answered here, so no test leaves the machine. */
export const NEUTRAL_PAGES = `${new URL(EXIT_ADDRESS).origin}/**`;

/**
 * Answers the neutral site with a stand-in page, after `hold` resolves (to look at the page being
 * left while the next one loads). Returns the requests it saw.
 */
export async function standInForNeutralSite(page: Page, hold: Promise<unknown> = Promise.resolve()) {
  const requests: Request[] = [];
  await page.route(NEUTRAL_PAGES, async (route) => {
    requests.push(route.request());
    await hold;
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Neutral</title><h1>A neutral page</h1>' });
  });
  return requests;
}
