import type { APIRoute } from 'astro';
import { getStrings } from '../i18n';
import { APP_ICONS } from '../build-time/app-icons';
import { withBase } from '../lib/paths';
import { getSettings } from '../data/site';
import { colour } from '../build-time/palette';

/** tokens.css: --green-dark for the browser bar, --white behind the splash Android draws. */
const THEME = colour('green-dark');
const BACKGROUND = colour('white');

export const GET: APIRoute = async () => {
  const settings = await getSettings('en');
  const t = getStrings('en');
  const manifest = {
    name: `${settings.organisation}: ${settings.tagline}`,
    short_name: settings.organisation,
    description: settings.about,
    lang: t.lang,
    // The splash is a three-second pause for first-time visitors; someone opening the saved app goes straight in.
    start_url: withBase('/home'),
    scope: withBase('/'),
    display: 'standalone',
    theme_color: THEME,
    background_color: BACKGROUND,
    icons: Object.entries(APP_ICONS)
      .filter(([name]) => name !== 'apple-touch-icon')
      .map(([name, { size, maskable }]) => ({
        src: withBase(`/icons/${name}.png`),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: maskable ? 'maskable' : 'any',
      })),
  };
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json' } });
};
