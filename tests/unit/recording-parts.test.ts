import { describe, expect, it } from 'vitest';
import {
  RECORDING_BYTES_MAX, RECORDING_PART_BYTES, RECORDING_PARTS_MAX, checkPart, checkRecording, partFits, partsOf,
} from '../../src/story-outbox/recording.js';

// docs/stories.md, "A recording in parts": a story announces its recording, parts of 32 KiB follow.
describe('a recording announced by its story', () => {
  it('is taken with its type, size and a count of parts that adds up', () => {
    expect(checkRecording({ type: 'audio/webm;codecs=opus', size: 70_000, parts: 3 })).toEqual({
      recording: { type: 'audio/webm;codecs=opus', size: 70_000, parts: 3 },
    });
  });

  it.each([
    ['a count that does not match the size', { type: 'audio/ogg', size: 70_000, parts: 2 }],
    ['no bytes', { type: 'audio/ogg', size: 0, parts: 0 }],
    ['a size that is not a whole number', { type: 'audio/ogg', size: 1.5, parts: 1 }],
    ['data beside the size', { type: 'audio/ogg', size: 10, parts: 1, data: 'AAAA' }],
    ['a type that is not audio', { type: 'text/html', size: 10, parts: 1 }],
  ])('is refused with %s', (_name, value) => {
    expect(checkRecording(value)).toEqual({ problem: 'invalid' });
  });

  it('is refused as too long past the limit', () => {
    const size = RECORDING_BYTES_MAX + 1;
    expect(checkRecording({ type: 'audio/ogg', size, parts: partsOf(size) })).toEqual({ problem: 'tooLong' });
  });

  it('still takes the whole recording in one body, as older pages send it', () => {
    expect(checkRecording({ type: 'audio/ogg', data: 'T2dnUw==' })).toEqual({ recording: { type: 'audio/ogg', data: 'T2dnUw==' } });
  });
});

describe('a part of a recording', () => {
  it('is taken with its index, count and base64 data', () => {
    expect(checkPart({ index: 1, count: 3, data: 'T2dnUw==' })).toEqual({ part: { index: 1, count: 3, data: 'T2dnUw==' } });
  });

  it.each([
    ['an index past its count', { index: 3, count: 3, data: 'AAAA' }],
    ['a negative index', { index: -1, count: 3, data: 'AAAA' }],
    ['more parts than a recording at its limit has', { index: 0, count: RECORDING_PARTS_MAX + 1, data: 'AAAA' }],
    ['no data', { index: 0, count: 1, data: '' }],
    ['data that is not base64', { index: 0, count: 1, data: 'not base64!' }],
    ['another member', { index: 0, count: 1, data: 'AAAA', type: 'audio/ogg' }],
    ['an array', [0, 1, 'AAAA']],
  ])('is refused with %s', (_name, value) => {
    expect(checkPart(value)).toEqual({ problem: 'invalid' });
  });

  it('is refused as too long past 32 KiB', () => {
    const data = Buffer.alloc(RECORDING_PART_BYTES + 3).toString('base64');
    expect(checkPart({ index: 0, count: 2, data })).toEqual({ problem: 'tooLong' });
  });

  it('fits its place: every part but the last is whole, the last holds the rest', () => {
    const size = 2 * RECORDING_PART_BYTES + 100;
    expect(partFits({ index: 0, count: 3 }, RECORDING_PART_BYTES, size)).toBe(true);
    expect(partFits({ index: 2, count: 3 }, 100, size)).toBe(true);
    expect(partFits({ index: 1, count: 3 }, 100, size)).toBe(false);
    expect(partFits({ index: 2, count: 3 }, 99, size)).toBe(false);
    expect(partFits({ index: 0, count: 2 }, RECORDING_PART_BYTES, size)).toBe(false);
  });
});
