/**
 * The hourly orphan photo sweep (src/media/sweep-jobs.ts): a scheduled job, on the local directory and
 * on an S3-protocol server (s3rver), on PGlite and (with DATABASE_URL) PostgreSQL. Files a killed upload left behind
 * are removed once they are an hour old; a younger one (maybe another process's upload in progress) is kept, and a
 * file a photo row refers to is never removed, however old.
 *
 * Ages are file times (mtime; s3rver's LastModified is its object file's mtime), set here as a kill an hour ago
 * would have left them; the app's clock is moved to the real time first, then by hand to each sweep.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ImageUploadResponse } from '@app/contract/media';
import type { FastifyInstance } from 'fastify';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { MediaStore, S3MediaStore } from '../src/media/store-provider.ts';
import { MEDIA_SWEEP_JOB } from '../src/media/sweep-jobs.ts';
import { chooseMediaStore } from '../src/outside-services.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { uploadPhoto } from './support/media.ts';
import { scenePhoto } from './support/photo-upload.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const HOUR = 60 * 60_000;
const MINUTE = 60_000;
const BUCKET = 'ad-photos';

interface StoreSetup {
  env: Record<string, string>;
  /** Sets an object's last-written time, as the store reports it in its listing. */
  age: (key: string, at: Date) => Promise<void>;
  /** Writes a temporary file as a write killed half way leaves it (the local directory only). */
  temporary?: (name: string, at: Date) => Promise<void>;
  stop: () => Promise<void>;
}

