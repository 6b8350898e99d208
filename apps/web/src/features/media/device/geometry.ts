/**
 * The pure arithmetic of the device pipeline (./prepare.ts): EXIF orientation as a canvas transform, the editor's
 * rotation, scale-to-fit and crop clamping. No DOM here, so it is unit-tested in node.
 */
import type { CropArea, Rotation } from './types.ts';

/** A 2D affine transform as canvas setTransform(a, b, c, d, e, f) takes it: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

export interface Size {
  width: number;
  height: number;
}

/** Spec §9: a crop smaller than this on either side is refused. */
export const MIN_CROP = 30;

/** A valid EXIF orientation (1-8); anything else (absent, 0, 9, NaN, a string) is 1. */
export function normalizeOrientation(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8 ? value : 1;
}

/** Orientations 5-8 swap width and height (the picture is turned a quarter). */
export function swapsAxes(orientation: number): boolean {
  return orientation >= 5 && orientation <= 8;
}

/** The upright size of a raw (sensor-orientation) image of `raw` size under EXIF `orientation`. */
export function orientedSize(raw: Size, orientation: number): Size {
  return swapsAxes(orientation) ? { width: raw.height, height: raw.width } : { ...raw };
}

/**
 * The transform that draws the raw image (drawImage at 0,0, size w×h) upright into a canvas of orientedSize:
 * 2 mirror, 3 turn 180°, 4 flip, 5 transpose, 6 turn 90° clockwise, 7 transverse, 8 turn 90° anticlockwise.
 */
export function orientationMatrix(orientation: number, raw: Size): Matrix {
  const { width: w, height: h } = raw;
  switch (normalizeOrientation(orientation)) {
    case 2:
      return [-1, 0, 0, 1, w, 0];
    case 3:
      return [-1, 0, 0, -1, w, h];
    case 4:
      return [1, 0, 0, -1, 0, h];
    case 5:
      return [0, 1, 1, 0, 0, 0];
    case 6:
      return [0, 1, -1, 0, h, 0];
    case 7:
      return [0, -1, -1, 0, h, w];
    case 8:
      return [0, -1, 1, 0, 0, w];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** The size of an image of `size` after the editor turns it `rotation` degrees clockwise. */
export function rotatedSize(size: Size, rotation: Rotation): Size {
  return rotation === 90 || rotation === 270 ? { width: size.height, height: size.width } : { ...size };
}

/** The transform that draws an upright image of `size` turned `rotation` degrees clockwise (0, 90, 180, 270). */
export function rotationMatrix(rotation: Rotation, size: Size): Matrix {
  if (rotation === 90) return orientationMatrix(6, size);
  if (rotation === 180) return orientationMatrix(3, size);
  if (rotation === 270) return orientationMatrix(8, size);
  return [1, 0, 0, 1, 0, 0];
}

/** m1 after m2 (first m2, then m1), both in canvas order. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

/** Where the point (x, y) goes under m. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The factor (≤ 1: never enlarged) that fits `size` within `box`; a box side of 0 or less means "no limit" on it. */
export function fitScale(size: Size, box: Size): number {
  const sx = box.width > 0 ? box.width / size.width : Number.POSITIVE_INFINITY;
  const sy = box.height > 0 ? box.height / size.height : Number.POSITIVE_INFINITY;
  return Math.min(1, sx, sy);
}

/** `size` fitted within `box` (never enlarged), whole pixels, at least 1×1. */
export function fitWithin(size: Size, box: Size): Size {
  const s = fitScale(size, box);
  return { width: Math.max(1, Math.round(size.width * s)), height: Math.max(1, Math.round(size.height * s)) };
}

/** `size` scaled so its long edge is at most `maxEdge` (never enlarged). */
export function fitLongEdge(size: Size, maxEdge: number): Size {
  return fitWithin(size, { width: maxEdge, height: maxEdge });
}

/**
 * The crop in whole pixels, clamped to the image's bounds (`bounds` is the rotated working copy's size); no crop
 * means the whole image. Returns null when what is left is smaller than MIN_CROP on either side (spec §9), or when
 * a value is not a finite number.
 */
export function clampCrop(crop: CropArea | undefined, bounds: Size): CropArea | null {
  if (!crop) return bounds.width >= MIN_CROP && bounds.height >= MIN_CROP ? { x: 0, y: 0, ...bounds } : null;
  const values = [crop.x, crop.y, crop.width, crop.height];
  if (!values.every(Number.isFinite)) return null;
  const x0 = Math.min(Math.max(0, Math.round(crop.x)), bounds.width);
  const y0 = Math.min(Math.max(0, Math.round(crop.y)), bounds.height);
  const x1 = Math.min(Math.max(0, Math.round(crop.x + crop.width)), bounds.width);
  const y1 = Math.min(Math.max(0, Math.round(crop.y + crop.height)), bounds.height);
  const width = x1 - x0;
  const height = y1 - y0;
  if (width < MIN_CROP || height < MIN_CROP) return null;
  return { x: x0, y: y0, width, height };
}
