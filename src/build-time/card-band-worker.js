// The thread that draws share cards' bands (card-band-drawer.ts): each SVG to pixels with sharp,
// then to a packed band (card-band.js). On the build's main thread this work kept Astro from
// rendering pages, and the pixels' buffers made it collect the whole build's heap again and again
// (docs/decisions.md, "A cold build of a large site").
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { packBand } from './card-band.js';

parentPort.on('message', async ({ id, svg, width, palette }) => {
  try {
    const pixels = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
    parentPort.postMessage({ id, band: packBand(pixels, width, palette) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
