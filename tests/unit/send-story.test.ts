// The story POST as the form makes it, against a stubbed fetch: headers, body and how each answer reads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendStory } from '../../src/story-outbox/send';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const KEY = '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5';

afterEach(() => vi.unstubAllGlobals());

function answer(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('sendStory', () => {
  it('POSTs exactly Name, Phone and Story as JSON, with the story’s Idempotency-Key', async () => {
    const fetch = answer(new Response('{"ok":true}', { status: 201 }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/stories');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': KEY });
    expect(JSON.parse(init.body as string)).toEqual(STORY);
  });

  it('reads the service worker’s answer as kept for later, not as sent', async () => {
    answer(new Response('{"ok":true,"queued":true}', { status: 202, headers: { 'X-Stree-Queued': '1' } }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({ ok: true, queued: true });
  });

  it('still tries when the browser says it is offline, so a service worker can keep the story', async () => {
    const fetch = answer(new TypeError('Failed to fetch'));
    expect(await sendStory('/api/stories', STORY, { key: KEY, isOnline: () => false })).toEqual({ ok: false, reason: 'offline' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('reports a refusal with the inbox’s own words', async () => {
    answer(new Response('{"error":"Enter your name."}', { status: 422 }));
    expect(await sendStory('/api/stories', STORY, { key: KEY })).toEqual({
      ok: false,
      reason: 'rejected',
      status: 422,
      message: 'Enter your name.',
    });
  });
});
