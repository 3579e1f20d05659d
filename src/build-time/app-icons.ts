// Home-screen icons for the web app manifest, drawn from the favicon: no separate artwork to keep
// in step with the logo.
import sharp from 'sharp';
import favicon from '../../public/favicon.svg?raw';
import { colour } from './palette';

/** Sizes Android and iOS ask for; `maskable` icons keep the mark inside the 80 % safe circle. */
export const APP_ICONS = {
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  'maskable-512': { size: 512, maskable: true },
  // iOS fills transparent corners with black, so it gets the padded, opaque form too.
  'apple-touch-icon': { size: 180, maskable: true },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

/** The favicon's white tile; maskable icons are cut to any shape, so they need an opaque one. */
const WHITE = colour('white');
const SAFE_ZONE = 0.7;

/** One icon as PNG. */
export async function renderAppIcon(name: AppIconName): Promise<Uint8Array> {
  const { size, maskable } = APP_ICONS[name];
  const svg = Buffer.from(favicon);
  if (!maskable) return new Uint8Array(await sharp(svg).resize(size, size).png().toBuffer());
  const inner = Math.round(size * SAFE_ZONE);
  const pad = Math.floor((size - inner) / 2);
  const mark = await sharp(svg).resize(inner, inner).flatten({ background: WHITE }).png().toBuffer();
  const png = await sharp(mark)
    .extend({ top: pad, left: pad, bottom: size - inner - pad, right: size - inner - pad, background: WHITE })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}