const stores: [string, () => Promise<StoreSetup>][] = [
  [
    'local directory',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-sweep-local-'));
      const media = path.join(dir, 'media');
      return {
        env: { DATA_DIR: dir },
        age: (key, at) => fs.utimes(path.join(media, key), at, at),
        async temporary(name, at) {
          await fs.mkdir(media, { recursive: true });
          await fs.writeFile(path.join(media, name), 'half a jpeg');
          await fs.utimes(path.join(media, name), at, at);
        },
        stop: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-sweep-s3-'));
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: dir,
        configureBuckets: [{ name: BUCKET }],
      });
      const { port } = await server.run();
      return {
        env: {
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: BUCKET,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
        // s3rver answers LastModified from its object file's mtime.
        age: (key, at) => fs.utimes(path.join(dir, BUCKET, `${key}._S3rver_object`), at, at),
        async stop() {
          await server.close();
          await fs.rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

const hex = (n: number) => n.toString(16).padStart(32, '0');
const setClock = (clock: ManualClock, at: number) => clock.advance(at - clock.now().getTime());

describe.each(stores)('the orphan photo sweep on the %s', (_name, setUp) => {
  let s: StoreSetup;
  let t: TestApp;
  let store: MediaStore;
  let other: FastifyInstance | undefined;

  beforeAll(async () => {
    s = await setUp();
    t = await createTestApp(s.env);
    // File times are real: the app's clock starts at the real time (before the app is ready and schedules).
    setClock(t.clock, Date.now());
    store = chooseMediaStore(loadConfig({ NODE_ENV: 'test', ...s.env }));
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    (store as Partial<S3MediaStore>).destroy?.();
    await s?.stop();
  });

  const present = async (key: string) => (await store.get(key)) !== null;
  const sweepJobs = () =>
    t.db.query<{ status: string; run_at: string }>(
      'SELECT status, run_at FROM scheduled_jobs WHERE kind = $1 ORDER BY run_at',
      [MEDIA_SWEEP_JOB],
    );

  it('is an hourly job: removes unreferenced files older than an hour, keeps younger ones and referenced ones', async () => {
    // A customer's photo: its two files are referenced by a row.
    const agent = new Agent(t.app, '10.9.0.1');
    await register(agent);
    const reserved = await agent.post('/api/publish/reserve-order', {
      cat: '1',
      subcat: '1',
      idempotencyKey: 'sweep-test-ad-1',
    });
    expect(reserved.statusCode).toBe(200);
    const orderId = reserved.json().OrderID as number;
    const up = await uploadPhoto(
      t,
      agent,
      orderId,
      { picNumber: '1', orientation: '1' },
      {
        bytes: await scenePhoto(7, 800, 600),
      },
    );
    expect(up.statusCode, up.body).toBe(200);
    const photo = up.json<ImageUploadResponse>().image;
    const imageKey = String(photo?.url.split('/').pop());
    const thumbKey = String(photo?.thumbnailUrl.split('/').pop());

    // The app scheduled the sweep when it became ready: one job, at the next full hour.
    const jobs = await sweepJobs();
    expect(jobs).toHaveLength(1);
    const runAt = new Date(jobs[0]?.run_at ?? 0).getTime();
    expect(jobs[0]?.status).toBe('pending');
    expect(runAt % HOUR).toBe(0);
    expect(runAt - t.clock.now().getTime()).toBeGreaterThan(0);
    expect(runAt - t.clock.now().getTime()).toBeLessThanOrEqual(HOUR);

    // A second process on the same database (PostgreSQL: another server; PGlite: the same idea) asks for the same
    // hour's sweep: still one job.
    const clock2 = new ManualClock(t.clock.now());
    other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', ...s.env }),
      db: t.db,
      clock: clock2,
    });
    await other.ready();
    expect(await sweepJobs()).toHaveLength(1);

    // What kills left: files without a row, written 2 h and 10 min before the sweep; and the photo's own files, old.
    const orphanOld = `${hex(0xa1)}.jpg`;
    const orphanOldThumb = `${hex(0xa1)}_t.jpg`;
    const orphanFresh = `${hex(0xb2)}.jpg`;
    for (const key of [orphanOld, orphanOldThumb, orphanFresh]) await store.put(key, Buffer.from('jpeg'), 'image/jpeg');
    const twoHoursBefore = new Date(runAt - 2 * HOUR);
    const tenMinutesBefore = new Date(runAt - 10 * MINUTE);
    for (const key of [orphanOld, orphanOldThumb, imageKey, thumbKey]) await s.age(key, twoHoursBefore);
    await s.age(orphanFresh, tenMinutesBefore);
    const tmpOld = `${hex(0xc3)}.jpg.4242.tmp`;
    const tmpFresh = `${hex(0xd4)}_t.jpg.4243.tmp`;
    await s.temporary?.(tmpOld, twoHoursBefore);
    await s.temporary?.(tmpFresh, tenMinutesBefore);
    const tmpPresent = (name: string) =>
      fs
        .access(path.join(s.env.DATA_DIR ?? '', 'media', name))
        .then(() => true)
        .catch(() => false);

    // Before its hour nothing runs.
    setClock(t.clock, runAt - 1000);
    await t.app.jobs.runDueJobs();
    expect(await present(orphanOld)).toBe(true);

    // At its hour, in whichever process claims it (both try at once): old orphans gone, the rest kept.
    setClock(t.clock, runAt + 1000);
    setClock(clock2, runAt + 1000);
    await Promise.all([t.app.jobs.runDueJobs(), other.jobs.runDueJobs()]);
    expect(await present(orphanOld)).toBe(false);
    expect(await present(orphanOldThumb)).toBe(false);
    expect(await present(orphanFresh)).toBe(true); // 10 minutes old: maybe an upload still in progress
    expect(await present(imageKey)).toBe(true); // referenced, however old
    expect(await present(thumbKey)).toBe(true);
    if (s.temporary) {
      expect(await tmpPresent(tmpOld)).toBe(false);
      expect(await tmpPresent(tmpFresh)).toBe(true);
    }
    // The photo is still served.
    const served = await t.app.inject({ method: 'GET', url: `/media/${imageKey}` });
    expect(served.statusCode).toBe(200);

    // It ran once and scheduled the next hour's.
    const after = await sweepJobs();
    expect(after.map((j) => [j.status, new Date(j.run_at).getTime()])).toEqual([
      ['done', runAt],
      ['pending', runAt + HOUR],
    ]);

    // An hour later the fresh orphan is old too, and goes; the referenced files stay.
    setClock(t.clock, runAt + HOUR + 1000);
    await t.app.jobs.runDueJobs();
    expect(await present(orphanFresh)).toBe(false);
    if (s.temporary) expect(await tmpPresent(tmpFresh)).toBe(false);
    expect(await present(imageKey)).toBe(true);
    expect(await present(thumbKey)).toBe(true);
    expect((await sweepJobs()).map((j) => j.status)).toEqual(['done', 'done', 'pending']);
  });
});
