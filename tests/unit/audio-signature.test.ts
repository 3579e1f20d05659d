import { describe, expect, it } from 'vitest';
import { audioKind } from '../../src/story-outbox/audio-signature.js';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)));

describe('what a recording\'s first bytes say it is', () => {
  it.each([
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), 'webm'],
    ['Ogg', bytes('OggS', [0, 2, 0, 0]), 'ogg'],
    ['MP4 audio', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'm4a'],
    ['3GP', bytes([0, 0, 0, 0x18], 'ftyp3gp4'), '3gp'],
    ['3G2', bytes([0, 0, 0, 0x18], 'ftyp3g2a'), '3g2'],
    ['MP3 with a tag', bytes('ID3', [4, 0, 0]), 'mp3'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'wav'],
    ['AMR', bytes('#!AMR\n'), 'amr'],
    ['AMR-WB', bytes('#!AMR-WB\n'), 'amr'],
  ])('knows %s', (_name, start, extension) => {
    expect(audioKind(start)?.extension).toBe(extension);
  });

  it.each([
    ['an HTML application', bytes('<html><hta:application>')],
    ['a Windows program', bytes('MZ', [0x90, 0])],
    ['a PDF', bytes('%PDF-1.7')],
    ['a ZIP', bytes('PK', [3, 4])],
    ['a RIFF that is not WAVE (AVI)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, start) => {
    expect(audioKind(start)).toBeUndefined();
  });
});
