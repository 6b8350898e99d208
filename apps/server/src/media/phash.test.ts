import sharp from 'sharp';
import sharpPhash from 'sharp-phash';
import { describe, expect, it } from 'vitest';
import { scenePhoto } from '../../test/support/photo-upload.ts';
import { processImage } from './images.ts';
import { hammingDistance, perceptualHash, REUSED_MAX_DISTANCE } from './phash.ts';

describe('hammingDistance', () => {
  it('counts the differing bits of two signed 64-bit hashes', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, 1n)).toBe(1);
    expect(hammingDistance(0b1011n, 0b0110n)).toBe(3);
    // The sign bit is one of the 64: -1 is all ones, the most negative bigint is the top bit alone.
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(-(2n ** 63n), 0n)).toBe(1);
    expect(hammingDistance(-(2n ** 63n), 2n ** 63n - 1n)).toBe(64);
    expect(hammingDistance(123456789n, -987654321n)).toBe(hammingDistance(-987654321n, 123456789n));
  });

  it('agrees with counting the differing characters of the two 64-bit strings', () => {
    const bits = (n: bigint) => BigInt.asUintN(64, n).toString(2).padStart(64, '0');
    for (const [a, b] of [
      [0x0123456789abcdefn, -0x0fedcba987654321n],
      [-5n, 5n],
      [2n ** 62n + 7n, -(2n ** 40n)],
    ] as const) {
      const differing = [...bits(a)].filter((c, i) => c !== bits(b)[i]).length;
      expect(hammingDistance(a, b)).toBe(differing);
    }
  });
});

describe('perceptualHash', () => {
  // Several full sharp encodes: seconds on a busy machine (it timed out at the default 5 s in a loaded run).
  it('keeps a re-encoded, rescaled copy within the threshold and a different photo outside it', {
    timeout: 30_000,
  }, async () => {
    const original = await scenePhoto(1);
    const hash = (await processImage(original, 1)).phash;
    expect(hash).toBe(await perceptualHash((await processImage(original, 1)).jpeg));
    expect(hash).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(hash).toBeLessThan(2n ** 63n);

    const copy = await sharp(original).resize({ width: 700 }).webp({ quality: 55 }).toBuffer();
    expect(hammingDistance(hash, (await processImage(copy, 1)).phash)).toBeLessThanOrEqual(REUSED_MAX_DISTANCE);
    const other = (await processImage(await scenePhoto(2), 1)).phash;
    expect(hammingDistance(hash, other)).toBeGreaterThan(REUSED_MAX_DISTANCE);
  });
});

describe('perceptualHash against sharp-phash', () => {
  it('gives the same 64 bits as sharp-phash, whose hash the reuse threshold was measured with', {
    timeout: 30_000,
  }, async () => {
    const noise = (seed: number) => {
      const raw = Buffer.alloc(240 * 180 * 3);
      for (let i = 0; i < raw.length; i++) raw[i] = ((i + seed) * 2654435761) >>> 24;
      return sharp(raw, { raw: { width: 240, height: 180, channels: 3 } })
        .blur(1 + seed / 2)
        .jpeg()
        .toBuffer();
    };
    const photos = [
      ...(await Promise.all([1, 2, 3, 4].map((n) => scenePhoto(n)))),
      ...(await Promise.all([0, 1, 2].map(noise))),
    ];
    for (const photo of photos) {
      const { thumbnail } = await processImage(photo, 1);
      const bits = await sharpPhash(thumbnail);
      expect(
        BigInt.asUintN(64, await perceptualHash(thumbnail))
          .toString(2)
          .padStart(64, '0'),
      ).toBe(bits);
    }
  });
});
