// What the story form, the kept-story sender, the service worker and the inbox agree on
// (docs/stories.md). Pure constants and helpers: the page, the worker and Node all import them.

/** Where the form keeps her draft and a submitted story not yet confirmed (src/story-outbox/draft.ts). */
export const DRAFT_KEY = 'stree:story-draft';

/** The inbox saves each key once (server/inbox.js), so a story sent twice is saved once. */
export const KEY_HEADER = 'Idempotency-Key';
/**
 * The same key, for a collector on another origin: a custom header would cost a CORS preflight,
 * which Google Apps Script never answers (docs/stories.md, "How a story leaves the phone").
 */
export const KEY_PARAM = 'key';
/** On the form's action: the language a plain form post is answered in (POST keys stay English). */
export const LANG_PARAM = 'lang';

/**
 * Set only by our service worker, on the answer it gives when it kept a story to send later: `1`
 * for a lost connection, `unconfirmed` for an answer the browser would not let the page read
 * (Google's quota or error page has no CORS header), which the worker tries again later.
 */
export const QUEUED_HEADER = 'X-Stree-Queued';

/**
 * Set only by our service worker when the browser refused the request (CORS, policy, a bad
 * address) while the collector was reachable: no connection would ever carry it, so it is not kept.
 */
export const BLOCKED_HEADER = 'X-Stree-Blocked';
/*
 * Two kinds of signal, never to be taken one for the other, so no two share a value. A *_MESSAGE
 * crosses from the service worker to a page, and may cross deploys: the worker of the last deploy
 * goes on serving pages of this one until this one's worker takes over, and this one's worker
 * takes over pages still open from the last. So a message's value never changes: a page of either
 * deploy understands the worker of the other. A *_EVENT goes from one of a page's scripts to
 * another on `window`; all of them come from that page's own deploy (its HTML names its scripts by
 * their hashes), so an event's value is free to change, and each differs from the message it follows.
 */
/** Posted by the service worker to open pages once a collector saved a kept story: `{ type, key }`. */
export const SENT_MESSAGE = 'stree:story-sent';
/** Dispatched on `window` once a kept story went out, whoever sent it, for the form to say so. */
export const SENT_EVENT = 'stree:kept-story-sent';
/** Posted by the service worker when the collector refused a kept story: it waits in RETURNED_CACHE. */
export const RETURNED_MESSAGE = 'stree:story-returned';
/** Dispatched on `window` once a refused story is back in the draft, for the form to show it. */
export const RETURNED_EVENT = 'stree:kept-story-back';
/** Cache Storage the worker leaves refused stories in, for the page to put back in the form. */
export const RETURNED_CACHE = 'stree-returned-stories';
/**
 * Cache Storage the form keeps a recorded story in until it is sent (src/story-outbox/recordings.ts):
 * a megabyte of audio, too big for localStorage; the draft names the entry.
 */
export const RECORDINGS_CACHE = 'stree-recordings';
/**
 * Dispatched on `window` by quick exit: the recorder stops every microphone track at once and the
 * form forgets its recording (the page is leaving; nothing may wait for an answer).
 */
export const FORGET_EVENT = 'stree:forget';
/** Posted to the service worker by quick exit: stories kept until now must never show again. */
export const QUIET_MESSAGE = 'stree:story-quiet';

/** A fresh key for one story: random, so nothing about the visitor is in it. */
export function newStoryKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on https and localhost; a site opened over plain http still needs keys.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `address` with `name=value` added to its query, keeping any query it has; relative addresses
 * stay relative (the form's action is written into the page before any base is known).
 * @param {string} address
 * @param {string} name
 * @param {string} value
 */
export function withParam(address, name, value) {
  const [path, hash] = address.split('#');
  const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  return `${path}${path.includes('?') ? '&' : '?'}${pair}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * A request to a collector is given up when it stalls, never after a fixed total time (a fixed
 * limit is a size limit on 2G): it may take STALL_MS plus a second for every
 * SLOWEST_BYTES_PER_SECOND of its body, 8 kbit/s, a fifth of a 2G uplink (docs/stories.md).
 */
export const STALL_MS = 30_000;
export const SLOWEST_BYTES_PER_SECOND = 1000;

/** How long a request carrying `bodyBytes` may take before it counts as stalled. */
export function patienceFor(bodyBytes) {
  return STALL_MS + Math.ceil((bodyBytes / SLOWEST_BYTES_PER_SECOND) * 1000);
}

/** How long the reachability probe waits: past this, the connection counts as lost. */
export const PROBE_TIMEOUT_MS = 5000;

/**
 * Whether the collector answers at all: a `no-cors` request is refused by no CORS rule, so it
 * fails only when the connection does. Asked after a send failed, it tells a request the browser
 * refused (CORS, a redirect the policy forbids) from a lost connection.
 * @param {string} address
 */
export async function isReachable(address, timeoutMs = PROBE_TIMEOUT_MS) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetch(address, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
