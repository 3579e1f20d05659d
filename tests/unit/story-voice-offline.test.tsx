// @vitest-environment jsdom
// The recorder's chunk is fetched on the tap of Record your story (src/islands/StoryFormVoice.tsx).
// Offline before she ever used it, that fetch fails: the form must stay, Record your story with
// it, and a later tap must fetch again.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import StoryForm from '../../src/islands/StoryFormEn';
import { en } from '../../src/i18n/en';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';

let isOffline = true;
vi.mock('../../src/islands/load-recorder', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/islands/load-recorder')>();
  return { recorderModule: () => (isOffline ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : real.recorderModule()) };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('a recorder that cannot be fetched leaves the form whole, and the next tap fetches it again', async () => {
  vi.stubGlobal('MediaRecorder', class {});
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => new Promise(() => {}) } });
  render(<StoryForm endpoint="/api/stories" idPrefix="story" />);
  fireEvent.click(await screen.findByRole('button', { name: en.form.record }));
  await vi.waitFor(() => expect((screen.getByRole('button', { name: en.form.record }) as HTMLButtonElement).disabled).toBe(false));
  expect(screen.getByLabelText('Story', { selector: 'textarea' })).toBeTruthy();
  isOffline = false;
  fireEvent.click(screen.getByRole('button', { name: en.form.record }));
  expect(await screen.findByText(RECORDER_STRINGS.en.asking)).toBeTruthy();
});
