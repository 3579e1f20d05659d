import { getEntry } from 'astro:content';

/** The one site-settings entry (src/content/settings/site.json). */
export async function getSettings() {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('src/content/settings/site.json is missing: the site needs its settings');
  return entry.data;
}
