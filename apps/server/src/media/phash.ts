import sharp from 'sharp';

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

const SAMPLE = 32;
const LOW = 8;
/** COS[i * SAMPLE + u] = cos((2i + 1) / 2N · u · π), sharp-phash's table. */
const COS = Float64Array.from({ length: SAMPLE * SAMPLE }, (_, k) =>
  Math.cos(((2 * Math.floor(k / SAMPLE) + 1) / (2 * SAMPLE)) * (k % SAMPLE) * Math.PI),
);

/**
 * The stored photo's 64-bit DCT perceptual hash, the same as sharp-phash's (32x32 greyscale, 2-D DCT-II, the 8x8
 * lowest frequencies without the DC term against their mean; phash.test.ts checks the two agree), as a signed
 * 64-bit integer for a PostgreSQL bigint. sharp-phash computes all 32x32 coefficients in four nested loops (a
 * million multiplications on the event loop per photo); the 64 it reads come from a separable transform in about
 * ten thousand. Computed from the stored thumbnail (not the upload), so a later re-hash of the store gives the
 * same value.
 */
export async function perceptualHash(jpeg: Buffer): Promise<bigint> {
  const data = await sharp(jpeg).greyscale().resize(SAMPLE, SAMPLE, { fit: 'fill' }).rotate().raw().toBuffer();
  if (data.length !== SAMPLE * SAMPLE) throw new Error('perceptual hash: unexpected sample size');
  // Rows first: row[x][v] = Σ_y f(x, y) cos(…y…v), for v = 1..8 (pixel (x, y) is data[y * 32 + x]).
  const rows = new Float64Array(SAMPLE * LOW);
  for (let x = 0; x < SAMPLE; x++) {
    for (let v = 1; v <= LOW; v++) {
      let sum = 0;
      for (let y = 0; y < SAMPLE; y++) sum += (COS[y * SAMPLE + v] as number) * (data[SAMPLE * y + x] as number);
      rows[x * LOW + v - 1] = sum;
    }
  }
  // Then columns: F(u, v) = ¼ Σ_x cos(…x…u) row[x][v], for u = 1..8 (the scale factors are 1 away from u, v = 0).
  const coefficients = new Float64Array(LOW * LOW);
  let total = 0;
  for (let u = 1; u <= LOW; u++) {
    for (let v = 1; v <= LOW; v++) {
      let sum = 0;
      for (let x = 0; x < SAMPLE; x++) sum += (COS[x * SAMPLE + u] as number) * (rows[x * LOW + v - 1] as number);
      coefficients[(u - 1) * LOW + v - 1] = sum / 4;
      total += sum / 4;
    }
  }
  const mean = total / (LOW * LOW);
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > mean ? 1n : 0n);
  return BigInt.asIntN(64, hash);
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
