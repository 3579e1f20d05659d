// The voice project's microphone (playwright.config.ts): Chromium's fake capture device plays a WAV
// of speech, Hindi then English as she might speak, made with espeak-ng and joined with ffmpeg
// (scripts/ensure-audio-tools.js installs both). And ffprobe, to read back what was recorded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Made before Chromium starts, under test-results/ (Playwright empties it at the start of a run). */
export const SPEECH_WAV = resolve('test-results/voice/speech.wav');

/** What the fake microphone says: about 7 s of Hindi, then 6 s of English. */
const SPEECH = [
  ['hi', 'नमस्ते, मेरा नाम आशा है। मैं अपनी कहानी बताना चाहती हूँ। हमारे गाँव में अब लड़कियाँ स्कूल जाती हैं।'],
  ['en', 'Hello, my name is Asha. I want to tell my story. In our village, girls now go to school.'],
] as const;

/**
 * Writes SPEECH_WAV: mono 16-bit PCM at 48 kHz, the rate Chromium captures at, so it is played as
 * it is rather than resampled.
 */
export function makeSpeech(file = SPEECH_WAV) {
  const work = mkdtempSync(join(tmpdir(), 'stree-speech-'));
  try {
    const parts = SPEECH.map(([voice, words], i) => {
      const part = join(work, `${i}-${voice}.wav`);
      execFileSync('espeak-ng', ['-v', voice, '-w', part, words]);
      return part;
    });
    mkdirSync(dirname(file), { recursive: true });
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      ...parts.flatMap((part) => ['-i', part]),
      '-filter_complex', `${parts.map((_, i) => `[${i}:a]`).join('')}concat=n=${parts.length}:v=0:a=1`,
      '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', file,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/**
 * How many seconds of sound `file` holds, by decoding it: the end of its last audio frame. The
 * container's own duration is not enough: MediaRecorder's WebM has none.
 */
export function audioSeconds(file: string) {
  const out = execFileSync('ffprobe', [
    '-v', 'error', '-select_streams', 'a:0',
    // A frame's length is duration_time from ffmpeg 6, pkt_duration_time before (Debian 12 has 5.1).
    '-show_entries', 'frame=best_effort_timestamp_time,duration_time,pkt_duration_time',
    '-of', 'json', file,
  ], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const frames = (JSON.parse(out) as { frames?: Record<string, string>[] }).frames ?? [];
  const ends = frames.map((frame) => Number(frame.best_effort_timestamp_time) + Number(frame.duration_time ?? frame.pkt_duration_time)).filter(Number.isFinite);
  if (ends.length === 0) throw new Error(`ffprobe decoded no audio in ${file}`);
  return Math.max(...ends);
}

/** The speech as a phone's recorder app might save it: Opus in Ogg, a few tens of kilobytes. */
export function makeOgg(file: string, from = SPEECH_WAV) {
  mkdirSync(dirname(file), { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', from, '-c:a', 'libopus', '-b:a', '24k', file]);
  return file;
}
