/**
 * Benchmark (issue 8): the photo upload's resize throughput on the server — multipart parsing, sniffing, the
 * owner check, the re-encode to JPEG 1120x840 plus thumbnail, the store and the database — as a ratio to bare
 * sharp doing the same resize and thumbnail on the same images, in one run. Goal ≥ 0.8; exits 1 below it.
 * Run: npm run bench:images
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@app/contract/auth';
import { IMAGE_SIZE, THUMBNAIL_SIZE } from '@app/contract/media';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 2;

/** Phone-like photos: 4032x3024 and 3000x4000 JPEGs with noise (so the encoder has real work), a 2400x1800 PNG. */
async function images(): Promise<Buffer[]> {
  const noisy = async (width: number, height: number, format: 'jpeg' | 'png') => {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .blur(1.2)
      .toFormat(format, { quality: 90 })
      .toBuffer();
  };
  return [await noisy(4032, 3024, 'jpeg'), await noisy(3000, 4000, 'jpeg'), await noisy(2400, 1800, 'png')];
}

async function bareSharp(input: Buffer): Promise<void> {
  const jpeg = await sharp(input)
    .resize({ ...IMAGE_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await sharp(jpeg)
    .resize({ ...THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toBuffer();
}

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const b = `----bench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${b}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

/** Runs jobs CONCURRENCY at a time and answers images per second. */
async function rate(jobs: (() => Promise<void>)[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]?.();
    }),
  );
  return jobs.length / ((performance.now() - started) / 1000);
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-images-'));
const db = await openPglite(undefined);
await migrate(db);
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), db });

// An account and an ad of its own, through the API as a browser would.
const csrf = 'bench-client';
let cookie = `csrf=${csrf}`;
const headers = () => ({ cookie, [CSRF_HEADER]: csrf });
const reg = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  headers: headers(),
  payload: {
    username: 'bench@example.co.il',
    password: 'Secret123',
    passwordAgain: 'Secret123',
    firstname: 'א',
    lastname: 'ב',
  },
});
const session = reg.cookies.find((c) => c.name !== 'csrf');
if (!session) throw new Error(`register answered ${reg.statusCode}`);
cookie += `; ${session.name}=${session.value}`;
const [customer] = await db.query<{ id: number }>('SELECT id FROM customers LIMIT 1');
const [ad] = await db.query<{ id: number }>(
  `INSERT INTO ads (customer_id, cat, subcat, selectors, field_values, status) VALUES ($1, 1, 1, '{"cat":"1","subcat":"1"}', '{}', 'draft') RETURNING id`,
  [customer?.id],
);
const orderId = Number(ad?.id);

const inputs = await images();
let slot = 0;
const serverJob = (img: Buffer) => async () => {
  slot = (slot % 10) + 1;
  // A new orientation each time so no upload is recognised as a retry of the previous one.
  const { body, type } = multipart(
    { picNumber: String(slot), orientation: String((slot % 2) + 1), OrderID: String(orderId) },
    img,
  );
  const res = await app.inject({
    method: 'POST',
    url: `/api/publish/${orderId}/images/upload`,
    headers: { ...headers(), 'content-type': type },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
};
const jobs = (make: (img: Buffer) => () => Promise<void>) =>
  Array.from({ length: ROUNDS }, () => inputs.map(make)).flat();

await rate(jobs((img) => () => bareSharp(img))); // warm-up
const bare = await rate(jobs((img) => () => bareSharp(img)));
const server = await rate(jobs(serverJob));
const ratio = server / bare;

console.log(`bare sharp (resize + thumbnail): ${bare.toFixed(2)} images/s`);
console.log(`POST …/images/upload:            ${server.toFixed(2)} images/s`);
console.log(`ratio server / bare sharp:       ${ratio.toFixed(2)} (goal at least 0.80)`);

await app.close();
await db.close();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(ratio >= 0.8 ? 0 : 1);
