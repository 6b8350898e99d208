import { describe, expect, it } from 'vitest';
import { BLANK_SAMPLE_EDGE, isBlankSample } from './blank.ts';

const sample = (pixel: (i: number) => [number, number, number, number]) => {
  const out = new Uint8ClampedArray(BLANK_SAMPLE_EDGE * BLANK_SAMPLE_EDGE * 4);
  for (let i = 0; i < BLANK_SAMPLE_EDGE * BLANK_SAMPLE_EDGE; i++) out.set(pixel(i), i * 4);
  return out;
};

describe('a blank picture', () => {
  it('is all transparent, or one flat opaque black or white', () => {
    expect(isBlankSample(sample(() => [0, 0, 0, 0]))).toBe(true);
    expect(isBlankSample(sample(() => [120, 40, 9, 0]))).toBe(true);
    expect(isBlankSample(sample(() => [0, 0, 0, 255]))).toBe(true);
    expect(isBlankSample(sample(() => [255, 255, 255, 255]))).toBe(true);
    expect(isBlankSample(new Uint8ClampedArray(0))).toBe(true);
  });

  it('is not a photo: one pixel of detail, a colour, a dark photo, a half-transparent logo', () => {
    expect(isBlankSample(sample((i) => (i === 700 ? [0, 0, 1, 255] : [0, 0, 0, 255])))).toBe(false);
    expect(isBlankSample(sample((i) => (i === 3 ? [254, 255, 255, 255] : [255, 255, 255, 255])))).toBe(false);
    expect(isBlankSample(sample(() => [200, 30, 40, 255]))).toBe(false);
    expect(isBlankSample(sample((i) => [i % 7, i % 5, i % 3, 255]))).toBe(false);
    expect(isBlankSample(sample((i) => (i % 2 ? [10, 20, 30, 128] : [0, 0, 0, 0])))).toBe(false);
    // Black and white together is a picture (a drawing, a document), not a blank.
    expect(isBlankSample(sample((i) => (i % 2 ? [0, 0, 0, 255] : [255, 255, 255, 255])))).toBe(false);
  });
});
