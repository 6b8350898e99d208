import { describe, expect, it } from 'vitest';
import {
  apply,
  clampCrop,
  fitLongEdge,
  fitWithin,
  MIN_CROP,
  multiply,
  normalizeOrientation,
  orientationMatrix,
  orientedSize,
  rotatedSize,
  rotationMatrix,
} from './geometry.ts';
import { WORKING_MAX_EDGE } from './types.ts';

const raw = { width: 400, height: 300 };
/** The raw image's corners: top-left, top-right, bottom-right, bottom-left. */
const corners = (w: number, h: number): [number, number][] => [
  [0, 0],
  [w, 0],
  [w, h],
  [0, h],
];

describe('EXIF orientation as a canvas transform', () => {
  // Where the raw image's top-left, top-right, bottom-right, bottom-left corners must land in the upright canvas
  // (W×H = its oriented size), from the EXIF definitions: 2 mirrored, 3 turned 180°, 4 flipped, 5 transposed,
  // 6 turned 90° clockwise, 7 transverse, 8 turned 90° anticlockwise.
  const expected: Record<number, (W: number, H: number) => [number, number][]> = {
    1: (W, H) => [
      [0, 0],
      [W, 0],
      [W, H],
      [0, H],
    ],
    2: (W, H) => [
      [W, 0],
      [0, 0],
      [0, H],
      [W, H],
    ],
    3: (W, H) => [
      [W, H],
      [0, H],
      [0, 0],
      [W, 0],
    ],
    4: (W, H) => [
      [0, H],
      [W, H],
      [W, 0],
      [0, 0],
    ],
    5: (W, H) => [
      [0, 0],
      [0, H],
      [W, H],
      [W, 0],
    ],
    6: (W, H) => [
      [W, 0],
      [W, H],
      [0, H],
      [0, 0],
    ],
    7: (W, H) => [
      [W, H],
      [W, 0],
      [0, 0],
      [0, H],
    ],
    8: (W, H) => [
      [0, H],
      [0, 0],
      [W, 0],
      [W, H],
    ],
  };
  for (let o = 1; o <= 8; o++) {
    it(`orientation ${o}: size and where each corner goes`, () => {
      const size = orientedSize(raw, o);
      expect(size).toEqual(o >= 5 ? { width: 300, height: 400 } : { width: 400, height: 300 });
      const m = orientationMatrix(o, raw);
      const got = corners(raw.width, raw.height).map(([x, y]) => apply(m, x, y).map((v) => v + 0));
      expect(got).toEqual(expected[o]?.(size.width, size.height));
    });
  }

  it('anything but 1-8 is 1 (absent, unreadable, out of range)', () => {
    for (const v of [undefined, null, 0, 9, -1, 1.5, Number.NaN, '6', {}]) expect(normalizeOrientation(v)).toBe(1);
    for (let o = 1; o <= 8; o++) expect(normalizeOrientation(o)).toBe(o);
    expect(orientationMatrix(42, raw)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('orientation 6 applied twice is a half turn, not upright: the pipeline must apply it once', () => {
    const once = orientationMatrix(6, raw);
    const twice = multiply(orientationMatrix(6, orientedSize(raw, 6)), once);
    expect(twice.map((v) => v + 0)).toEqual(orientationMatrix(3, raw));
  });
});

describe('the editor rotation (clockwise)', () => {
  it('90 puts the top-left corner top-right, 180 bottom-right, 270 bottom-left; 90 and 270 swap the sides', () => {
    const s = { width: 400, height: 300 };
    const tl = (r: 0 | 90 | 180 | 270) => apply(rotationMatrix(r, s), 0, 0).map((v) => v + 0);
    expect(tl(0)).toEqual([0, 0]);
    expect(tl(90)).toEqual([300, 0]);
    expect(tl(180)).toEqual([400, 300]);
    expect(tl(270)).toEqual([0, 400]);
    expect(rotatedSize(s, 90)).toEqual({ width: 300, height: 400 });
    expect(rotatedSize(s, 180)).toEqual(s);
    expect(rotatedSize(s, 270)).toEqual({ width: 300, height: 400 });
  });
});

describe('scale to fit', () => {
  it('the working copy: long edge at most WORKING_MAX_EDGE, aspect kept, never enlarged', () => {
    expect(fitLongEdge({ width: 4032, height: 3024 }, WORKING_MAX_EDGE)).toEqual({ width: 2240, height: 1680 });
    expect(fitLongEdge({ width: 3024, height: 4032 }, WORKING_MAX_EDGE)).toEqual({ width: 1680, height: 2240 });
    expect(fitLongEdge({ width: 1600, height: 1200 }, WORKING_MAX_EDGE)).toEqual({ width: 1600, height: 1200 });
    expect(fitLongEdge({ width: 9000, height: 10 }, WORKING_MAX_EDGE)).toEqual({ width: 2240, height: 2 });
    expect(fitLongEdge({ width: 100000, height: 1 }, WORKING_MAX_EDGE)).toEqual({ width: 2240, height: 1 });
  });

  it('within a box: the tighter side decides; a smaller picture is never enlarged', () => {
    expect(fitWithin({ width: 2240, height: 1680 }, { width: 1120, height: 840 })).toEqual({
      width: 1120,
      height: 840,
    });
    expect(fitWithin({ width: 1680, height: 2240 }, { width: 1120, height: 840 })).toEqual({ width: 630, height: 840 });
    expect(fitWithin({ width: 2000, height: 500 }, { width: 1120, height: 840 })).toEqual({ width: 1120, height: 280 });
    expect(fitWithin({ width: 600, height: 400 }, { width: 1120, height: 840 })).toEqual({ width: 600, height: 400 });
  });
});

describe('crop clamping and the 30x30 minimum (spec §9)', () => {
  const bounds = { width: 1200, height: 1600 };

  it('no crop is the whole picture', () => {
    expect(clampCrop(undefined, bounds)).toEqual({ x: 0, y: 0, width: 1200, height: 1600 });
  });

  it('a crop inside the picture is kept, rounded to whole pixels', () => {
    expect(clampCrop({ x: 10.4, y: 20.6, width: 500, height: 400 }, bounds)).toEqual({
      x: 10,
      y: 21,
      width: 500,
      height: 400,
    });
  });

  it('a crop over an edge is cut at the edge', () => {
    expect(clampCrop({ x: -50, y: 1500, width: 400, height: 400 }, bounds)).toEqual({
      x: 0,
      y: 1500,
      width: 350,
      height: 100,
    });
    expect(clampCrop({ x: 1000, y: -10, width: 9999, height: 9999 }, bounds)).toEqual({
      x: 1000,
      y: 0,
      width: 200,
      height: 1600,
    });
  });

  it('30x30 is allowed; 29 on either side, a crop outside the picture, or NaN is refused', () => {
    expect(clampCrop({ x: 0, y: 0, width: MIN_CROP, height: MIN_CROP }, bounds)).not.toBeNull();
    expect(clampCrop({ x: 0, y: 0, width: 29, height: 300 }, bounds)).toBeNull();
    expect(clampCrop({ x: 0, y: 0, width: 300, height: 29 }, bounds)).toBeNull();
    expect(clampCrop({ x: 1180, y: 0, width: 300, height: 300 }, bounds)).toBeNull(); // 20 px left inside
    expect(clampCrop({ x: 5000, y: 5000, width: 300, height: 300 }, bounds)).toBeNull();
    expect(clampCrop({ x: Number.NaN, y: 0, width: 300, height: 300 }, bounds)).toBeNull();
    expect(clampCrop(undefined, { width: 20, height: 500 })).toBeNull();
  });
});
