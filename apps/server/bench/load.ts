/**
 * Load benchmark: the real server, in its own process on loopback
 * (bench/load-server.ts: main.ts's start-up), driven by autocannon with the calls of one ad's publication, one call
 * at a time, each for BENCH_SECONDS (default 60, so about five minutes in all):
 *   - GET  /api/publish/fields           the catalogue (max rate)
 *   - GET  /api/publish/check-step       the whole car ad up to its sales step (max rate)
 *   - POST /api/publish/save-ad          a valid car ad of a customer with a verified phone, a new ad each time, at a
 *                                        steady rate (BENCH_SAVE_RATE, default 200 req/s; bench/steady-rate.ts, open
 *                                        loop, each latency from the moment the request was due), after 100 sent
 *                                        one at a time (its floor, printed)
 *   - POST /api/publish/:id/images/upload  multipart, three phone-like photos rotated over the ten slots, so every
 *                                        upload is a new photo for its slot, never answered as a retry (max rate)
 *   - POST /api/payments/notify          signed per request as the sandbox provider signs it (signNotification,
 *                                        current timestamp, a fresh event id): the signature, the timestamp and the
 *                                        event are checked and the database is asked; the event is of no payment
 *                                        of ours, so the answer is 404 "unknown" (max rate)
 * Every answer is checked (status, and the body of save-ad, upload and notify, which therefore ask for plain
 * answers): a wrong one or a connection error fails the run; timeouts (an overloaded server) are reported apart.
 *
 * Per call it prints throughput, p50/p99 latency, non-2xx and errors; and the server process's memory (RSS and
 * heap used, each after a full collection) after a warm-up of every call and at the end, with the peak RSS seen
 * in between. Exit 1 when:
 *   - on PostgreSQL (DATABASE_URL set), save-ad's p99 is above 50 ms, or it did not reach 95% of the target rate;
 *   - the heap used grew by more than BENCH_HEAP_GROWTH_MB (default 32) or the RSS by more than
 *     BENCH_RSS_GROWTH_MB (default 256) between the two readings (PGlite's database lives in the server's memory,
 *     hence the RSS allowance; a leak of a few hundred bytes per request crosses the heap bound in a full run);
 *   - any answer was not the expected one, or a connection failed (timeouts apart).
 * The database: PGlite in a temporary data directory, or PostgreSQL with DATABASE_URL in an own schema dropped at
 * the end. Run: npm run bench:load (not part of npm test). BENCH_CALLS=save-ad runs only the calls whose names
 * contain one of the comma-separated words; BENCH_CPU_PROF=<dir> writes a CPU profile of the server (.cpuprofile,
 * for Chrome's DevTools) into <dir> when it stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTACT_TEST_VALUES } from '@app/catalog/categories/contactTestValues';
import { CSRF_HEADER } from '@app/contract/auth';
import { formatPhone } from '@app/contract/phones';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { NOTIFY_HEADERS, signNotification } from '../src/payments/provider.ts';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { q, validCarAd } from '../test/support/vehicle-ad.ts';
import { type SteadyResult, steadyRate } from './steady-rate.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Only the calls whose names contain one of these (comma-separated, e.g. "save-ad"); all calls when unset. */
const ONLY = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
/** A directory for a V8 CPU profile of the server process (node --cpu-prof), written when it stops. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const SAVE_RATE = Number(process.env.BENCH_SAVE_RATE ?? 200);
const HEAP_BOUND_MB = Number(process.env.BENCH_HEAP_GROWTH_MB ?? 32);
const RSS_BOUND_MB = Number(process.env.BENCH_RSS_GROWTH_MB ?? 256);
const SAVE_P99_GOAL_MS = 50;
const DATABASE_URL = process.env.DATABASE_URL;
const MB = 1024 * 1024;

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
const schema = `bench_load_${process.pid}`;
const sandboxKey = crypto.randomBytes(24).toString('base64url');
const webhookSecret = crypto.randomBytes(32).toString('base64url');

// ---- the server process ------------------------------------------------------------------------------------------

type Memory = NodeJS.MemoryUsage;
type Probe = import('./load-server.ts').Probe;
let output = '';
const profileArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
/** More node options for the server process (e.g. --trace-gc), space-separated. */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child: ChildProcess = spawn(
  process.execPath,
  [...profileArgs, ...nodeArgs, '--expose-gc', '--import', 'tsx', 'bench/load-server.ts'],
  {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOCAL_ORIGINS: 'true',
      // Per-request logs would measure the terminal; warnings and errors still show.
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SANDBOX_KEY: sandboxKey,
      PAYMENT_WEBHOOK_SECRET: webhookSecret,
      BENCH_SCHEMA: schema,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  },
);
/** A file for everything the server prints (with BENCH_NODE_ARGS=--trace-gc, its collections). */
const serverLog = process.env.BENCH_SERVER_LOG;
const keep = (c: Buffer) => {
  output = (output + c.toString()).slice(-100_000);
  if (serverLog) void fs.appendFile(serverLog, c);
};
child.stdout?.on('data', keep);
child.stderr?.on('data', keep);
const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
const memoryWaiters: ((m: Memory) => void)[] = [];
const probeWaiters: ((p: Probe) => void)[] = [];
const port = await new Promise<number>((resolve, reject) => {
  child.on('message', (msg: { type: string; port?: number; usage?: Memory; probe?: Probe }) => {
    if (msg.type === 'ready') resolve(Number(msg.port));
    if (msg.type === 'probe' && msg.probe) probeWaiters.shift()?.(msg.probe);
    if (msg.type === 'memory' && msg.usage) memoryWaiters.shift()?.(msg.usage);
  });
  void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
});
/** The server's memory; after a full collection when `gc`. Answers come in the order asked. */
const memory = (gc: boolean) =>
  new Promise<Memory>((resolve) => {
    memoryWaiters.push(resolve);
    child.send({ type: 'memory', gc });
  });

