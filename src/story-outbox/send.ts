// How a story leaves the phone (docs/stories.md): to the inbox beside the site as JSON with an
// Idempotency-Key header; to a collector on another origin as a CORS-simple request, so that no
// preflight is needed (Google Apps Script answers none). Used by the form and the kept-story sender.
import { BLOCKED_HEADER, KEY_HEADER, KEY_PARAM, QUEUED_HEADER, isReachable, withParam } from './contract.js';
import { HONEYPOT } from './fields.js';
import { RECORDING } from './recording.js';
import type { RecordingBody } from './recordings';

/**
 * How long a send may take before we give up and keep the story for a retry. Rural 2G can take
 * many seconds for a small POST; past 20 s a visitor is better told and offered the retry.
 */
export const SEND_TIMEOUT_MS = 20_000;

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
export type Outcome = 'saved' | 'refused' | 'retry';

export type SendResult =
  | { ok: true; queued?: false }
  /** No connection, but our service worker kept the story and sends it when there is one. */
  | { ok: true; queued: true }
  | { ok: false; reason: (typeof CONNECTION_FAILURES)[number] }
  /** The browser refused the request though the collector answers: no retry can carry it. */
  | { ok: false; reason: 'blocked' }
  /** The collector refused it (`"outcome": "refused"`): she must change something first. */
  | { ok: false; reason: 'rejected'; status: number; message?: string; recordingRefused?: boolean };

interface SendOptions {
  /** The story's own key: the same story sent again must carry the same key. */
  key: string;
  /** What the form's honeypot held, if anything: sent only then, for the collector to drop. */
  honeypot?: string;
  /** Her recorded story, sent as the JSON's `Recording` (src/story-outbox/recording.js). */
  recording?: RecordingBody;
  timeoutMs?: number;
  /** The browser's own idea of the connection; a failed fetch while offline is reported as offline. */
  isOnline?: () => boolean;
}

/** The request for one story: JSON with a key header to our own origin, CORS-simple to any other. */
export function storyRequest(endpoint: string, body: Record<string, unknown>, key: string, pageUrl: string) {
  const isOwnOrigin = new URL(endpoint, pageUrl).origin === new URL(pageUrl).origin;
  const init: RequestInit = {
    method: 'POST',
    // A text/plain body and no custom header: a "simple" request, sent without a preflight.
    headers: isOwnOrigin ? { 'Content-Type': 'application/json', [KEY_HEADER]: key } : { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(body),
    credentials: 'omit',
  };
  return { url: isOwnOrigin ? endpoint : withParam(endpoint, KEY_PARAM, key), init };
}

/** POSTs the story and says plainly how it went; never throws. */
export async function sendStory(
  endpoint: string,
  story: StoryFields,
  { key, honeypot, recording, timeoutMs = SEND_TIMEOUT_MS, isOnline = () => true }: SendOptions,
): Promise<SendResult> {
  const body: Record<string, unknown> = { ...story };
  if (honeypot) body[HONEYPOT] = honeypot;
  if (recording) body[RECORDING] = recording;
  const { url, init } = storyRequest(endpoint, body, key, location.href);
  // Offline, the request still goes out: a service worker, if one runs, keeps it for later.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (response.headers.has(QUEUED_HEADER)) return { ok: true, queued: true };
    if (response.headers.has(BLOCKED_HEADER)) return { ok: false, reason: 'blocked' };
    // Apps Script cannot set a status: only the collector's own JSON says saved or refused.
    const answer = await jsonOf(response);
    if (answer?.outcome === 'saved') return { ok: true };
    if (answer?.outcome === 'refused') {
      const message = typeof answer.error === 'string' ? answer.error : undefined;
      // The recording refused (too big, a type it cannot keep): the form says so in her language.
      const recordingRefused = Boolean(recording && (answer.fields as Record<string, unknown> | undefined)?.[RECORDING]);
      return { ok: false, reason: 'rejected', status: response.ok ? 422 : response.status, message, ...(recordingRefused ? { recordingRefused } : {}) };
    }
    // "Try again", or not a collector's answer at all: nothing confirms it was saved.
    return { ok: false, reason: 'unconfirmed' };
  } catch {
    if (controller.signal.aborted) return { ok: false, reason: 'timeout' };
    if (!isOnline()) return { ok: false, reason: 'offline' };
    return { ok: false, reason: (await isReachable(url)) ? 'blocked' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's JSON object, or undefined for any other body (another collector's page, nothing). */
async function jsonOf(response: Response): Promise<{ outcome?: unknown; error?: unknown; fields?: unknown } | undefined> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? body : undefined;
  } catch {
    return undefined;
  }
}
