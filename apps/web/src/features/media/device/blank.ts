/**
 * Whether a decoded picture is blank: a decoder or a conversion that failed quietly leaves nothing drawn (every
 * pixel transparent) or one flat colour, black or white, where the photo should be. Such a picture is refused
 * before it becomes a "main photo". Pure (RGBA bytes of a small sample in, answer out), unit-tested in node.
 */

/** The sample's edge: the picture is drawn scaled into a square of this many pixels and read back. */
export const BLANK_SAMPLE_EDGE = 32;

/** True when every pixel of the RGBA sample is transparent, or all are the same opaque pure black or pure white. */
export function isBlankSample(rgba: Uint8ClampedArray | Uint8Array): boolean {
  if (rgba.length < 4) return true;
  let transparent = true;
  let black = true;
  let white = true;
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i] ?? 0;
    const g = rgba[i + 1] ?? 0;
    const b = rgba[i + 2] ?? 0;
    const a = rgba[i + 3] ?? 0;
    if (a !== 0) transparent = false;
    if (a !== 255 || r !== 0 || g !== 0 || b !== 0) black = false;
    if (a !== 255 || r !== 255 || g !== 255 || b !== 255) white = false;
    if (!transparent && !black && !white) return false;
  }
  return true;
}
