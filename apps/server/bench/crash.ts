/**
 * kill -9 during full publishes (faults lose nothing): `npm run bench:crash`.
 *
 * Starts the real server (the production bundle, test/support/server-process.ts) on one data directory (PGlite; PostgreSQL in
 * its own schema when DATABASE_URL is set) and drives CRASH_PUBLISHES (default 50) full publishes from browser-like
 * clients, CRASH_CONCURRENCY (default 6) at a time: register, an SMS code for a fresh phone, reserve the ad (an
 * idempotency key), three photos, save-ad, the paid VIP track (an idempotency key) and the sandbox's hosted card
 * form. Every call that ends in a connection error (or a 502/503 while the server restarts) is sent again, the same
 * body and the same keys, as a browser does after a reload.
 *
 * Meanwhile the server is SIGKILLed at random moments (a delay drawn from CRASH_SEED's generator, so kills land inside
 * uploads, saves and payments) and started again on the same data. The payment provider's notifications reach the
 * server through a small proxy in front of it (PAYMENT_NOTIFY_ORIGIN, a load balancer's place); for some payments the
 * proxy kills the server the moment the notification arrives, so it arrives while the server goes down and is lost
 * unless the provider delivers it again after the restart.
 *
 * At the end the server is stopped cleanly and the invariants are checked straight in the database and the media
 * directory: every finished ad whole (three photos with their files, a verified phone, a paid track), unfinished ads
 * consistent, one ad per reserve key, one charge per payment, every payment the provider has as paid applied,
 * every photo file referenced by a row and every row's files present. On PostgreSQL the photo files the kills left
 * without a row are first removed by the hourly sweep's code (src/media/sweep-jobs.ts) as it would run an hour later, and
 * their number is reported: nothing is swept at a start there, since other processes may be writing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTACT_TEST_VALUES } from '@app/catalog/categories/contactTestValues';
import { findTrack } from '@app/catalog/tracks';
import { CSRF_HEADER } from '@app/contract/auth';
import { formatPhone } from '@app/contract/phones';
import pg from 'pg';
import { buildServer } from '../build.mjs';
import { LocalMediaStore } from '../src/media/store-provider.ts';
import { sweepOrphanMedia } from '../src/media/sweep-jobs.ts';
import type { Db } from '../src/platform/db/db.ts';
import { openPglite } from '../src/platform/db/pglite.ts';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { multipart } from '../test/support/media.ts';
import { cardForm } from '../test/support/payment-sandbox.ts';
import { scenePhoto, random as seededRandom } from '../test/support/photo-upload.ts';
import { type ServerProcess, startServer } from '../test/support/server-process.ts';
import { stablePort } from '../test/support/stable-port.ts';
import { validCarAd } from '../test/support/vehicle-ad.ts';

export interface CrashOptions {
  publishes: number;
  seed: number;
  concurrency: number;
  /** Uptime before each random kill: drawn uniformly from [min, max] ms. */
  killAfterMs: [number, number];
  /** Random kills on (default) or off (only the kills at chosen moments below). */
  randomKills?: boolean;
  /** Every n-th payment's notification kills the server as it arrives (0: never). */
  killOnNotifyEvery: number;
  /**
   * Every n-th photo written kills the server the moment its JPEG lands in the media directory (before its
   * thumbnail and its database row; PGlite's local directory only; 0: never).
   */
  killOnPhotoEvery?: number;
  /** At most this many kills of each aimed kind (notification, photo); unlimited by default. */
  aimedKillsEach?: number;
  /** How long a client waits for its paid ad to go live before it moves on (default 60 s). */
  liveWaitMs?: number;
  /** How long the end waits for paid ads to go live after the last kill. */
  settleMs: number;
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface CrashReport {
  kills: number;
  notifyKills: number;
  photoKills: number;
  /** Where the kills landed: the calls in flight at each kill, by step. */
  landed: Record<string, number>;
  retries: number;
  publishes: number;
  completed: number;
  unfinished: string[];
  checks: Check[];
  runMs: number;
  database: 'pglite' | 'postgres';
  /**
   * PostgreSQL: the photo files no row refers to that the kills left (removed by the hourly sweep once an hour old;
   * the bench runs that sweep as it would run an hour later, before the checks). PGlite: null (start-up sweeps).
   */
  orphansSwept: number | null;
}

