// Runs before the 2G projects (playwright.config.ts, `dependencies`): the story they send is cut
// from this speech, which must exist by then. Only the whole run sends them (tests/e2e/runs.ts).
import { expect, test } from '@playwright/test';
import { audioSeconds } from './fake-microphone';
import { LONG_SPEECH_SECONDS, LONG_SPEECH_WAV, makeLongSpeech, speechEndsAt } from './long-speech';
import { WHOLE_RUN } from './runs';

test('the story has speech from the start to past 90 s, then silence to 100 s', WHOLE_RUN, () => {
  makeLongSpeech(LONG_SPEECH_WAV);
  expect(Math.abs(audioSeconds(LONG_SPEECH_WAV) - LONG_SPEECH_SECONDS)).toBeLessThan(0.1);
  expect(speechEndsAt(LONG_SPEECH_WAV)).toBeGreaterThan(90);
  expect(speechEndsAt(LONG_SPEECH_WAV)).toBeLessThan(LONG_SPEECH_SECONDS);
});
