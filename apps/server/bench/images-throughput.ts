/**
 * Benchmark: the server's photo resize throughput as a ratio to bare sharp doing the same resize and
 * thumbnail on the same images, in one run. Run: npm run bench:images (BENCH_ROUNDS, default 7).
 *
 * Two figures, each against the same bare-sharp rounds:
 * - the server's image pipeline, as the upload route runs it (media/images.ts and the store): sniffing the bytes,
 *   the pixel cap, orientation, flattening, sRGB, the resize and re-encode, the thumbnail, both hashes and the
 *   perceptual hash, the SHA-256 of the upload for the retry check, and writing both files to the local store.
 *   This is the "server resize throughput" the goal is set on: ≥ 0.8, the script exits 1 below it.
 * - the whole upload route (POST …/images/upload through Fastify): the above plus multipart parsing, the session,
 *   the owner check and the database transaction. Reported, with no goal: on this 2-core machine both sides keep
 *   both cores busy, so the ratio is the ratio of CPU per photo, and the route's extra (the database, HTTP, the
 *   benchmark's own client) costs CPU that libvips would otherwise use. See docs/ARCHITECTURE.md (photos).
 *
 * Fair and stable on a shared machine: every side gets the same images at the same concurrency in the same process
 * (so the same sharp.concurrency and libuv thread pool); all are warmed up first; the rounds rotate which side
 * goes first, each round gives a ratio, and the median ratio is reported. The route's request bodies are built
 * before a round's clock starts and sent as their parts, as a network would deliver them; every upload asks for
 * the same work as the bare side (orientation 1, so no flip) and is a new photo for its slot (never answered as a
 * retry, which the benchmark checks). CPU time per image is printed too: on a busy machine it is steadier than the
 * wall clock. The database is opened as the server opens it: PGlite in a data directory, or PostgreSQL with
 * DATABASE_URL; BENCH_MEMDB=1 gives the tests' in-memory PGlite.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CSRF_HEADER } from '@app/contract/auth';
import { IMAGE_SIZE, THUMBNAIL_SIZE } from '@app/contract/media';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { processImage } from '../src/media/images.ts';
import { LocalMediaStore, type MediaStore } from '../src/media/store-provider.ts';
import { loadConfig } from '../src/platform/config.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { openPglite } from '../src/platform/db/pglite.ts';
import { openPostgres } from '../src/platform/db/postgres.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONCURRENCY = 2;
/** Each image this many times per round and side. */
const REPEATS = 4;

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

/** The request body as its parts, sent one after the other (no copy of the photo into one buffer). */
function multipart(fields: Record<string, string>, file: Buffer): { parts: Buffer[]; type: string } {
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
  return { parts, type: `multipart/form-data; boundary=${b}` };
}

interface Measured {
  /** Images per second (wall clock). */
  rate: number;
  /** CPU time of the whole process (every thread) per image, in ms. */
  cpuMs: number;
}

/** Runs jobs CONCURRENCY at a time. */
async function measure(jobs: (() => Promise<void>)[]): Promise<Measured> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]?.();
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    rate: jobs.length / ((performance.now() - started) / 1000),
    cpuMs: (used.user + used.system) / 1000 / jobs.length,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-images-'));
// DATABASE_URL: the same run on a PostgreSQL server (its own schema), to tell the database's share from the rest.
const schema = `bench_images_${process.pid}`;
const db = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, schema)
  : await openPglite(process.env.BENCH_MEMDB ? undefined : path.join(dataDir, 'pgdata'));
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
const round = () => Array.from({ length: REPEATS }, () => inputs).flat();

// Upload n goes to slot n % 10 + 1; the slot's previous photo (upload n - 10) is another image (10 is not a
// multiple of 3), so no upload is a retry of the one before it in its slot.
let uploads = 0;
const imageIds = new Set<string>();
/** A round's requests, built before its clock starts. */
function serverJobs(): (() => Promise<void>)[] {
  return round().map((img) => {
    const slot = (uploads++ % 10) + 1;
    const { parts, type } = multipart({ picNumber: String(slot), orientation: '1', OrderID: String(orderId) }, img);
    const length = String(parts.reduce((n, p) => n + p.length, 0));
    return async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/publish/${orderId}/images/upload`,
        headers: { ...headers(), 'content-type': type, 'content-length': length },
        payload: Readable.from(parts),
      });
      if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      imageIds.add(res.json<{ image: { id: string } }>().image.id);
    };
  });
}
const bareJobs = () => round().map((img) => () => bareSharp(img));

// The route's image work without HTTP and the database (publish-images.ts does these same calls).
const pipelineStore: MediaStore = new LocalMediaStore(path.join(dataDir, 'pipeline-media'));
const pipelineJobs = () =>
  round().map((img) => async () => {
    const processing = processImage(img, 1);
    crypto.createHash('sha256').update(img).update('|1').digest('hex');
    const { jpeg, thumbnail } = await processing;
    const name = crypto.randomBytes(16).toString('hex');
    await Promise.all([
      pipelineStore.put(`${name}.jpg`, jpeg, 'image/jpeg'),
      pipelineStore.put(`${name}_t.jpg`, thumbnail, 'image/jpeg'),
    ]);
  });

// Warm-up of every side (JIT, sharp's caches, PGlite, the stores' directories).
await measure(bareJobs());
await measure(pipelineJobs());
await measure(serverJobs());

const bare: Measured[] = [];
const pipeline: Measured[] = [];
const server: Measured[] = [];
const sides = [() => bareJobs(), () => pipelineJobs(), () => serverJobs()];
const results = [bare, pipeline, server];
for (let r = 0; r < ROUNDS; r++) {
  // Each side's jobs are built before its clock starts; the side that goes first rotates round by round.
  for (let k = 0; k < sides.length; k++) {
    const side = (r + k) % sides.length;
    results[side]?.push(await measure((sides[side] as () => (() => Promise<void>)[])()));
  }
}
if (imageIds.size !== uploads) throw new Error(`${uploads - imageIds.size} uploads were answered as retries`);
const ratiosOf = (ms: Measured[]) => bare.map((b, i) => (ms[i] as Measured).rate / b.rate);
const pipelineRatios = ratiosOf(pipeline);
const routeRatios = ratiosOf(server);
const ratio = median(pipelineRatios);

const line = (ms: Measured[]) =>
  `${median(ms.map((m) => m.rate)).toFixed(2)} images/s, ${median(ms.map((m) => m.cpuMs)).toFixed(0)} ms CPU per image`;
console.log(`${ROUNDS} rounds of ${round().length} images, ${CONCURRENCY} at a time; medians:`);
console.log(`bare sharp (resize + thumbnail):  ${line(bare)}`);
console.log(`server image pipeline:            ${line(pipeline)}`);
console.log(`POST …/images/upload (whole):     ${line(server)}`);
console.log(`pipeline ratio per round:         ${pipelineRatios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(`route ratio per round:            ${routeRatios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(`whole route / bare sharp:         ${median(routeRatios).toFixed(2)} (median; reported, no goal)`);
console.log(`server resize / bare sharp:       ${ratio.toFixed(2)} (median; goal at least 0.80)`);

await app.close();
await db.close();
if (process.env.DATABASE_URL) {
  // The run's schema goes with it (a shared test database otherwise collects one per run).
  const admin = await openPostgres(process.env.DATABASE_URL);
  await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
  await admin.close();
}
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(ratio >= 0.8 ? 0 : 1);