const VIP = findTrack({ cat: 1, subcat: 1 }, 'c1-vip');
const PASSWORD = 'Crash-test-1-password';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

interface Answer {
  status: number;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** The server, killed and restarted by the bench; every request of a client goes to its fixed ports. */
class Target {
  proc: ServerProcess | undefined;
  kills = 0;
  notifyKills = 0;
  photoKills = 0;
  readonly landed: Record<string, number> = {};
  /** The calls now waiting on the server, by client. */
  readonly inFlight = new Map<number, string>();
  private restarting: Promise<void> | undefined;

  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
    readonly paymentPort: number,
    private readonly log: (line: string) => void,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  get paymentUrl() {
    return `http://127.0.0.1:${this.paymentPort}`;
  }

  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.proc = await startServer(this.env);
        return;
      } catch (err) {
        // The port of the killed process may still be held for a moment.
        if (attempt >= 5) throw err;
        await sleep(300);
      }
    }
  }

  /** SIGKILL now and start again on the same data (one at a time: a second caller waits for the first). */
  killAndRestart(reason: 'random' | 'notify' | 'photo'): Promise<void> {
    if (this.restarting) return this.restarting;
    this.restarting = (async () => {
      const p = this.proc;
      if (!p) return;
      for (const step of this.inFlight.values()) this.landed[step] = (this.landed[step] ?? 0) + 1;
      if (this.inFlight.size === 0) this.landed.idle = (this.landed.idle ?? 0) + 1;
      p.child.kill('SIGKILL');
      await p.exited;
      this.kills += 1;
      if (reason === 'notify') this.notifyKills += 1;
      if (reason === 'photo') this.photoKills += 1;
      this.log(`kill ${this.kills} (${reason}) during ${[...this.inFlight.values()].join(', ') || 'nothing'}`);
      this.proc = undefined;
      const restarted = Date.now();
      await this.start();
      this.log(`restarted in ${Date.now() - restarted} ms`);
    })().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }

  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.child.exitCode !== null) return;
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
    await p.exited;
    clearTimeout(timer);
  }
}

/** One browser: its cookies, its own address (X-Forwarded-For), and calls that are sent again after a crash. */
class Client {
  private readonly cookies = new Map<string, string>();
  retries = 0;

  constructor(
    readonly id: number,
    private readonly target: Target,
    private readonly ip: string,
  ) {}

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const csrf = this.cookies.get('csrf');
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': this.ip,
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      ...extra,
    };
  }

  /**
   * Sends a request until it gets a whole answer that is not the restart's 502/503: a connection refused, reset or
   * cut in the middle of the body is the kill, and the browser sends the same request again.
   */
  async call(step: string, make: () => { url: string; init: RequestInit }): Promise<Answer> {
    const until = Date.now() + 600_000;
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > until) throw new Error(`client ${this.id}: ${step} got no answer in 600 s`);
      this.target.inFlight.set(this.id, step);
      let answer: Answer | undefined;
      try {
        const { url, init } = make();
        const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
        const text = await res.text();
        this.remember(res);
        if (res.status !== 502 && res.status !== 503)
          answer = {
            status: res.status,
            text,
            json: <T>() => JSON.parse(text) as T,
          };
      } catch {
        // the kill: refused, reset, or the body cut
      } finally {
        this.target.inFlight.delete(this.id);
      }
      if (answer) return answer;
      this.retries += 1;
      await sleep(Math.min(100 * 2 ** attempt, 2000));
    }
  }

  get(step: string, p: string): Promise<Answer> {
    return this.call(step, () => ({ url: this.target.url + p, init: { headers: this.headers() } }));
  }

  async post(step: string, p: string, body: unknown, extra: Record<string, string> = {}): Promise<Answer> {
    if (!this.cookies.has('csrf')) await this.get('csrf', '/api/auth/customer');
    return this.call(step, () => ({
      url: this.target.url + p,
      init: {
        method: 'POST',
        headers: this.headers({ 'content-type': 'application/json', ...extra }),
        body: JSON.stringify(body),
      },
    }));
  }

  upload(orderId: number, slot: number, bytes: Buffer): Promise<Answer> {
    const { payload, contentType } = multipart([
      { name: 'OrderID', value: String(orderId) },
      { name: 'picNumber', value: String(slot) },
      { name: 'orientation', value: '1' },
      { name: 'image', value: bytes, filename: `photo-${slot}.jpg` },
    ]);
    return this.call(`photo upload`, () => ({
      url: `${this.target.url}/api/publish/${orderId}/images/upload`,
      init: { method: 'POST', headers: this.headers({ 'content-type': contentType }), body: new Uint8Array(payload) },
    }));
  }

  /** The hosted card form, posted on the payment sandbox's own origin (the framed page's submit). */
  payByCard(hostedUrl: string): Promise<Answer> {
    return this.call('card form', () => ({
      url: this.target.paymentUrl + new URL(hostedUrl).pathname,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': this.ip },
        body: cardForm(),
      },
    }));
  }
}

