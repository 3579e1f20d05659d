import { getEntry } from 'astro:content';
import type { Locale } from '../i18n';
import { localise } from './localise';

async function readSettings(locale: Locale) {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('src/content/settings/site.json is missing: the site needs its settings');
  const [localised] = await localise('settings', [entry], locale);
  return localised!.data;
}

// The head, header, footer, form and help bar of every page each ask for the settings: a build
// reads them once per edition. Not `astro dev`, where an editor's change shows at the next request.
const builtSettings = new Map<Locale, ReturnType<typeof readSettings>>();

/** The one site-settings entry (src/content/settings/site.json), in one edition. */
export function getSettings(locale: Locale) {
  if (!import.meta.env.PROD) return readSettings(locale);
  let settings = builtSettings.get(locale);
  if (!settings) builtSettings.set(locale, (settings = readSettings(locale)));
  return settings;
}
