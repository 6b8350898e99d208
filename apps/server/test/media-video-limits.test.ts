/**
 * The limits on the video host's unfinished uploads (src/video/uploads-service.ts): open uploads per ad and per customer,
 * the bytes a customer holds in them, the free-disk floor, and their expiry by the `video.expire` job. Each limit is
 * counted in the database: a second app on the same database (another process) sees the same count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_UPLOAD_MAX_BYTES, type VideoTokenResponse } from '@app/contract/media';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { he } from '../src/i18n/messages.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { freeBytes, VIDEO_EXPIRE_JOB } from '../src/video/uploads-service.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const MP4 = fs.readFileSync(path.join(fixtures, 'tiny.mp4'));
const SECRET = 'video-token-secret-of-the-limits-0123456789';
const MB = 1024 * 1024;
const MINUTE = 60_000;
const TUS = { 'tus-resumable': '1.0.0' };

interface Host {
  t: TestApp;
  dir: string;
  url: string;
}

async function startHost(env: Record<string, string> = {}): Promise<Host> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-video-limits-'));
  const t = await createTestApp({ VIDEO_TOKEN_SECRET: SECRET, DATA_DIR: dir, ...env }, { listenVideo: true });
  if (!t.videoUrl) throw new Error('the video host did not listen');
  return { t, dir, url: t.videoUrl };
}

async function stopHost(host: Host | undefined): Promise<void> {
  if (!host) return;
  await host.t.close();
  fs.rmSync(host.dir, { recursive: true, force: true });
}

/** A registered customer and `ads` reserved ads of theirs (reserved ads take videos too). */
async function customerWithAds(t: TestApp, ip: string, ads: number): Promise<{ agent: Agent; ads: number[] }> {
  const agent = new Agent(t.app, ip);
  await register(agent);
  const ids: number[] = [];
  for (let i = 0; i < ads; i++) {
    const res = await agent.post('/api/publish/reserve-order', {
      cat: '1',
      subcat: '1',
      idempotencyKey: `video-${ip.replaceAll('.', '-')}-${i}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().OrderID);
  }
  return { agent, ads: ids };
}

async function tokenFor(agent: Agent, orderId: number): Promise<string> {
  const res = await agent.post(`/api/publish/${orderId}/video/token`, { OrderID: orderId });
  expect(res.statusCode).toBe(200);
  return res.json<VideoTokenResponse>().token;
}

/** POST: a new tus upload declaring `length` bytes. */
const create = (base: string, token: string, length: number) =>
  fetch(`${base}/video/files`, {
    method: 'POST',
    headers: { ...TUS, 'upload-length': String(length), 'x-video-token': token },
  });

async function created(base: string, token: string, length: number): Promise<string> {
  const res = await create(base, token, length);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get('location') ?? '';
}

async function refused(base: string, token: string, length: number, status: number, message: string) {
  const res = await create(base, token, length);
  expect(res.status).toBe(status);
  expect(await res.text()).toBe(message);
}

const idOf = (location: string) => location.split('/').pop() ?? '';
const openRows = async (t: TestApp) =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_uploads'))[0]?.n);

/** The app of the default limits (the floor has its own). */
let host: Host;
beforeAll(async () => {
  host = await startHost();
});
afterAll(() => stopHost(host));

describe('open uploads per ad and per customer, bytes held (defaults: 2 per ad, 4 per customer, 400 MB)', () => {
  let second: FastifyInstance | undefined;
  afterAll(async () => {
    await second?.close();
  });

  it('two per ad, in whichever process; finishing or ending one makes room', async () => {
    const { agent, ads } = await customerWithAds(host.t, '10.5.0.1', 2);
    const [adA, adB] = ads as [number, number];
    const token = await tokenFor(agent, adA);
    await created(host.url, token, MP4.length);
    const ended = await created(host.url, token, 1000);
    await refused(host.url, token, 1000, 429, he.videoOpenPerAd);
    // Another process on the same database (its own video host) counts the same uploads.
    const secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-video-limits-2-'));
    second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', VIDEO_TOKEN_SECRET: SECRET, DATA_DIR: secondDir }),
      db: host.t.db,
      clock: new ManualClock(host.t.clock.now()),
    });
    const secondPort = await second.videoHost.listen({ port: 0, host: '127.0.0.1' });
    await refused(`http://127.0.0.1:${secondPort}`, token, 1000, 429, he.videoOpenPerAd);
    // Another ad of the same customer has its own two.
    await created(host.url, await tokenFor(agent, adB), 1000);

    // Ending one (tus termination) makes room for one.
    const del = await fetch(new URL(ended, host.url), {
      method: 'DELETE',
      headers: { ...TUS, 'x-video-token': token },
    });
    expect(del.status).toBe(204);
    const third = await created(host.url, token, MP4.length);
    await refused(host.url, token, 1000, 429, he.videoOpenPerAd);
    // Finishing one (all its bytes, a real MP4) makes room too.
    const done = await fetch(new URL(third, host.url), {
      method: 'PATCH',
      headers: {
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'x-video-token': token,
      },
      body: new Uint8Array(MP4),
    });
    expect(done.status).toBe(200);
    await created(host.url, token, 1000);
    fs.rmSync(secondDir, { recursive: true, force: true });
  });

  it('four per customer across their ads; another customer is not counted with them', async () => {
    const { agent, ads } = await customerWithAds(host.t, '10.5.0.2', 3);
    const tokens = await Promise.all(ads.map((id) => tokenFor(agent, id)));
    const [a, b, c] = tokens as [string, string, string];
    for (const token of [a, a, b, b]) await created(host.url, token, 1000);
    await refused(host.url, c, 1000, 429, he.videoOpenPerCustomer);
    const other = await customerWithAds(host.t, '10.5.0.3', 1);
    await created(host.url, await tokenFor(other.agent, other.ads[0] as number), 1000);
  });

  it('ten creates at once for one ad: exactly two are opened (one customer’s creates are counted one at a time)', async () => {
    const { agent, ads } = await customerWithAds(host.t, '10.5.0.5', 1);
    const token = await tokenFor(agent, ads[0] as number);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => create(host.url, token, 1000)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    const rows = await host.t.db.query('SELECT 1 FROM video_uploads WHERE ad_id = $1', [ads[0]]);
    expect(rows).toHaveLength(2);
  });

  it('400 MB declared per customer: two full-size videos at once, not a byte more', async () => {
    const { agent, ads } = await customerWithAds(host.t, '10.5.0.4', 3);
    const tokens = await Promise.all(ads.map((id) => tokenFor(agent, id)));
    const [a, b, c] = tokens as [string, string, string];
    expect(VIDEO_UPLOAD_MAX_BYTES).toBe(200 * MB);
    await created(host.url, a, VIDEO_UPLOAD_MAX_BYTES);
    await created(host.url, b, VIDEO_UPLOAD_MAX_BYTES);
    await refused(host.url, c, 1, 429, he.videoOpenBytes);
    // What the attacker did: thirty 200 MB uploads from one token. Two are held at most.
    const before = await openRows(host.t);
    for (let i = 0; i < 30; i++) expect((await create(host.url, c, VIDEO_UPLOAD_MAX_BYTES)).status).toBe(429);
    expect(await openRows(host.t)).toBe(before);
  });
});