interface Publish {
  n: number;
  email: string;
  phone: string;
  reserveKey: string;
  payKey: string;
  orderId?: number;
  paid: boolean;
  live: boolean;
  client?: Client;
}

function expectOk(cond: unknown, what: string, answer: Answer): asserts cond {
  if (!cond) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
}

/** One full publish, every step sent again after a crash with the same body and keys. */
async function publish(
  p: Publish,
  client: Client,
  target: Target,
  sandboxKey: string,
  photos: Buffer[],
  liveWaitMs: number,
) {
  p.client = client;
  // Register; a retry of a register that was stored before the kill finds the address taken: log in instead.
  const registered = await client.post('register', '/api/auth/register', {
    username: p.email,
    password: PASSWORD,
    passwordAgain: PASSWORD,
    firstname: 'נועה',
    lastname: 'ישראלי',
  });
  if (registered.status !== 200) {
    const login = await client.post('login', '/api/auth/login', { username: p.email, password: PASSWORD });
    expectOk(login.status === 200, 'login after register', login);
  }

  // The phone, as the web app does it (features/contact/PhoneField.tsx, features/contact/PhoneCodePopup.tsx): the send button, then
  // the popup's resend (forceSend) in later rounds. An answer `confirmed: 1` is a number already verified (a kill cut
  // the answer of a confirm the server had applied: the field then shows it verified); errorType 5 (an SMS already
  // sent) opens the code popup as a sent SMS does. The code is the newest in the sandbox outbox. A confirm answered
  // errorType 4 (already confirmed) is looked up in the customer's phone list, as a reload shows it.
  const json = (a: Answer): { confirmed?: number; errorType?: number } => {
    try {
      return a.json();
    } catch {
      return {};
    }
  };
  const listed = async () =>
    (await client.get('phone list', '/api/publish/phones'))
      .json<{ phones?: { value: string }[] }>()
      .phones?.some((x) => x.value.replace(/\D/g, '') === p.phone) === true;
  let lastAnswers = '';
  for (let round = 0; ; round++) {
    const sent = await client.post(
      'send sms',
      '/api/publish/valid-phone',
      round === 0 ? { Phone1: p.phone } : { Phone1: p.phone, forceSend: 1 },
    );
    lastAnswers = `${round === 0 ? 'send' : 'resend'} ${sent.status} ${sent.text.slice(0, 200)}`;
    if (json(sent).confirmed === 1) break;
    const messages = (
      await client.call('sms outbox', () => ({
        url: `${target.url}/api/sandbox/phones/outbox?to=${p.phone}`,
        init: { headers: { 'x-sandbox-key': sandboxKey } },
      }))
    ).json<{ messages: { text: string }[] }>().messages;
    const code = /(\d)\s?(\d)\s?(\d)\s?(\d)\s?(\d)/
      .exec(messages[0]?.text ?? '')
      ?.slice(1, 6)
      .join('');
    if (code) {
      const confirmed = await client.post('confirm sms code', '/api/publish/valid-phone-code', {
        Phone1: p.phone,
        Code: code,
      });
      if (json(confirmed).confirmed === 1) break;
      if (json(confirmed).errorType === 4 && (await listed())) break;
      lastAnswers += `; code ${code} of ${messages.length} messages: ${confirmed.status} ${confirmed.text.slice(0, 200)}`;
    }
    if (round >= 4) throw new Error(`publish ${p.n}: phone ${p.phone} not verified (${lastAnswers})`);
    await sleep(500);
  }

  const reserved = await client.post('reserve ad', '/api/publish/reserve-order', {
    cat: '1',
    subcat: '1',
    idempotencyKey: p.reserveKey,
  });
  expectOk(reserved.status === 200, 'reserve', reserved);
  const orderId = reserved.json<{ OrderID: number }>().OrderID;
  p.orderId = orderId;

  for (const [i, bytes] of photos.entries()) {
    const up = await client.upload(orderId, i + 1, bytes);
    expectOk(up.status === 200, `photo ${i + 1}`, up);
  }

  const saved = await client.post('save-ad', '/api/publish/save-ad', {
    ...validCarAd(),
    ...CONTACT_TEST_VALUES,
    validPhone1: formatPhone(p.phone),
    OrderID: String(orderId),
  });
  expectOk(saved.json<{ orderID?: number }>().orderID === orderId, 'save-ad', saved);

  if (!VIP) throw new Error('no VIP car track');
  const started = await client.post('start payment', '/api/publish/finish-page', {
    OrderID: orderId,
    RecordID: orderId,
    CatID: 1,
    SubCatID: 1,
    pt_hash: VIP.hash,
    idempotencyKey: p.payKey,
  });
  const hosted = started.json<{ merchantPaymentUrl?: string }>().merchantPaymentUrl;
  expectOk(hosted, 'start payment', started);
  // The card form: 303 to the success page, or (a retry after the kill) the session's finished page.
  const paid = await client.payByCard(hosted);
  expectOk(paid.status === 303 || paid.status === 200, 'card form', paid);
  p.paid = true;
  await waitLive(p, liveWaitMs);
}

