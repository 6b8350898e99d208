/**
 * Ad events for other systems: going live writes an outbox row in the transaction that publishes (a rolled-back
 * publication leaves none), carrying the ad's public view and nothing of its owner; an admin adds a subscriber in the
 * console and sees its signing secret once; a receiver on this machine (the loopback switch on) gets the event signed
 * as docs/webhooks.md says and checks it that way; a failing receiver is tried again with growing waits by the
 * scheduler's clock and paused after a day of failures, with the reason in the console and the audit log; an ad's
 * later event waits while its first one fails; addresses of our own network are refused when added (without the
 * switch, loopback too) and when a name resolves to one at delivery; staff other than admins get 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireAd } from '../src/ads/ad-expiry-jobs.ts';
import { goLive } from '../src/ads/go-live-service.ts';
import { bulkMyAds } from '../src/ads/my-ads-service.ts';
import { reviewGate } from '../src/moderation/review-gate.ts';
import type { Db } from '../src/platform/db/db.ts';
import { GIVE_UP_AFTER_MS } from '../src/webhooks/delivery-jobs.ts';
import { custId, storedAd } from './support/plan-extras.ts';
import { staffAgent } from './support/staff.ts';
import { Agent, createTestApp, register, type TestApp } from './support/test-app.ts';
import { validCarAd } from './support/vehicle-ad.ts';
import { type Receiver, verifySignature, webhookReceiver } from './support/webhook-receiver.ts';

const PHONE = '0521234567';
const CONTACT = { contactName: 'אורית כהן', validPhone1: PHONE, virtual_num: '0' };
const ALL_EVENTS = ['ad.published', 'ad.changed', 'ad.hidden', 'ad.ended', 'ad.deleted'];

describe('ad events as signed webhooks', () => {
  let t: TestApp;
  let admin: Agent;
  let ownerId: number;
  let ownerEmail: string;
  let owner: Agent;
  let rx: Receiver;
  /** Host names as this test's resolver answers them (a DNS server that may change its answer). */
  const names = new Map<string, string>();

  beforeAll(async () => {
    rx = await webhookReceiver();
    t = await createTestApp(
      { JOB_TICK_MS: '0', WEBHOOKS_ALLOW_LOOPBACK: 'true' },
      {
        webhookResolve: async (host) => {
          const address = names.get(host);
          if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
          return [{ address, family: address.includes(':') ? 6 : 4 }];
        },
      },
    );
    admin = await staffAgent(t, 'admin');
    owner = new Agent(t.app);
    const registered = await register(owner);
    expect(registered.res.statusCode).toBe(200);
    ownerEmail = registered.email;
    ownerId = await custId(owner);
  });
  afterAll(async () => {
    await t?.close();
    await rx?.close();
  });

  const draft = () => storedAd(t, ownerId, { ...validCarAd(), ...CONTACT });
  const publish = (orderId: number, days = 30) =>
    goLive(t.db, t.clock.now(), { orderId, adType: 'Free', days, reason: 'free' }, reviewGate);
  const eventsOf = (adId: number) =>
    t.db.query<{ event_id: string; type: string; view: Record<string, unknown> }>(
      'SELECT event_id, type, view FROM ad_events WHERE ad_id = $1 ORDER BY seq',
      [adId],
    );
  const subscribe = async (path: string, events = ALL_EVENTS) => {
    const res = await admin.post('/api/operator/webhooks', { url: `${rx.base}${path}`, events });
    expect(res.statusCode).toBe(200);
    return res.json() as { subscriber: { id: number; secretHint: string }; secret: string };
  };
  const unsubscribe = async (id: number) =>
    expect((await admin.post(`/api/operator/webhooks/${id}/delete`, {})).statusCode).toBe(200);
  const listed = async () => (await admin.get('/api/operator/webhooks')).json().items as Record<string, unknown>[];

  it('writes the event in the transaction that publishes: rolled back, there is none', async () => {
    const rolledBack = await draft();
    await expect(
      t.db.transaction(async (tx) => {
        const { outcome } = await goLive(
          tx,
          t.clock.now(),
          { orderId: rolledBack, adType: 'Free', days: 30, reason: 'free' },
          reviewGate,
        );
        expect(outcome).toBe('published');
        expect(await tx.query('SELECT 1 FROM ad_events WHERE ad_id = $1', [rolledBack])).toHaveLength(1);
        throw new Error('the publication fails after its event was written');
      }),
    ).rejects.toThrow('fails after');
    expect(await eventsOf(rolledBack)).toHaveLength(0);
    const [ad] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [rolledBack]);
    expect(ad?.status).toBe('draft');

    const id = await draft();
    expect((await publish(id)).outcome).toBe('published');
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['ad.published']);
    expect(events[0]?.event_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carries the ad page's public view and nothing of the owner", async () => {
    const id = await draft();
    await publish(id);
    const [event] = await eventsOf(id);
    const view = event?.view ?? {};
    expect(view).toMatchObject({ id, cat: 1, subcat: 1, path: `/item/${id}`, priceShekels: 85000, mark: null });
    expect(typeof view.title).toBe('string');
    expect(view.price).toMatch(/85,000/);
    const text = JSON.stringify(view);
    expect(text).not.toContain(ownerEmail);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain('אורית');
    // What the ad's page shows, and only that.
    expect(Object.keys(view).sort()).toEqual(
      [
        'id',
        'cat',
        'subcat',
        'title',
        'price',
        'priceShekels',
        'place',
        'locality',
        'street',
        'mark',
        'path',
        'photos',
        'publishedAt',
        'endsAt',
      ].sort(),
    );
  });

  it('shows the secret once, and the receiver gets the event signed as documented', async () => {
    const { subscriber, secret } = await subscribe('/signed');
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(subscriber.secretHint).toBe(secret.slice(-4));
    const list = await admin.get('/api/operator/webhooks');
    expect(list.body).not.toContain(secret);
    expect(list.json().items.find((s: { id: number }) => s.id === subscriber.id)).toMatchObject({
      url: `${rx.base}/signed`,
      state: 'running',
      events: ALL_EVENTS,
    });
    const [stored] = await t.db.query<{ secret_box: string }>(
      'SELECT secret_box FROM webhook_subscribers WHERE id = $1',
      [subscriber.id],
    );
    expect(stored?.secret_box).not.toContain(secret.slice(6));
    const [audit] = await t.db.query<{ detail: unknown }>(
      "SELECT detail FROM staff_audit WHERE action = 'webhook.created' AND target_id = $1",
      [String(subscriber.id)],
    );
    expect(JSON.stringify(audit?.detail)).not.toContain(secret.slice(6));

    const id = await draft();
    await publish(id);
    await t.app.jobs.runDueJobs();
    const [got] = rx.at('/signed');
    expect(rx.at('/signed')).toHaveLength(1);
    if (!got) throw new Error('nothing received');
    const header = String(got.headers['x-yad-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = t.clock.now().getTime() / 1000;
    expect(verifySignature(secret, header, got.body, now)).toBe(true);
    expect(verifySignature(secret, header, got.body.replace('ad.published', 'ad.hidden'), now)).toBe(false);
    expect(verifySignature('whsec_another', header, got.body, now)).toBe(false);
    expect(verifySignature(secret, header, got.body, now + 301)).toBe(false);
    const body = JSON.parse(got.body);
    const [event] = await eventsOf(id);
    expect(body).toMatchObject({ id: event?.event_id, type: 'ad.published', adId: id });
    expect(got.headers['x-yad-event-id']).toBe(event?.event_id);
    expect(got.headers['x-yad-event-type']).toBe('ad.published');
    expect(body.ad.url).toBe(t.app.origins.siteUrl(`/item/${id}`));
    expect(got.body).not.toContain(ownerEmail);
    expect(got.body).not.toContain(PHONE);
    expect((await listed()).find((s) => s.id === subscriber.id)).toMatchObject({ lastStatus: 200, pending: 0 });
    // Delivered once: another run sends nothing again.
    await t.app.jobs.runDueJobs();
    expect(rx.at('/signed')).toHaveLength(1);
    await unsubscribe(subscriber.id);
  });

  it('tries a failing receiver again with growing waits, then pauses it after a day', async () => {
    rx.answers.set('/failing', () => 500);
    const { subscriber } = await subscribe('/failing', ['ad.published']);
    const id = await draft();
    await publish(id);
    const start = t.clock.now().getTime();
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const before = rx.at('/failing').length;
      await t.app.jobs.runDueJobs();
      if (rx.at('/failing').length > before) times.push(t.clock.now().getTime());
      const [d] = await t.db.query<{ next_attempt_at: Date | string }>(
        'SELECT next_attempt_at FROM webhook_deliveries WHERE subscriber_id = $1',
        [subscriber.id],
      );
      const [s] = await t.db.query<{ paused_at: Date | null }>(
        'SELECT paused_at FROM webhook_subscribers WHERE id = $1',
        [subscriber.id],
      );
      if (s?.paused_at) break;
      // The scheduler's clock moves to the next try.
      t.clock.advance(Math.max(0, new Date(d?.next_attempt_at ?? 0).getTime() - t.clock.now().getTime()));
    }
    // A day has passed: the console's session with it.
    admin = await staffAgent(t, 'admin');
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
    expect(gaps.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1] ?? 0);
    expect(Math.max(...gaps)).toBe(3_600_000);
    expect((times.at(-1) ?? 0) - start).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    const shown = (await listed()).find((s) => s.id === subscriber.id);
    expect(shown).toMatchObject({
      state: 'paused',
      pausedReason: 'הושהה אוטומטית: כל ניסיונות המסירה נכשלו במשך יממה',
    });
    expect(shown?.lastStatus).toBe(500);
    expect(String(shown?.lastError).length).toBeLessThanOrEqual(300);
    expect(shown?.pending).toBe(1);
    const paused = await t.db.query(
      "SELECT 1 FROM staff_audit WHERE action = 'webhook.paused' AND target_id = $1 AND staff_id IS NULL",
      [String(subscriber.id)],
    );
    expect(paused).toHaveLength(1);
    // Paused: nothing more is sent, however late.
    const sent = rx.at('/failing').length;
    t.clock.advance(3 * 3_600_000);
    await t.app.jobs.runDueJobs();
    expect(rx.at('/failing')).toHaveLength(sent);
    // Resumed (audited), with the receiver fixed: the waiting event arrives.
    admin = await staffAgent(t, 'admin');
    rx.answers.set('/failing', () => 200);
    const resumed = await admin.post(`/api/operator/webhooks/${subscriber.id}/resume`, {});
    expect(resumed.json().subscriber).toMatchObject({ state: 'running', pausedReason: null });
    await t.app.jobs.runDueJobs();
    expect(rx.at('/failing')).toHaveLength(sent + 1);
    expect((await listed()).find((s) => s.id === subscriber.id)).toMatchObject({ pending: 0, lastStatus: 200 });
    await unsubscribe(subscriber.id);
  });

  it("keeps an ad's events in order: the later one waits while the first fails", async () => {
    let calls = 0;
    rx.answers.set('/ordered', () => (++calls === 1 ? 503 : 200));
    const { subscriber } = await subscribe('/ordered');
    const id = await draft();
    // No days on the board: its expiry is due at once, so ad.ended follows ad.published.
    await publish(id, 0);
    await t.app.jobs.runDueJobs();
    await t.app.jobs.runDueJobs();
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['ad.published', 'ad.ended']);
    const ofAd = () => rx.at('/ordered').map((r) => JSON.parse(r.body) as { type: string; adId: number });
    expect(ofAd().map((b) => b.type)).toEqual(['ad.published']);
    t.clock.advance(30_000);
    await t.app.jobs.runDueJobs();
    expect(ofAd().map((b) => b.type)).toEqual(['ad.published', 'ad.published', 'ad.ended']);
    expect(ofAd().every((b) => b.adId === id)).toBe(true);
    await unsubscribe(subscriber.id);
  });

  it('refuses addresses of our own network, at creation and when a name resolves to one at delivery', async () => {
    for (const url of [
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.1.10/',
      'http://[fd00::1]/',
      'http://[::ffff:10.0.0.1]/',
    ]) {
      const res = await admin.post('/api/operator/webhooks', { url, events: ['ad.published'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/רשת פנימית/);
    }
    for (const url of ['ftp://example.com/', 'not a url', 'http://user:pw@127.0.0.1/']) {
      const res = await admin.post('/api/operator/webhooks', { url, events: ['ad.published'] });
      expect(res.statusCode, url).toBe(400);
    }
    const noEvents = await admin.post('/api/operator/webhooks', { url: `${rx.base}/x`, events: [] });
    expect(noEvents.json()).toEqual({ status: 400, message: 'יש לבחור לפחות אירוע אחד' });

    // A name that resolved to this machine when added, and to the cloud's metadata address at delivery.
    const port = new URL(rx.base).port;
    names.set('rebind.test', '127.0.0.1');
    const res = await admin.post('/api/operator/webhooks', {
      url: `http://rebind.test:${port}/rebind`,
      events: ['ad.published'],
    });
    expect(res.statusCode).toBe(200);
    const subscriberId = res.json().subscriber.id as number;
    names.set('rebind.test', '169.254.169.254');
    const id = await draft();
    await publish(id);
    await t.app.jobs.runDueJobs();
    expect(rx.at('/rebind')).toHaveLength(0);
    const shown = (await listed()).find((s) => s.id === subscriberId);
    expect(shown).toMatchObject({ lastStatus: null, pending: 1 });
    expect(String(shown?.lastError)).toMatch(/רשת פנימית/);
    await unsubscribe(subscriberId);
    expect(await t.db.query('SELECT 1 FROM webhook_subscribers WHERE id = $1', [subscriberId])).toHaveLength(0);
  });

  const bulkDelete = async (ids: number[]) => {
    const res = await owner.post('/api/my-ads/bulk', { action: 'delete', ids });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as { OrderID: number; done: boolean; status?: string }[];
  };
  /** An ad that was live and has ended (its end moved past by the expiry itself). */
  const endedAd = async () => {
    const id = await draft();
    await publish(id, 1);
    const later = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    expect(await t.db.transaction((tx) => expireAd(tx, id, later))).toBe(true);
    return id;
  };

  it("writes ad.deleted when the owner deletes a live ad, and the receiver gets it after the ad's publication", async () => {
    const { subscriber, secret } = await subscribe('/deleted', ['ad.published', 'ad.deleted']);
    const id = await draft();
    await publish(id);
    expect(await bulkDelete([id])).toEqual([{ OrderID: id, done: true, status: 'deleted' }]);
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['ad.published', 'ad.deleted']);
    expect(events[1]?.view).toMatchObject({ id, path: `/item/${id}` });
    await t.app.jobs.runDueJobs();
    const got = rx.at('/deleted');
    expect(got.map((r) => r.headers['x-yad-event-type'])).toEqual(['ad.published', 'ad.deleted']);
    const now = t.clock.now().getTime() / 1000;
    for (const r of got) expect(verifySignature(secret, String(r.headers['x-yad-signature']), r.body, now)).toBe(true);
    expect(JSON.parse(got[1]?.body ?? '{}')).toMatchObject({ id: events[1]?.event_id, type: 'ad.deleted', adId: id });
    await unsubscribe(subscriber.id);
  });

  it('writes ad.deleted for each live or ended ad of a bulk delete, and none for a draft', async () => {
    const live = await draft();
    await publish(live);
    const ended = await endedAd();
    const unpublished = await draft();
    const results = await bulkDelete([live, ended, unpublished]);
    expect(results.map((r) => [r.OrderID, r.done, r.status])).toEqual([
      [live, true, 'deleted'],
      [ended, true, 'deleted'],
      [unpublished, true, 'deleted'],
    ]);
    expect((await eventsOf(live)).map((e) => e.type)).toEqual(['ad.published', 'ad.deleted']);
    expect((await eventsOf(ended)).map((e) => e.type)).toEqual(['ad.published', 'ad.ended', 'ad.deleted']);
    expect(await eventsOf(unpublished)).toEqual([]);
    // Deleted already: a second delete is refused and writes nothing more.
    expect((await bulkDelete([live]))[0]).toMatchObject({ OrderID: live, done: false });
    expect((await eventsOf(live)).map((e) => e.type)).toEqual(['ad.published', 'ad.deleted']);
  });

  it("writes ad.deleted in the delete's transaction: rolled back, the ad is live and there is no event", async () => {
    const id = await draft();
    await publish(id);
    const failing: Db = {
      ...t.db,
      transaction: (fn) =>
        t.db.transaction(async (tx) => {
          await fn(tx);
          expect((await tx.query('SELECT type FROM ad_events WHERE ad_id = $1', [id])).length).toBe(2);
          throw new Error('the delete fails after its event was written');
        }),
    };
    await expect(bulkMyAds(failing, ownerId, t.clock.now(), { action: 'delete', ids: [id] })).rejects.toThrow(
      'fails after',
    );
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['ad.published']);
    const [ad] = await t.db.query<{ status: string }>('SELECT status FROM ads WHERE id = $1', [id]);
    expect(ad?.status).toBe('active');
  });

  it('is for admins only', async () => {
    for (const role of ['moderator', 'support', 'finance', 'analyst'] as const) {
      const staff = await staffAgent(t, role);
      expect((await staff.get('/api/operator/webhooks')).statusCode, role).toBe(403);
      const add = await staff.post('/api/operator/webhooks', { url: `${rx.base}/x`, events: ['ad.published'] });
      expect(add.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/webhooks' })).statusCode).toBe(401);
  });
});

describe('the loopback switch off (the default)', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp({ JOB_TICK_MS: '0' });
    admin = await staffAgent(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses loopback, private, link-local and metadata addresses, and names that resolve to them', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://127.8.9.10/',
      'http://[::1]:9/',
      'http://localhost:9/',
      'http://10.0.0.5/',
      'http://172.16.3.4/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
    ]) {
      const res = await admin.post('/api/operator/webhooks', { url, events: ['ad.published'] });
      expect(res.statusCode, url).toBe(400);
    }
    expect(await t.db.query('SELECT 1 FROM webhook_subscribers')).toHaveLength(0);
  });
});
