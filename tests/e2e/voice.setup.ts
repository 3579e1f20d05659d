// Runs before the voice project's Chromium starts (playwright.config.ts, `dependencies`): the
// speech its fake microphone plays must exist by then, or it captures nothing.
import { expect, test } from '@playwright/test';
import { SPEECH_WAV, audioSeconds, makeSpeech } from './fake-microphone';

test('the fake microphone has about 12 s of speech to play', () => {
  makeSpeech(SPEECH_WAV);
  expect(audioSeconds(SPEECH_WAV)).toBeGreaterThan(11);
  expect(audioSeconds(SPEECH_WAV)).toBeLessThan(15);
});
