// How a story leaves the phone (docs/stories.md): to the inbox beside the site as JSON with an
// Idempotency-Key header; to a collector on another origin as a CORS-simple request, so that no
// preflight is needed (Google Apps Script answers none). Used by the form and the kept-story sender.
// A story with a recording goes in parts (./send-voice.ts, which the caller fetches only then).
import { BLOCKED_HEADER, QUEUED_HEADER, isReachable, patienceFor } from './contract.js';
import { HONEYPOT } from './fields.js';
import { RECORDING } from './recording.js';
import type { Reply } from './deliver';
import { answerOf, storyRequest } from './story-request';

export { storyRequest };

export interface StoryFields {
  Name: string;
  Phone: string;
  Story: string;
}

/**
 * Failures that are not the story's: it is kept and sent by itself later, with the same key. The
 * connection's, and `unconfirmed`: the collector said "not saved, try again" (a busy sheet, a
 * quota), or answered something that is not its own JSON (an error page, a proxy's page).
 */
export const CONNECTION_FAILURES = ['offline', 'timeout', 'network', 'unconfirmed'] as const;

/**
 * What a collector's JSON says happened (server/inbox.js, deploy/apps-script/Code.js); Apps Script
 * answers 200 whatever happens, so only this tells them apart. Members not named here are ignored.
 */
export type Outcome = 'saved' | 'refused' | 'retry' | 'incomplete';

export type Failure =
  /** No connection, but our service worker kept the story and sends it when there is one. */
  | { ok: true; queued: true }
  | { ok: false; reason: (typeof CONNECTION_FAILURES)[number] }
  /** The browser refused the request to our own origin though it answers: no retry can carry it. */
  | { ok: false; reason: 'blocked' };

export type SendResult =
  | { ok: true; queued?: false }
  | Failure
  /** The collector refused it (`"outcome": "refused"`): she must change something first. */
  | { ok: false; reason: 'rejected'; status: number; message?: string; recordingRefused?: boolean };

/** Delivers a story's body with its recording, in parts (./send-voice.ts). */
export type SendInParts = (endpoint: string, story: Record<string, unknown>, key: string, isOnline: () => boolean) => Promise<SendResult>;

interface SendOptions {
  /** The story's own key: the same story sent again must carry the same key. */
  key: string;
  /** What the form's honeypot held, if anything: sent only then, for the collector to drop. */
  honeypot?: string;
  /** Sends the story with her recording in parts (./send-voice.ts `inParts`): only for a story that has one. */
  inParts?: SendInParts;
  /** The browser's own idea of the connection; a failed fetch while offline is reported as offline. */
  isOnline?: () => boolean;
}

/**
 * POSTs one body of the story and reads the answer, waiting as long as it keeps moving: a request
 * that takes longer than patienceFor(its bytes) has stalled (`timeout`). Never throws.
 */
export async function postStory(endpoint: string, body: Record<string, unknown>, key: string, isOnline: () => boolean): Promise<Reply<Failure>> {
  const { url, init, isOwnOrigin } = storyRequest(endpoint, body, key, location.href);
  // Offline, the request still goes out: a service worker, if one runs, keeps it for later.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), patienceFor(new Blob([init.body as string]).size));
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const queued = response.headers.get(QUEUED_HEADER);
    // Our worker kept it: for a lost connection, or for an answer the browser would not read.
    if (queued) return { failure: queued === 'unconfirmed' ? { ok: false, reason: 'unconfirmed' } : { ok: true, queued: true } };
    if (response.headers.has(BLOCKED_HEADER)) return { failure: { ok: false, reason: 'blocked' } };
    // Apps Script cannot set a status: only the collector's own JSON says saved or refused.
    return { answer: await answerOf(response), status: response.status };
  } catch {
    if (controller.signal.aborted) return { failure: { ok: false, reason: 'timeout' } };
    if (!isOnline()) return { failure: { ok: false, reason: 'offline' } };
    // It answers, yet the request failed. Our own inbox: the browser refused it (the policy, an
    // extension), which no retry changes. Another origin: also a page it may not read, such as
    // Google's quota or error page without a CORS header, which a later try gets past.
    if (await isReachable(url)) return { failure: { ok: false, reason: isOwnOrigin ? 'blocked' : 'unconfirmed' } };
    return { failure: { ok: false, reason: 'network' } };
  } finally {
    clearTimeout(timer);
  }
}

/** What the last reply of a delivery means for her: saved, refused (and whether for the recording), or not confirmed. */
export function resultOf(reply: Reply<Failure>): SendResult {
  if ('failure' in reply) return reply.failure;
  const { answer, status } = reply;
  if (answer?.outcome === 'saved') return { ok: true };
  if (answer?.outcome !== 'refused') return { ok: false, reason: 'unconfirmed' }; // "try again", or not a collector's answer
  const message = typeof answer.error === 'string' ? answer.error : undefined;
  // The recording refused (too big, a type it cannot keep): the form says so in her language.
  const recordingRefused = Boolean((answer.fields as Record<string, unknown> | undefined)?.[RECORDING]);
  return { ok: false, reason: 'rejected', status: status < 300 ? 422 : status, message, ...(recordingRefused ? { recordingRefused } : {}) };
}

/** Sends the story, and its recording in parts, and says plainly how it went; never throws. */
export function sendStory(endpoint: string, story: StoryFields, { key, honeypot, inParts, isOnline = () => true }: SendOptions): Promise<SendResult> {
  const body: Record<string, unknown> = { ...story };
  if (honeypot) body[HONEYPOT] = honeypot;
  return inParts ? inParts(endpoint, body, key, isOnline) : postStory(endpoint, body, key, isOnline).then(resultOf);
}
