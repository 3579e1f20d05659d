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
  | { ok: true }
  | { ok: false; reason: 'offline' | 'timeout' | 'network' }
  | { ok: false; reason: 'rejected'; status: number; message?: string };

/** POSTs the story as JSON and says plainly how it went; never throws. */
interface SendOptions {
  timeoutMs?: number;
  /** The browser's own idea of the connection; a failed fetch while offline is reported as offline. */
  isOnline?: () => boolean;
}

export async function sendStory(
  endpoint: string,
  story: StoryFields,
  { timeoutMs = SEND_TIMEOUT_MS, isOnline = () => true }: SendOptions = {},
): Promise<SendResult> {
  if (!isOnline()) return { ok: false, reason: 'offline' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(story),
      signal: controller.signal,
    });
    if (response.ok) return { ok: true };
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