/** Polls the customer's ads until this one is live (the payment's notification applied). */
async function waitLive(p: Publish, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const mine = await p.client?.get('my-ads', '/api/my-ads');
    const ad = mine?.json<{ ads?: { OrderID: number; status: string }[] }>().ads?.find((a) => a.OrderID === p.orderId);
    if (ad && (ad.status === 'active' || ad.status === 'pending')) {
      p.live = true;
      return;
    }
    await sleep(250);
  }
}

async function listMedia(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch {
    return [];
  }
}

/** The invariants, straight in the database and the media directory (the server stopped). */
async function checkInvariants(db: Db, mediaDir: string, publishes: Publish[]): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, bad: unknown[], detail = '') =>
    checks.push({ name, ok: bad.length === 0, detail: bad.length ? JSON.stringify(bad.slice(0, 5)) : detail });
  const emails = publishes.map((p) => p.email);
  const ads = await db.query<{
    id: number;
    customer_id: number;
    status: string;
    ad_type: string | null;
    idempotency_key: string | null;
    field_values: Record<string, unknown>;
  }>(
    `SELECT a.id, a.customer_id, a.status, a.ad_type, a.idempotency_key, a.field_values
     FROM ads a JOIN customers c ON c.id = a.customer_id WHERE c.email = ANY($1::text[])`,
    [emails],
  );
  const images = await db.query<{ ad_id: number; slot: number; image_key: string; thumb_key: string }>(
    'SELECT ad_id, slot, image_key, thumb_key FROM ad_images',
  );
  const payments = await db.query<{
    id: number;
    public_id: string;
    ad_id: number;
    customer_id: number;
    status: string;
    fulfilment: string | null;
    idempotency_key: string;
  }>(`SELECT id, public_id, ad_id, customer_id, status, fulfilment, idempotency_key FROM payments`);
  const sessions = await db.query<{ id: string; merchant_ref: string; status: string }>(
    'SELECT id, merchant_ref, status FROM sandbox_payment_sessions',
  );
  const events = await db.query<{ payment_id: number; n: number }>(
    'SELECT payment_id, count(*)::int AS n FROM payment_events GROUP BY payment_id',
  );
  const phones = await db.query<{ customer_id: number; phone: string }>(
    'SELECT customer_id, phone FROM customer_phones',
  );

  // One ad per customer (each client publishes one) and per reserve key.
  const byCustomer = new Map<number, number>();
  for (const a of ads)
    if (a.status !== 'deleted') byCustomer.set(a.customer_id, (byCustomer.get(a.customer_id) ?? 0) + 1);
  check(
    'one ad per client and idempotency key',
    [...byCustomer].filter(([, n]) => n > 1),
    `${ads.length} ads of ${publishes.length} clients`,
  );

  // Finished ads are whole: three photos, a verified phone (the ad's), a paid and fulfilled track.
  const finished = ads.filter((a) => a.status === 'active' || a.status === 'pending');
  const imagesOf = (id: number) => images.filter((i) => Number(i.ad_id) === Number(id));
  const halfFinished = finished.filter((a) => {
    const paid = payments.filter((p) => Number(p.ad_id) === Number(a.id) && p.status === 'paid');
    const phone = String(a.field_values.validPhone1 ?? '').replace(/\D/g, '');
    const verified = phones.some((p) => Number(p.customer_id) === Number(a.customer_id) && p.phone === phone);
    return (
      imagesOf(a.id).length !== 3 || !verified || paid.length !== 1 || paid[0]?.fulfilment !== 'done' || !a.ad_type
    );
  });
  check('every finished ad whole (3 photos, verified phone, paid track)', halfFinished, `${finished.length} finished`);

  // Unfinished ads are consistent: no paid track left unapplied on them, no photo rows without files.
  const unfinished = ads.filter((a) => a.status === 'reserved' || a.status === 'draft');
  check(
    'unfinished ads consistent (no paid track on a draft)',
    unfinished.filter((a) => payments.some((p) => Number(p.ad_id) === Number(a.id) && p.status === 'paid')),
    `${unfinished.length} unfinished`,
  );

  // One charge per payment: one provider session per payment, one paid payment per ad, one applied event each.
  const sessionsPerRef = new Map<string, number>();
  for (const s of sessions) sessionsPerRef.set(s.merchant_ref, (sessionsPerRef.get(s.merchant_ref) ?? 0) + 1);
  const paidPerAd = new Map<number, number>();
  for (const p of payments.filter((x) => x.status === 'paid'))
    paidPerAd.set(Number(p.ad_id), (paidPerAd.get(Number(p.ad_id)) ?? 0) + 1);
  check(
    'one provider session per payment',
    [...sessionsPerRef].filter(([, n]) => n > 1),
  );
  check(
    'one paid charge per ad',
    [...paidPerAd].filter(([, n]) => n > 1),
    `${paidPerAd.size} paid`,
  );
  check(
    'each payment applied once',
    events.filter((e) => Number(e.n) > 1),
  );

  // Every payment the provider has as paid is applied (its notification delivered, also one sent into a kill).
  const providerPaid = sessions.filter((s) => s.status === 'paid');
  check(
    'every payment the provider reports paid is applied',
    providerPaid.filter((s) => payments.find((p) => p.public_id === s.merchant_ref)?.status !== 'paid'),
    `${providerPaid.length} paid at the provider`,
  );

  // Photos: every row's two files present, every file referenced by a row (no orphan left by a kill).
  const files = await listMedia(mediaDir);
  const present = new Set(files);
  const referenced = new Set(images.flatMap((i) => [i.image_key, i.thumb_key]));
  check(
    "every photo row's files present",
    images.filter((i) => !present.has(i.image_key) || !present.has(i.thumb_key)),
    `${images.length} photos`,
  );
  check(
    'no orphan photo files',
    files.filter((f) => !referenced.has(f)),
    `${files.length} files`,
  );
  return checks;
}

