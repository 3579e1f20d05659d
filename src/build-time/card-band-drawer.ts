// Share cards' bands are drawn on a thread of their own (card-band-worker.js), so that Astro renders
// pages on the main thread meanwhile (cards-among-pages.ts puts the cards among the pages).
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PackedBand } from './card-band.js';
import type { Rgb } from './card-palette';

/**
 * Set by the project's integration to the drawing thread's file: the build bundles this module
 * into its pages' code, away from the file beside it.
 */
export const CARD_BAND_WORKER_ENV = 'STREE_CARD_BAND_WORKER';
// Beside this module, where it runs unbundled (tests, scripts).
const WORKER_BESIDE = new URL('./card-band-worker.js', import.meta.url);

type Waiting = { resolve: (band: PackedBand) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error) {
  worker = undefined;
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

function drawingThread(): Worker {
  if (worker) return worker;
  const started = new Worker(process.env[CARD_BAND_WORKER_ENV] || fileURLToPath(WORKER_BESIDE));
  started.on('message', ({ id, band, error }: { id: number; band?: PackedBand; error?: string }) => {
    const request = waiting.get(id);
    if (!request) return;
    waiting.delete(id);
    // Idle, the thread must not keep the build's process alive; busy, it must, or Node would end
    // a build whose every page waits on a card here (exit code 0, half the site written).
    if (waiting.size === 0) started.unref();
    if (error !== undefined) request.reject(new Error(`a share card's band could not be drawn: ${error}`));
    else request.resolve(band!);
  });
  started.on('error', failAll);
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`the share cards' drawing thread stopped (exit ${code})`));
  });
  worker = started;
  return started;
}

/** `svg`, `width` pixels wide, drawn and packed in the palette `palette`. */
export function drawBand(svg: string, width: number, palette: readonly Rgb[]): Promise<PackedBand> {
  const thread = drawingThread();
  const id = nextId++;
  return new Promise<PackedBand>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, svg, width, palette });
  });
}
