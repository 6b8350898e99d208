import phash from 'sharp-phash';

/**
 * Two photos whose 64-bit perceptual hashes differ in at most this many bits are taken as the same photo.
 * Measured with `npm run bench:phash` on 32 real photographs through the upload pipeline (server README):
 * re-encoded (JPEG q40-q90, WebP q50, PNG), rescaled to 50% and 25%, and 10% brighter copies land at 0-10 bits
 * (10 only for a nearly flat retina scan at 25%), a 2%-per-edge crop at most 10 but for one brick texture;
 * different photos are at least 12 bits apart (a stereo pair of one motorcycle; median 32). 10 catches every
 * re-encoded or rescaled copy and flags no different photo. Larger crops (3.5% per edge: 20 of 32) are out of
 * reach of a DCT hash of the whole frame; that is the price of never flagging a different photo.
 */
export const REUSED_MAX_DISTANCE = 10;

/**
 * The stored photo's 64-bit DCT perceptual hash (sharp-phash: 32x32 greyscale, 2-D DCT, the 8x8 lowest
 * frequencies without the DC term against their mean), as a signed 64-bit integer for a PostgreSQL bigint.
 * Computed from the stored thumbnail (not the upload), so a later re-hash of the store gives the same value.
 */
export async function perceptualHash(jpeg: Buffer): Promise<bigint> {
  const bits = await phash(jpeg);
  if (!/^[01]{64}$/.test(bits)) throw new Error('perceptual hash is not 64 bits');
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** How many of the 64 bits differ (the Hamming distance); the same as PostgreSQL's bit_count((a # b)::bit(64)). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}