/** What the server's thread did since the last probe start (and, with `start`, a new start). */
const probe = (start: boolean) =>
  new Promise<Probe>((resolve) => {
    probeWaiters.push(resolve);
    child.send({ type: 'probe', start });
  });

/** The whole machine's CPU time, busy and in all, from /proc/stat (Linux; zeros elsewhere). */
async function machineCpu(): Promise<{ busy: number; total: number }> {
  const stat = await fs.readFile('/proc/stat', 'utf8').catch(() => '');
  const cpu = (stat.split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + (b || 0), 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}

/** PostgreSQL's committed transactions in the run's database (each statement outside a transaction is one). */
async function commits(): Promise<number> {
  if (!DATABASE_URL) return 0;
  const admin = await openPostgres(DATABASE_URL);
  const [row] = await admin.query<{ n: number }>(
    'SELECT xact_commit::int8 AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  await admin.close();
  return Number(row?.n ?? 0);
}

async function stopServer(): Promise<void> {
  if (child.exitCode === null) {
    child.send({ type: 'close' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  if (DATABASE_URL) {
    // The run's schema goes with it (a shared test database otherwise collects one per run).
    const admin = await openPostgres(DATABASE_URL);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.close();
  }
  await fs.rm(dataDir, { recursive: true, force: true });
}

// ---- a browser's account -----------------------------------------------------------------------------------------

const base = `http://127.0.0.1:${port}`;
const cookies = new Map<string, string>();
const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
async function call(method: 'GET' | 'POST', p: string, body?: unknown, extra: Record<string, string> = {}) {
  const res = await fetch(base + p, {
    method,
    headers: {
      cookie: cookieHeader(),
      [CSRF_HEADER]: cookies.get('csrf') ?? '',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}
function expectOk(what: string, res: { status: number; text: string }, ok: boolean): void {
  if (!ok) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
}

/** A phone-like photo (noise, so the encoder has real work). */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i + seed * 7919) * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
}

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const b = `----bench${crypto.randomBytes(8).toString('hex')}`;
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

/** What the report reads of a run: autocannon's result, or the steady-rate generator's (the same fields). */
type RunResult = Pick<
  autocannon.Result,
  'requests' | 'latency' | 'non2xx' | 'errors' | 'timeouts' | 'mismatches' | 'statusCodeStats' | '2xx'
>;

interface Row {
  name: string;
  target: string;
  result: RunResult | SteadyResult;
  /** Answers that were not the expected one (status or body). */
  unexpected: number;
}

let failed = false;
const rows: Row[] = [];
const diagnoses: string[] = [];

/** Where a steady-rate call's time went: the server's thread, the collector, the machine, the generator. */
function diagnosis(
  name: string,
  r: SteadyResult,
  server: Probe,
  machine: { busy: number; total: number },
  machineBefore: { busy: number; total: number },
  commitCount: number,
): string {
  const n = r.requests.total || 1;
  const busy =
    machine.total > machineBefore.total
      ? (machine.busy - machineBefore.busy) / (machine.total - machineBefore.total)
      : 0;
  const slowSeconds = r.seconds.filter((s) => s.p99 > SAVE_P99_GOAL_MS);
  const worst = [...r.seconds].sort((a, b) => b.max - a.max).slice(0, 5);
  const f = (x: number) => x.toFixed(1);
  return [
    `${name}: where the time went`,
    `  server process: ${f(server.cpuMs / n)} ms of CPU a request (${f((server.cpuMs / 1000 / server.seconds) * 100)}% of one core)`,
    `  server event loop delay: p50 ${f(server.loopDelayMs.p50)} ms, p99 ${f(server.loopDelayMs.p99)} ms, max ${f(server.loopDelayMs.max)} ms`,
    `  garbage collection: ${server.gc.count} pauses, ${f(server.gc.totalMs)} ms in all, longest ${f(server.gc.maxMs)} ms, ${server.gc.over10ms} over 10 ms`,
    `  the machine: ${f(busy * 100)}% busy over ${os.cpus().length} cores (server, database and generator together)`,
    DATABASE_URL
      ? `  PostgreSQL: ${f(commitCount / n)} committed transactions a request`
      : '  PGlite: in the server process',
    `  the generator's own lateness: p50 ${f(r.sendLateMs.p50)} ms, p99 ${f(r.sendLateMs.p99)} ms, max ${f(r.sendLateMs.max)} ms`,
    `  seconds with p99 over ${SAVE_P99_GOAL_MS} ms: ${slowSeconds.length} of ${r.seconds.length}; worst: ${worst.map((s) => `${s.second}s ${f(s.max)} ms`).join(', ')}`,
  ].join('\n');
}
try {
  await call('GET', '/api/auth/customer');
  const reg = await call('POST', '/api/auth/register', {
    username: `bench.load.${process.pid}@example.co.il`,
    password: 'Secret123',
    passwordAgain: 'Secret123',
    firstname: 'נועה',
    lastname: 'ישראלי',
  });
  expectOk('register', reg, reg.status === 200);
  // The phone as the browser verifies it: the SMS goes to the sandbox outbox, its code confirms the number.
  const phone = `054${String(1_000_000 + (process.pid % 9_000_000)).padStart(7, '0')}`;
  const sms = await call('POST', '/api/publish/valid-phone', { Phone1: phone });
  expectOk('valid-phone', sms, sms.status === 200 && sms.json().status === 200);
  if (sms.json().confirmed !== 1) {
    const outbox = await call('GET', `/api/sandbox/phones/outbox?to=${phone}`, undefined, {
      'x-sandbox-key': sandboxKey,
    });
    const m = /(\d)\s?(\d)\s?(\d)\s?(\d)\s?(\d)/.exec(outbox.json().messages?.[0]?.text ?? '');
    if (!m) throw new Error(`no code in the outbox: ${outbox.text.slice(0, 300)}`);
    const code = await call('POST', '/api/publish/valid-phone-code', { Phone1: phone, Code: m.slice(1, 6).join('') });
    expectOk('valid-phone-code', code, code.json().confirmed === 1);
  }
  const session = { cookie: cookieHeader(), [CSRF_HEADER]: cookies.get('csrf') ?? '' };
  // The browser asks for compressed answers; the calls whose answers are checked below take them plain (autocannon
  // gives the body as a string).
  const compressed = { ...session, 'accept-encoding': 'gzip' };

  // Each call once, its answer checked, before any load.
  const fieldsPath = '/api/publish/fields?cat=1&subcat=1';
  const fields = await call('GET', fieldsPath);
  expectOk('fields', fields, fields.status === 200 && fields.json().fields?.length > 0);
  const checkPath = `/api/publish/check-step?${q({ ...validCarAd(), check_area: 'personal_publish_sales_properties' })}`;
  const check = await call('GET', checkPath);
  expectOk('check-step', check, check.status === 200 && check.json().errors === null);
  const saveBody = JSON.stringify({ ...validCarAd(), ...CONTACT_TEST_VALUES, validPhone1: formatPhone(phone) });
  const saved = await call('POST', '/api/publish/save-ad', JSON.parse(saveBody));
  expectOk('save-ad', saved, saved.status === 200 && typeof saved.json().OrderID === 'number');
  // One request at a time, no load: the floor under the loaded figures (what the server and the database take).
  const alone: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    const r = await call('POST', '/api/publish/save-ad', JSON.parse(saveBody));
    expectOk('save-ad', r, r.status === 200);
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);
  console.log(`save-ad one at a time (100 requests): p50 ${alone[50]?.toFixed(1)} ms, p99 ${alone[98]?.toFixed(1)} ms`);
  const reserved = await call('POST', '/api/publish/reserve-order', {
    cat: '1',
    subcat: '1',
    idempotencyKey: `bench-load-${process.pid}`,
  });
  expectOk('reserve-order', reserved, reserved.status === 200);
  const orderId = Number(reserved.json().OrderID);
  const photos = await Promise.all([photo(3000, 2250, 1), photo(2250, 3000, 2), photo(2400, 1800, 3)]);
  // Upload n: slot n % 10 + 1 and photo n % 3, so a slot's previous photo (upload n - 10) is another one.
  const uploads = Array.from({ length: 30 }, (_, i) =>
    multipart({ OrderID: String(orderId), picNumber: String((i % 10) + 1), orientation: '1' }, photos[i % 3] as Buffer),
  );
  let uploadCount = 0;
  const imageIds = new Set<string>();
  let eventCount = 0;
  const notification = () => {
    const eventId = `evt_bench_${process.pid}_${eventCount++}`;
    const body = JSON.stringify({
      eventId,
      kind: 'payment.succeeded',
      sessionId: `ses_bench_${eventCount}`,
      merchantRef: `pay_bench${crypto.randomBytes(12).toString('base64url')}`,
      createdAt: new Date().toISOString(),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [NOTIFY_HEADERS.timestamp]: String(timestamp),
        [NOTIFY_HEADERS.eventId]: eventId,
        [NOTIFY_HEADERS.signature]: signNotification(webhookSecret, timestamp, eventId, body),
      },
    };
  };
  const signed = notification();
  const notified = await fetch(`${base}/api/payments/notify`, { method: 'POST', ...signed });
  expectOk('notify', { status: notified.status, text: '' }, notified.status === 404);
  // The same notification with a signature of another key is refused: the load's answers come after the check.
  const forged = { ...signed.headers, [NOTIFY_HEADERS.signature]: signNotification('x'.repeat(32), 1, 'x', '') };
  const refused = await fetch(`${base}/api/payments/notify`, { method: 'POST', body: signed.body, headers: forged });
  expectOk('forged notify', { status: refused.status, text: '' }, refused.status === 400);

  interface Call {
    name: string;
    options: autocannon.Options;
    /** The expected status; else any 2xx. */
    status?: number;
    /** Requests of the warm-up. */
    warmup: number;
  }
  const calls: Call[] = [
    {
      name: 'GET fields',
      warmup: 2000,
      options: { url: base + fieldsPath, connections: 20, headers: compressed },
    },
    {
      name: 'GET check-step',
      warmup: 2000,
      options: { url: base + checkPath, connections: 20, headers: compressed },
    },
    {
      name: 'POST save-ad',
      warmup: SAVE_RATE * 2,
      options: {
        url: `${base}/api/publish/save-ad`,
        method: 'POST',
        connections: 50,
        overallRate: SAVE_RATE,
        headers: { ...session, 'content-type': 'application/json' },
        body: saveBody,
        verifyBody: (body) => typeof body === 'string' && body.includes('"OrderID":'),
      },
    },
    {
      name: 'POST images/upload',
      warmup: 20,
      options: {
        url: base,
        connections: 4,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            path: `/api/publish/${orderId}/images/upload`,
            setupRequest: (req) => {
              const u = uploads[uploadCount++ % uploads.length] as { body: Buffer; type: string };
              return { ...req, body: u.body, headers: { ...session, 'content-type': u.type } };
            },
            onResponse: (status, body) => {
              if (status === 200) imageIds.add(JSON.parse(body).image?.id);
            },
          },
        ],
        verifyBody: (body) => typeof body === 'string' && body.includes('"image":{'),
      },
    },
    {
      name: 'POST payments/notify',
      status: 404,
      warmup: 2000,
      options: {
        url: base,
        connections: 20,
        requests: [
          {
            method: 'POST',
            path: '/api/payments/notify',
            setupRequest: (req) => ({ ...req, ...notification() }),
          },
        ],
        verifyBody: (body) => typeof body === 'string' && body.includes('"outcome":"unknown"'),
      },
    },
  ];

  const unexpectedOf = (c: Call, r: RunResult | SteadyResult) => {
    const ok = (code: number) => (c.status === undefined ? code >= 200 && code < 300 : code === c.status);
    const bad = Object.entries(r.statusCodeStats ?? {})
      .filter(([code]) => !ok(Number(code)))
      .reduce((n, [, s]) => n + (s.count ?? 0), 0);
    // Timeouts are a measurement (an overloaded server), reported apart; any other error is not.
    return bad + r.mismatches + r.errors - r.timeouts;
  };

  const chosen = calls.filter((c) => ONLY.length === 0 || ONLY.some((o) => c.name.includes(o)));
  // Warm-up of every call (JIT, the catalogue, the database's caches, sharp), then the first reading.
  for (const c of chosen) {
    const r = await autocannon({ ...c.options, amount: c.warmup });
    if (unexpectedOf(c, r) > 0) throw new Error(`${c.name} warm-up: ${JSON.stringify(r.statusCodeStats)}`);
  }
  const start = await memory(true);
  let peakRss = start.rss;
  const sampler = setInterval(() => {
    void memory(false).then((m) => {
      peakRss = Math.max(peakRss, m.rss);
    });
  }, 1000);

  for (const c of chosen) {
    const uploadsBefore = imageIds.size;
    // A rate is kept steady by our own open-loop generator (steady-rate.ts: autocannon's overallRate sends bursts).
    const rate = c.options.overallRate;
    const before = rate ? { machine: await machineCpu(), commits: await commits(), probe: await probe(true) } : null;
    const result = rate
      ? await steadyRate({
          url: String(c.options.url),
          method: c.options.method === 'POST' ? 'POST' : 'GET',
          headers: (c.options.headers ?? {}) as Record<string, string>,
          body: typeof c.options.body === 'string' ? c.options.body : undefined,
          rate,
          seconds: SECONDS,
          verifyBody: c.options.verifyBody as ((body: string) => boolean) | undefined,
        })
      : await autocannon({ ...c.options, duration: SECONDS });
    if (before && 'sendLateMs' in result) {
      const server = await probe(false);
      const machine = await machineCpu();
      const commitCount = (await commits()) - before.commits - 2; // the two readings' own
      diagnoses.push(diagnosis(c.name, result, server, machine, before.machine, commitCount));
    }
    const target = rate ? `${rate} req/s steady` : `max, ${c.options.connections} conn`;
    rows.push({ name: c.name, target, result, unexpected: unexpectedOf(c, result) });
    if (c.name === 'POST images/upload' && imageIds.size - uploadsBefore !== result['2xx'])
      throw new Error(`${result['2xx'] - (imageIds.size - uploadsBefore)} uploads were answered as retries`);
  }
  clearInterval(sampler);
  const end = await memory(true);

  // ---- the report ------------------------------------------------------------------------------------------------
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\nLoad on ${DATABASE_URL ? `PostgreSQL (schema ${schema})` : 'PGlite (a data directory)'}, ${SECONDS} s per call, one call at a time\n`,
  );
  console.log(
    `${'call'.padEnd(22)}${pad('target', 16)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('requests', 10)}${pad('non-2xx', 9)}${pad('errors', 8)}${pad('timeouts', 10)}${pad('unexpected', 12)}`,
  );
  for (const { name, target, result: r, unexpected } of rows) {
    console.log(
      `${name.padEnd(22)}${pad(target, 16)}${pad(r.requests.average.toFixed(1), 9)}${pad(r.latency.p50.toFixed(1), 9)}${pad(r.latency.p99.toFixed(1), 9)}${pad(r.requests.total, 10)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}${pad(r.timeouts, 10)}${pad(unexpected, 12)}`,
    );
  }
  console.log('(payments/notify answers 404 "unknown" by design: a signed event of no payment of ours)');
  for (const d of diagnoses) console.log(`\n${d}`);
  const fmt = (m: Memory) => `RSS ${(m.rss / MB).toFixed(0)} MB, heap used ${(m.heapUsed / MB).toFixed(1)} MB`;
  const rssGrowth = (end.rss - start.rss) / MB;
  const heapGrowth = (end.heapUsed - start.heapUsed) / MB;
  console.log(`\nserver memory after the warm-up: ${fmt(start)} (after a full GC)`);
  console.log(
    `server memory at the end:        ${fmt(end)} (after a full GC); peak RSS ${(peakRss / MB).toFixed(0)} MB`,
  );
  console.log(
    `growth: RSS ${rssGrowth.toFixed(1)} MB (bound ${RSS_BOUND_MB}), heap used ${heapGrowth.toFixed(1)} MB (bound ${HEAP_BOUND_MB})`,
  );

  const problems: string[] = [];
  for (const r of rows) if (r.unexpected > 0) problems.push(`${r.name}: ${r.unexpected} unexpected answers`);
  if (rssGrowth > RSS_BOUND_MB) problems.push(`RSS grew by ${rssGrowth.toFixed(1)} MB`);
  if (heapGrowth > HEAP_BOUND_MB) problems.push(`heap used grew by ${heapGrowth.toFixed(1)} MB`);
  const save = rows.find((r) => r.name === 'POST save-ad')?.result;
  if (save) {
    const line = `save-ad at ${SAVE_RATE} req/s: ${save.requests.average.toFixed(1)} req/s, p99 ${save.latency.p99.toFixed(1)} ms (goal ≤ ${SAVE_P99_GOAL_MS} ms at ≥ 95% of the rate, on PostgreSQL)`;
    console.log(line);
    if (DATABASE_URL) {
      if (save.latency.p99 > SAVE_P99_GOAL_MS) problems.push(`save-ad p99 ${save.latency.p99} ms`);
      if (save.requests.average < SAVE_RATE * 0.95)
        problems.push(`save-ad reached ${save.requests.average.toFixed(1)} of ${SAVE_RATE} req/s`);
    } else console.log('(PGlite: the latency goal is checked on PostgreSQL only; reported here)');
  }
  if (problems.length) {
    failed = true;
    console.log(`\nFAIL: ${problems.join('; ')}`);
  } else console.log('\nOK');
} catch (err) {
  failed = true;
  console.error(err);
  console.error(output.slice(-3000));
} finally {
  await stopServer();
}
process.exit(failed ? 1 : 0);