describe('the free-disk floor (VIDEO_DISK_FLOOR_MB)', () => {
  let floored: Host | undefined;
  afterAll(() => stopHost(floored));

  it('set 100 MB under the free space: a small upload fits; one that would go below it is refused, unrecorded', async () => {
    const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'media-video-limits-free-'));
    const floorMb = Math.floor((await freeBytes(probe)) / MB) - 100;
    fs.rmSync(probe, { recursive: true, force: true });
    floored = await startHost({ VIDEO_DISK_FLOOR_MB: String(floorMb) });
    const { agent, ads } = await customerWithAds(floored.t, '10.5.1.2', 1);
    const token = await tokenFor(agent, ads[0] as number);
    await refused(floored.url, token, VIDEO_UPLOAD_MAX_BYTES, 507, he.videoNoRoom);
    expect(await openRows(floored.t)).toBe(0);
    expect(fs.readdirSync(path.join(floored.dir, 'videos'))).toEqual([]);
    await created(floored.url, token, 1000);
    expect(await openRows(floored.t)).toBe(1);
  });
});

describe('expiry (VIDEO_UPLOAD_EXPIRE_MIN, default 50) by the video.expire job', () => {
  it('an unfinished upload is removed with its file within the hour, and its room is given back', async () => {
    const { agent, ads } = await customerWithAds(host.t, '10.5.2.1', 1);
    const token = await tokenFor(agent, ads[0] as number);
    const started = host.t.clock.now().getTime();
    const first = idOf(await created(host.url, token, 1000));
    host.t.clock.advance(20 * MINUTE);
    const second = idOf(await created(host.url, token, 1000));
    await refused(host.url, token, 1000, 429, he.videoOpenPerAd);
    const file = (id: string) => path.join(host.dir, 'videos', id);
    expect(fs.existsSync(file(first))).toBe(true);

    // The job runs every five minutes (scheduled when the app became ready, each run schedules the next).
    const pending = await host.t.db.query<{ run_at: Date }>(
      "SELECT run_at FROM scheduled_jobs WHERE kind = $1 AND status = 'pending'",
      [VIDEO_EXPIRE_JOB],
    );
    expect(pending).toHaveLength(1);
    expect(new Date(pending[0]?.run_at ?? 0).getTime() - host.t.clock.now().getTime()).toBeLessThanOrEqual(5 * MINUTE);

    // 45 minutes after it began: still there.
    host.t.clock.advance(started + 45 * MINUTE - host.t.clock.now().getTime());
    await host.t.app.jobs.runDueJobs();
    expect(fs.existsSync(file(first))).toBe(true);

    // By 55 minutes the first is gone, file, info and row; the second (35 minutes old) stays.
    host.t.clock.advance(10 * MINUTE);
    await host.t.app.jobs.runDueJobs();
    expect(fs.existsSync(file(first))).toBe(false);
    expect(fs.existsSync(`${file(first)}.json`)).toBe(false);
    expect(fs.existsSync(file(second))).toBe(true);
    const rows = await host.t.db.query<{ upload_id: string }>('SELECT upload_id FROM video_uploads');
    expect(rows.map((r) => r.upload_id)).toEqual([second]);
    // Its place is free again.
    await created(host.url, token, 1000);
    // tus itself no longer offers it.
    const head = await fetch(`${host.url}/video/files/${first}`, {
      method: 'HEAD',
      headers: { ...TUS, 'x-video-token': token },
    });
    expect(head.status).toBe(404);
  });
});
