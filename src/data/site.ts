import { getEntry } from 'astro:content';
import type { Locale } from '../i18n';
import { localise } from './localise';

/** The one site-settings entry (src/content/settings/site.json), in one edition. */
export async function getSettings(locale: Locale) {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('src/content/settings/site.json is missing: the site needs its settings');
  const [localised] = await localise('settings', [entry], locale);
  return localised!.data;
}
