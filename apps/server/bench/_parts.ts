import sharp from 'sharp';
import { IMAGE_SIZE, THUMBNAIL_SIZE } from '@app/contract/media';
import { encodeImage, deriveImage } from '../src/media/images.ts';
const noisy = async (width: number, height: number, format: 'jpeg' | 'png') => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(1.2).toFormat(format, { quality: 90 }).toBuffer();
};
const inputs = [await noisy(4032, 3024, 'jpeg'), await noisy(3000, 4000, 'jpeg'), await noisy(2400, 1800, 'png')];
async function bare(input: Buffer) {
  const jpeg = await sharp(input).resize({ ...IMAGE_SIZE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await sharp(jpeg).resize({ ...THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
}
async function enc(input: Buffer) { await encodeImage(input, 1); }
async function full(input: Buffer) { const e = await encodeImage(input, 1); await deriveImage(e.jpeg); }
async function encNoFlat(input: Buffer) {
  await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error', pages: 1 }).resize({ ...IMAGE_SIZE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
async function run(name: string, f: (b: Buffer) => Promise<void>) {
  const jobs = Array.from({ length: 8 }, () => inputs).flat();
  const t = performance.now(); const c = process.cpuUsage();
  let next = 0;
  await Promise.all([0, 1].map(async () => { while (next < jobs.length) await f(jobs[next++] as Buffer); }));
  const u = process.cpuUsage(c);
  console.log(name.padEnd(10), (jobs.length / ((performance.now() - t) / 1000)).toFixed(2), 'img/s', ((u.user + u.system) / 1000 / jobs.length).toFixed(0), 'ms cpu');
}
for (let r = 0; r < 3; r++) { await run('bare', bare); await run('encNoFlat', encNoFlat); await run('enc', enc); await run('full', full); }
