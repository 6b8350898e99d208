/**
 * An open-loop load at a steady rate: one request every 1000/rate ms, each sent on time whether or not earlier ones
 * have been answered, its latency counted from the moment it was due (so a stalled server or a late generator shows
 * up in the figures instead of slowing the load: no coordinated omission).
 *
 * Why not autocannon's `overallRate`: autocannon 8 limits each connection to its share of requests per second and
 * sends that share back to back at the start of every second (lib/httpClient.js, a 1-second setInterval), so
 * "200 req/s over 50 connections" is 50 requests at once, then 150 more as answers come, then silence until the
 * next second. The figures measure how fast a 200-request burst drains, not a server under 200 requests a second:
 * at 20 req/s the bench showed p50 21 ms for a call that takes 4.8 ms alone.
 */
import http from 'node:http';

export interface SteadyResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodeStats: Record<string, { count: number }>;
  '2xx': number;
  /** How late the generator itself sent requests (its own timer and CPU): a late send counts in the latency. */
  sendLateMs: { p50: number; p99: number; max: number };
  /** Per second of the run: its requests' p99 and max, to tell a tail spread evenly from a few bad seconds. */
  seconds: { second: number; p99: number; max: number }[];
}

export interface SteadyOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  rate: number;
  seconds: number;
  /** A request not answered in this time counts as a timeout. */
  timeoutMs?: number;
  verifyBody?: (body: string) => boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

export async function steadyRate(o: SteadyOptions): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(o.url);
  const interval = 1000 / o.rate;
  const total = Math.round(o.rate * o.seconds);
  const latencies: number[] = [];
  const late: number[] = [];
  const bySecond: number[][] = [];
  const statusCodeStats: Record<string, { count: number }> = {};
  let errors = 0;
  let timeouts = 0;
  let mismatches = 0;
  let ok = 0;

  let started = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      late.push(performance.now() - due);
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: o.method,
          headers: o.headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const latency = performance.now() - due;
            latencies.push(latency);
            const second = Math.floor((due - started) / 1000);
            const list = bySecond[second] ?? [];
            list.push(latency);
            bySecond[second] = list;
            const code = res.statusCode ?? 0;
            const stat = statusCodeStats[code] ?? { count: 0 };
            stat.count += 1;
            statusCodeStats[code] = stat;
            if (code >= 200 && code < 300) ok += 1;
            if (o.verifyBody && !o.verifyBody(Buffer.concat(chunks).toString())) mismatches += 1;
            resolve();
          });
        },
      );
      req.setTimeout(o.timeoutMs ?? 10_000, () => {
        timeouts += 1; // and an error, from the destroy (as autocannon counts them)
        req.destroy();
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(o.body);
    });

  started = performance.now();
  const pending: Promise<void>[] = [];
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out now (a late timer never drops requests, it sends them late and counts it).
    while (next < total && started + next * interval <= now) {
      pending.push(send(started + next * interval));
      next += 1;
    }
    const wait = started + next * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  const seconds = bySecond.map((list, second) => {
    list.sort((a, b) => a - b);
    return { second, p99: percentile(list, 99), max: list.at(-1) ?? 0 };
  });
  return {
    sendLateMs: { p50: percentile(late, 50), p99: percentile(late, 99), max: late.at(-1) ?? 0 },
    seconds,
    requests: { average: latencies.length / elapsed, total: latencies.length },
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
    non2xx: latencies.length - ok,
    errors,
    timeouts,
    mismatches,
    statusCodeStats,
    '2xx': ok,
  };
}
