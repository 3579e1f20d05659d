// One address of every kind of page the site has (docs/design.md, "Routes"), from the content files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { storyCategories } from './content';

const firstProfile = () => {
  const dir = join(process.cwd(), 'src', 'content', 'profiles');
  const folder = readdirSync(dir).sort()[0]!;
  return readdirSync(join(dir, folder)).sort()[0]!.replace(/\.md$/, '');
};

const category = storyCategories()[0]!.title;

/** Name for the test title, and the address to open. */
export const PAGE_TYPES = [
  { name: 'splash', path: '/' },
  { name: 'home', path: '/home' },
  // encodeURI, as the site's links do: a static host does not decode %26 back to & (src/lib/paths.ts).
  { name: 'story', path: `/salaamstree/${encodeURI(category)}/0` },
  { name: 'story category', path: `/salaamstree/${encodeURI(category)}/` },
  { name: 'inspiring women', path: '/inspiring-women/' },
  { name: 'profile', path: `/inspiring-women/${firstProfile()}/` },
  { name: 'handmade', path: '/handmade/' },
  { name: 'stay safe', path: '/stay-safe/' },
  { name: 'not found', path: '/no/such/page' },
] as const;

/** The two widths every page is checked at: a cheap phone and a laptop. */
export const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;
