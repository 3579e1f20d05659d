// What the story form and the service worker agree on when a story cannot be sent at once
// (README, "Offline"). Pure constants and helpers: the page and the worker both import them.

/** Where the form keeps her draft and a submitted story not yet confirmed (src/story-outbox/draft.ts). */
export const DRAFT_KEY = 'stree:story-draft';

/** The inbox saves each key once (server/inbox.js), so a story sent twice is saved once. */
export const KEY_HEADER = 'Idempotency-Key';
/** Set only by our service worker, on the answer it gives when it kept a story to send later. */
export const QUEUED_HEADER = 'X-Stree-Queued';
/** Posted by the service worker to open pages once it has sent a kept story. */
export const SENT_MESSAGE = 'stree:story-sent';
/** Dispatched on `window` once a kept story went out, whoever sent it. */
export const SENT_EVENT = 'stree:story-sent';

/** A fresh key for one story: random, so nothing about the visitor is in it. */
export function newStoryKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on https and localhost; a site opened over plain http still needs keys.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
