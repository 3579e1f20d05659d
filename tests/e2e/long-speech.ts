// The story of the 2G projects (playwright.config.ts): about a minute and a half, told in Hindi and
// English by turns as she might tell it, so 90 seconds of it hold speech from the first second to
// the last, none of it the same twice. Made as tests/e2e/fake-microphone.ts makes the shorter one:
// espeak-ng speaks each paragraph, ffmpeg joins them at Chromium's 48 kHz; then kept as a phone
// keeps a recording, which is what a 2G spec sends.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { RECORDING_BITS_PER_SECOND } from '../../src/story-outbox/recording.js';

/** Made before Chromium starts, under test-results/ (Playwright empties it at the start of a run). */
export const LONG_SPEECH_WAV = resolve('test-results/voice/long-speech.wav');

/**
 * The file's length: the speech (about 94 s) and silence after it. A recording stopped at 90 s
 * never reaches the loop back to the start, which would make a misplaced part harder to hear.
 */
export const LONG_SPEECH_SECONDS = 100;

/** Her story, a paragraph at a time: about 94 s as espeak-ng speaks it. */
const STORY = [
  ['hi', 'मेरा नाम सीता है और मैं एक छोटे से गाँव में रहती हूँ। हमारे गाँव में पानी के लिए बहुत दूर जाना पड़ता था। सुबह चार बजे उठकर मैं और मेरी बहन कुएँ तक जाते थे। पिछले साल गाँव की औरतों ने मिलकर पंचायत से बात की। अब गाँव के बीच में एक नल लगा है और लड़कियाँ समय पर स्कूल पहुँचती हैं।'],
  ['en', 'My name is Sita and I live in a small village. For years we walked far every morning to fetch water, and my sister missed school because of it. Last year the women of our village went together to the panchayat and asked for a tap. It took many visits and many letters, but now there is a tap in the middle of the village.'],
  ['hi', 'जब मैंने पहली बार सबके सामने बोला, तो मेरी आवाज़ काँप रही थी। मेरी माँ ने कहा कि डरो मत, सच बोलने में कोई शर्म नहीं है। अब हम हर महीने मिलते हैं और अपनी समस्याएँ लिखते हैं। जो औरतें पढ़ नहीं सकतीं, वे अपनी बात बोलकर बताती हैं।'],
  ['en', 'The first time I spoke in front of everyone, my voice was shaking. My mother told me not to be afraid, because there is no shame in speaking the truth. Now we meet every month and write down what is wrong. Women who cannot read tell their stories by voice, and someone from the group writes them down. I want every girl in our district to finish school, and to know that she can ask for help.'],
  ['hi', 'हमारे समूह में अब बीस औरतें हैं। हम एक दूसरे की मदद करते हैं और किसी को अकेला नहीं छोड़ते। यह मेरी कहानी है, और मैं चाहती हूँ कि दूसरी लड़कियाँ भी इसे सुनें।'],
  ['en', 'There are twenty women in our group now. We help one another, and nobody is left alone. This is my story, and I hope other girls will hear it. Thank you for listening.'],
] as const;

/**
 * Writes LONG_SPEECH_WAV: mono 16-bit PCM at 48 kHz (the rate Chromium captures at), the story
 * then silence, LONG_SPEECH_SECONDS long.
 */
export function makeLongSpeech(file = LONG_SPEECH_WAV) {
  const work = mkdtempSync(join(tmpdir(), 'stree-long-speech-'));
  try {
    const parts = STORY.map(([voice, words], i) => {
      const text = join(work, `${i}.txt`);
      writeFileSync(text, words);
      const part = join(work, `${i}-${voice}.wav`);
      execFileSync('espeak-ng', ['-v', voice, '-w', part, '-f', text]);
      return part;
    });
    mkdirSync(dirname(file), { recursive: true });
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      ...parts.flatMap((part) => ['-i', part]),
      '-filter_complex', `${parts.map((_, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1,aresample=48000,apad`,
      '-t', String(LONG_SPEECH_SECONDS),
      '-ac', '1', '-c:a', 'pcm_s16le', file,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/**
 * Writes the first `seconds` of the story to `file` as her phone keeps a recording: Opus at the
 * form's recorder's constant bit rate (RECORDING_BITS_PER_SECOND), in Ogg, as a recorder app saves
 * it. A 2G spec chooses it in the form rather than recording it: a recording spends its seconds
 * waiting, and its length is read off a timer that lags on a busy machine, while the link and the
 * delivery, what those specs are about, see the same bytes. The form's recorder is the voice
 * specs' to test.
 */
export function storyAsKept(file: string, seconds: number, from = LONG_SPEECH_WAV) {
  mkdirSync(dirname(file), { recursive: true });
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-i', from, '-t', String(seconds),
    '-c:a', 'libopus', '-b:a', String(RECORDING_BITS_PER_SECOND), '-vbr', 'off', file,
  ]);
  return file;
}

/**
 * Where the speech in `file` ends: the start of the last silence of two seconds or more that runs to
 * its end, as ffmpeg's silencedetect finds it (the pauses between sentences are shorter).
 */
export function speechEndsAt(file: string) {
  const { stderr } = spawnSync('ffmpeg', ['-v', 'info', '-i', file, '-af', 'silencedetect=noise=-50dB:d=2', '-f', 'null', '-'], { encoding: 'utf8' });
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((match) => Number(match[1]));
  return starts.at(-1) ?? Number.POSITIVE_INFINITY;
}
