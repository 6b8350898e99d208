/**
 * Measurement (the reused-photo check): how far apart the perceptual hashes of copies of one photo and of different
 * photos land, through the real upload pipeline (processImage, then the hash of the stored JPEG). It prints, for each
 * kind of copy, the largest distance to the original's hash, and the smallest distances between different photos, so
 * that REUSED_MAX_DISTANCE (media/phash.ts) can be chosen between them. Exits 1 when the threshold misses a copy or
 * matches two different photos.
 *
 * Run: PHOTOS_DIR=/path/to/photos npm run bench:phash
 * Any folder of real photographs (jpeg/png/webp) will do; the figures in the server README were taken on the
 * scikit-image sample photos and the ukui wallpapers (Debian packages python3-skimage and ukui-wallpapers,
 * unpacked with `apt-get download` and `dpkg -x`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { processImage } from '../src/media/images.ts';
import { hammingDistance, perceptualHash, REUSED_MAX_DISTANCE } from '../src/media/phash.ts';

const dir = process.env.PHOTOS_DIR;
if (!dir) {
  console.error('PHOTOS_DIR=<folder of photos> npm run bench:phash');
  process.exit(2);
}

/** Crops `f` of the width and height from each edge. */
async function crop(img: Buffer, f: number): Promise<Sharp> {
  const { width = 0, height = 0 } = await sharp(img).metadata();
  const dx = Math.round(width * f);
  const dy = Math.round(height * f);
  return sharp(img).extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy });
}

const scaled = async (img: Buffer, f: number) => {
  const { width = 0 } = await sharp(img).metadata();
  return sharp(img).resize({ width: Math.max(16, Math.round(width * f)) });
};

/** What a person does to a photo before posting it again: the copies that must be recognised. */
const COPIES: [string, (img: Buffer) => Promise<Buffer>][] = [
  ['jpeg q90', (i) => sharp(i).jpeg({ quality: 90 }).toBuffer()],
  ['jpeg q40', (i) => sharp(i).jpeg({ quality: 40 }).toBuffer()],
  ['webp q50', (i) => sharp(i).webp({ quality: 50 }).toBuffer()],
  ['png', (i) => sharp(i).png().toBuffer()],
  ['50% + jpeg q70', async (i) => (await scaled(i, 0.5)).jpeg({ quality: 70 }).toBuffer()],
  ['25% + jpeg q60', async (i) => (await scaled(i, 0.25)).jpeg({ quality: 60 }).toBuffer()],
  ['brighter 10%', (i) => sharp(i).modulate({ brightness: 1.1 }).jpeg().toBuffer()],
  ['crop 2% per edge', async (i) => (await crop(i, 0.02)).jpeg().toBuffer()],
  ['crop 3.5% per edge', async (i) => (await crop(i, 0.035)).jpeg().toBuffer()],
  ['crop 5% per edge', async (i) => (await crop(i, 0.05)).jpeg().toBuffer()],
  [
    'crop 3% + 60% + q60',
    async (i) => {
      const c = await (await crop(i, 0.03)).png().toBuffer();
      return (await scaled(c, 0.6)).jpeg({ quality: 60 }).toBuffer();
    },
  ],
];

/** As the upload route does it: process the upload, hash the stored JPEG. */
const hashOf = async (upload: Buffer) => perceptualHash((await processImage(upload, 1)).jpeg);

const names = (await fs.readdir(dir)).filter((n) => /\.(jpe?g|png|webp)$/i.test(n)).sort();
const originals: { name: string; hash: bigint }[] = [];
const byKind = new Map<string, { d: number; name: string }[]>();
const all: number[] = [];
const perPhotoMs: number[] = [];
for (const name of names) {
  // Every photo at phone-like size first (the browser sends at most a few megapixels).
  const source = await sharp(await fs.readFile(path.join(dir, name)))
    .flatten({ background: '#ffffff' })
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 92 })
    .toBuffer();
  const { jpeg } = await processImage(source, 1);
  const started = performance.now();
  const hash = await perceptualHash(jpeg);
  perPhotoMs.push(performance.now() - started);
  originals.push({ name, hash });
  for (const [kind, make] of COPIES) {
    const d = hammingDistance(hash, await hashOf(await make(source)));
    all.push(d);
    byKind.set(kind, [...(byKind.get(kind) ?? []), { d, name }]);
  }
}

console.log(`${originals.length} photos from ${dir}\n\nCopies of one photo: distance to the original, the 3 largest`);
for (const [kind] of COPIES) {
  const top = (byKind.get(kind) ?? []).sort((a, b) => b.d - a.d).slice(0, 3);
  const caught = (byKind.get(kind) ?? []).filter((w) => w.d <= REUSED_MAX_DISTANCE).length;
  const worst = top.map((w) => `${String(w.d).padStart(2)} ${w.name}`).join(', ');
  console.log(
    `  ${kind.padEnd(20)} ${String(caught).padStart(3)}/${originals.length} within ${REUSED_MAX_DISTANCE}; ${worst}`,
  );
}
const pairs: { d: number; a: string; b: string }[] = [];
for (let i = 0; i < originals.length; i++)
  for (let j = i + 1; j < originals.length; j++) {
    const a = originals[i];
    const b = originals[j];
    if (a && b) pairs.push({ d: hammingDistance(a.hash, b.hash), a: a.name, b: b.name });
  }
pairs.sort((x, y) => x.d - y.d);
console.log(`\nDifferent photos: ${pairs.length} pairs, the closest:`);
for (const p of pairs.slice(0, 6)) console.log(`  ${String(p.d).padStart(2)}  ${p.a} / ${p.b}`);
const median = pairs[Math.floor(pairs.length / 2)]?.d;
console.log(`  median ${median}`);
const ms = perPhotoMs.sort((a, b) => a - b)[Math.floor(perPhotoMs.length / 2)] ?? 0;
console.log(`\nhash of a stored JPEG: median ${ms.toFixed(1)} ms`);

const maxCopy = Math.max(...all);
const minDifferent = pairs[0]?.d ?? 64;
console.log(
  `\nthreshold ${REUSED_MAX_DISTANCE}: copies up to ${maxCopy} → ${maxCopy <= REUSED_MAX_DISTANCE ? 'all flagged' : 'SOME MISSED'}; ` +
    `different photos from ${minDifferent} → ${minDifferent > REUSED_MAX_DISTANCE ? 'none flagged' : 'SOME FLAGGED'}`,
);
process.exit(maxCopy <= REUSED_MAX_DISTANCE && minDifferent > REUSED_MAX_DISTANCE ? 0 : 1);
