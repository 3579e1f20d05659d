// The request that carries one body of a story (docs/stories.md, "How a story leaves the phone"):
// the page's sender (./send.ts) and the service worker (./worker-queue.ts) both make it.
import { KEY_HEADER, KEY_PARAM, withParam } from './contract.js';
import type { Answer } from './deliver';

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
  return { url: isOwnOrigin ? endpoint : withParam(endpoint, KEY_PARAM, key), init, isOwnOrigin };
}

/** The key a story's request carries (the header to our own origin, `?key=` to another); null for a plain form post. */
export function keyOf(request: Request): string | null {
  return request.headers.get(KEY_HEADER) ?? new URL(request.url).searchParams.get(KEY_PARAM);
}

/** The answer's JSON object, or undefined for any other body (another collector's page, nothing). */
export async function answerOf(response: Response): Promise<Answer | undefined> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? body : undefined;
  } catch {
    return undefined;
  }
}