export async function runCrash(opts: CrashOptions): Promise<CrashReport> {
  const log = opts.log ?? (() => undefined);
  const began = Date.now();
  const random = seededRandom(opts.seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yad-crash-'));
  const schema = `crash_${crypto.randomBytes(5).toString('hex')}`;
  const [port, videoPort, paymentPort] = [await stablePort(), await stablePort(), await stablePort()];
  const sandboxKey = `crash-sandbox-${crypto.randomBytes(8).toString('hex')}`;

  // The provider's way in: a proxy in the load balancer's place. Some notifications kill the server as they arrive.
  let target: Target | undefined;
  let notifications = 0;
  const lb = http.createServer((req, res) => {
    const t = target;
    if (!t) return void res.writeHead(502).end();
    const forward = () => {
      const upstream = http.request(`${t.url}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    };
    if (req.url?.startsWith('/api/payments/notify') && opts.killOnNotifyEvery > 0) {
      notifications += 1;
      if (notifications % opts.killOnNotifyEvery === 0 && t.notifyKills < (opts.aimedKillsEach ?? Infinity)) {
        // The notification reaches a server that is going down: no answer; the provider must deliver it again.
        req.resume();
        void t.killAndRestart('notify').then(() => res.destroy());
        return;
      }
    }
    forward();
  });
  await new Promise<void>((r) => lb.listen(0, '127.0.0.1', r));
  const lbOrigin = `http://127.0.0.1:${(lb.address() as net.AddressInfo).port}`;

  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ? inSchema(opts.databaseUrl, schema) : '',
    PORT: String(port),
    VIDEO_PORT: String(videoPort),
    PAYMENT_PORT: String(paymentPort),
    SEED_DEMO: 'false',
    JOB_TICK_MS: '200',
    TRUST_PROXY: 'true',
    SMS_IP_HOURLY_LIMIT: '100000',
    SANDBOX_KEY: sandboxKey,
    // The secrets of a real deployment are fixed, so a code sent before a kill is checked after it.
    PHONE_CODE_SECRET: crypto.randomBytes(32).toString('base64url'),
    VIDEO_TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
    PAYMENT_WEBHOOK_SECRET: crypto.randomBytes(32).toString('base64url'),
    PAYMENT_API_KEY: crypto.randomBytes(24).toString('base64url'),
    PAYMENT_NOTIFY_ORIGIN: lbOrigin,
    // The merchant's own recovery job would mask a lost notification: here only the provider's delivery counts.
    PAYMENT_RECOVERY_AFTER_S: '86400',
  };
  if (opts.databaseUrl) {
    const admin = new pg.Client({ connectionString: opts.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
  }
  target = new Target(env, port, paymentPort, log);
  const t = target;
  // A run cut short (a test's timeout, Ctrl-C) leaves no server behind.
  const killLeft = () => t.proc?.child.kill('SIGKILL');
  process.once('exit', killLeft);
  await t.start();

  // A photo's JPEG landing in the media directory (renamed from its temporary file) can kill the server.
  const mediaDir = path.join(dataDir, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  let photoFiles = 0;
  const watcher =
    !opts.databaseUrl && (opts.killOnPhotoEvery ?? 0) > 0
      ? fs.watch(mediaDir, (_event, name) => {
          if (!name || !/^[0-9a-f]{32}\.jpg$/.test(String(name))) return;
          photoFiles += 1;
          if (photoFiles % (opts.killOnPhotoEvery ?? 0) === 0 && t.photoKills < (opts.aimedKillsEach ?? Infinity))
            void t.killAndRestart('photo');
        })
      : undefined;

  const publishes: Publish[] = Array.from({ length: opts.publishes }, (_, n) => ({
    n,
    email: `crash-${opts.seed}-${n}-${crypto.randomBytes(3).toString('hex')}@example.com`,
    phone: `054${String(1_000_000 + ((opts.seed * 7919 + n * 104_729) % 8_999_999)).padStart(7, '0')}`,
    reserveKey: `crash-ad-${crypto.randomBytes(8).toString('hex')}`,
    payKey: `crash-pay-${crypto.randomBytes(8).toString('hex')}`,
    paid: false,
    live: false,
  }));

  // The killer: random uptime, then SIGKILL and a restart, until the last publish is done.
  let driving = true;
  const killer = (async () => {
    while (driving && opts.randomKills !== false) {
      const [min, max] = opts.killAfterMs;
      const wait = min + random() * (max - min);
      const until = Date.now() + wait;
      while (driving && Date.now() < until) await sleep(25);
      if (driving) await t.killAndRestart('random');
    }
  })();

  const failures: string[] = [];
  let next = 0;
  let clients = 0;
  const worker = async () => {
    for (;;) {
      const p = publishes[next++];
      if (!p) return;
      clients += 1;
      const client = new Client(clients, t, `10.77.${Math.floor(p.n / 250)}.${(p.n % 250) + 1}`);
      const photos = await Promise.all([1, 2, 3].map((i) => scenePhoto(opts.seed * 1000 + p.n * 10 + i, 800, 600)));
      try {
        await publish(p, client, t, sandboxKey, photos, opts.liveWaitMs ?? 60_000);
        log(`publish ${p.n + 1}/${opts.publishes}: ${p.live ? 'live' : 'paid, not live yet'} (ad ${p.orderId})`);
      } catch (err) {
        failures.push(`publish ${p.n}: ${(err as Error).message}`);
        log(`publish ${p.n + 1} failed: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  driving = false;
  await killer;

  // After the last kill: the paid ads still waiting for their notification get settleMs to go live.
  const settleUntil = Date.now() + opts.settleMs;
  for (const p of publishes.filter((x) => x.paid && !x.live)) await waitLive(p, Math.max(0, settleUntil - Date.now()));

  watcher?.close();
  await t.stop();
  process.off('exit', killLeft);
  await new Promise((r) => lb.close(r));
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, schema)
    : await openPglite(path.join(dataDir, 'pgdata'));
  let checks: Check[];
  let orphansSwept: number | null = null;
  try {
    // On PostgreSQL nothing is swept at start (other processes may be writing); the hourly media.sweep job removes
    // what the kills left once it is an hour old. The same sweep, as it would run an hour after the last write.
    if (opts.databaseUrl)
      orphansSwept = (await sweepOrphanMedia(db, new LocalMediaStore(mediaDir), new Date())).removed;
    checks = await checkInvariants(db, mediaDir, publishes);
  } finally {
    await db.close();
  }
  checks.unshift({
    name: 'every publish ran to its end without an error',
    ok: failures.length === 0,
    detail: failures.slice(0, 5).join('; '),
  });
  const notLive = publishes.filter((p) => !p.live).map((p) => `publish ${p.n} (ad ${p.orderId ?? '-'})`);
  checks.push({
    name: 'every paid publish live after the restart',
    ok: notLive.length === 0,
    detail: notLive.slice(0, 10).join(', '),
  });
  if (opts.databaseUrl) {
    const admin = new pg.Client({ connectionString: opts.databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    kills: t.kills,
    notifyKills: t.notifyKills,
    photoKills: t.photoKills,
    landed: t.landed,
    retries: publishes.reduce((n, p) => n + (p.client?.retries ?? 0), 0),
    publishes: opts.publishes,
    completed: publishes.filter((p) => p.live).length,
    unfinished: notLive,
    checks,
    runMs: Date.now() - began,
    database: opts.databaseUrl ? 'postgres' : 'pglite',
    orphansSwept,
  };
}

async function main(): Promise<void> {
  const began = Date.now();
  await buildServer();
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
  const report = await runCrash({
    publishes: Number(process.env.CRASH_PUBLISHES ?? 50),
    seed,
    concurrency: Number(process.env.CRASH_CONCURRENCY ?? 6),
    killAfterMs: [Number(process.env.CRASH_KILL_MIN_MS ?? 3000), Number(process.env.CRASH_KILL_MAX_MS ?? 10000)],
    randomKills: process.env.CRASH_RANDOM_KILLS !== '0',
    killOnNotifyEvery: Number(process.env.CRASH_KILL_ON_NOTIFY_EVERY ?? 10),
    killOnPhotoEvery: Number(process.env.CRASH_KILL_ON_PHOTO_EVERY ?? 50),
    settleMs: Number(process.env.CRASH_SETTLE_MS ?? 30_000),
    databaseUrl: process.env.DATABASE_URL || undefined,
    log: (line) => console.log(`${((Date.now() - began) / 1000).toFixed(1)} s  ${line}`),
  });
  console.log(`\nkill -9 during publishes (${report.database}, seed ${seed}, CRASH_SEED=${seed} repeats its draws)`);
  console.log(
    `  kills: ${report.kills} (${report.notifyKills} as a payment notification arrived, ${report.photoKills} as a photo file landed)`,
  );
  console.log(
    `  landed during: ${Object.entries(report.landed)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(`  calls sent again after a kill: ${report.retries}`);
  console.log(`  publishes completed: ${report.completed}/${report.publishes}`);
  if (report.orphansSwept !== null)
    console.log(`  photo files without a row left by the kills, removed by the hourly sweep: ${report.orphansSwept}`);
  for (const c of report.checks)
    console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
  console.log(`  run time: ${(report.runMs / 1000).toFixed(1)} s`);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
