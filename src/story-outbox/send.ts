import { KEY_HEADER, QUEUED_HEADER } from './contract.js';

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

export type SendResult =
  | { ok: true; queued?: false }
  /** No connection, but our service worker kept the story and sends it when there is one. */
  | { ok: true; queued: true }
  | { ok: false; reason: 'offline' | 'timeout' | 'network' }
  | { ok: false; reason: 'rejected'; status: number; message?: string };

interface SendOptions {
  /** Sent as Idempotency-Key: the same story sent again must carry the same key. */
  key: string;
  timeoutMs?: number;
  /** The browser's own idea of the connection; a failed fetch while offline is reported as offline. */
  isOnline?: () => boolean;
}

/** POSTs the story as JSON and says plainly how it went; never throws. */
export async function sendStory(
  endpoint: string,
  story: StoryFields,
  { key, timeoutMs = SEND_TIMEOUT_MS, isOnline = () => true }: SendOptions,
): Promise<SendResult> {
  // Offline, the request still goes out: a service worker, if one runs, keeps it for later.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [KEY_HEADER]: key },
      body: JSON.stringify(story),
      signal: controller.signal,
    });
    if (response.ok) return response.headers.has(QUEUED_HEADER) ? { ok: true, queued: true } : { ok: true };
    return { ok: false, reason: 'rejected', status: response.status, message: await errorMessage(response) };
  } catch {
    if (controller.signal.aborted) return { ok: false, reason: 'timeout' };
    return { ok: false, reason: isOnline() ? 'network' : 'offline' };
  } finally {
    clearTimeout(timer);
  }
}

async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}
