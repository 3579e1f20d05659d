// Runs before the 2G projects' Chromium starts (playwright.config.ts, `dependencies`): the story
// its fake microphone plays must exist by then, or it captures nothing.
import { expect, test } from '@playwright/test';
import { audioSeconds } from './fake-microphone';
import { LONG_SPEECH_SECONDS, LONG_SPEECH_WAV, makeLongSpeech, speechEndsAt } from './long-speech';

test('the fake microphone has speech from the start to past 90 s, then silence to 100 s', () => {
  makeLongSpeech(LONG_SPEECH_WAV);
  expect(Math.abs(audioSeconds(LONG_SPEECH_WAV) - LONG_SPEECH_SECONDS)).toBeLessThan(0.1);
  expect(speechEndsAt(LONG_SPEECH_WAV)).toBeGreaterThan(90);
  expect(speechEndsAt(LONG_SPEECH_WAV)).toBeLessThan(LONG_SPEECH_SECONDS);
});
