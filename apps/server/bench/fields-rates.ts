/**
 * The fields answer's throughput against a bare Fastify route, measured in one run on one machine (the script
 * `npm run bench:fields` and the CI check test/fields-throughput.test.ts share it). Three calls, each driven by
 * autocannon (20 connections, in this process, as a browser would ask):
 *  - bare: a Fastify instance with one route answering `{"status":"ok"}`, no plugins;
 *  - bare with the same bytes: a route of that instance answering the fields answer's own brotli bytes (what a
 *    bare server that had them would send: the client receives as much as from the whole answer);
 *  - full: GET /api/publish/fields?cat=1&subcat=1 from a browser without the answer (200, the car catalogue,
 *    brotli), through every plugin of the app;
 *  - revalidated: the same call from a browser that holds the answer (If-None-Match: its ETag; 304, no body).
 * The whole answer is set against the bare route with the same bytes, the revalidated one (no body) against the
 * bare `{"status":"ok"}`: the client runs in this process, on the same cores, so receiving 2.6 KB instead of 15
 * bytes costs it time that says nothing of the server.
 * They are measured in rounds, one turn of each call per round, so a machine whose load changes during the run
 * changes all three alike; a ratio is of two rates of the same round (the median over the rounds), never a time.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { CatalogService } from '../src/catalogue/service.ts';
import { loadConfig } from '../src/platform/config.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { openPglite } from '../src/platform/db/pglite.ts';

export interface FieldsRates {
  /** Requests per second of each call, the mean of its turns. */
  bare: number;
  bareSameBytes: number;
  full: number;
  revalidated: number;
  /** full / bareSameBytes and revalidated / bare: the median of the rounds' ratios. */
  fullRatio: number;
  revalidatedRatio: number;
  /** Each round's ratios. */
  roundRatios: { full: number; revalidated: number }[];
  /** The answer as the full call gets it: its coding and bytes on the wire, and the bytes of its JSON. */
  coding: string;
  wireBytes: number;
  jsonBytes: number;
}

const FIELDS_PATH = '/api/publish/fields?cat=1&subcat=1';
// A browser that has been on the site before: it sends its CSRF cookie (so no new cookie is issued).
const BROWSER = { cookie: 'csrf=benchmark-client', 'accept-encoding': 'gzip, deflate, br' };

/** One call's rate, after checking that every answer had the expected status class. */
async function rate(url: string, headers: Record<string, string>, seconds: number, expect: '2xx' | '3xx') {
  const result = await autocannon({ url, headers, connections: 20, duration: seconds, pipelining: 1 });
  const wrong = result['1xx'] + result['4xx'] + result['5xx'] + (expect === '2xx' ? result['3xx'] : result['2xx']);
  if (wrong > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${url}: ${wrong} answers not ${expect}, ${result.errors} errors, ${result.timeouts} timeouts`);
  // Answers over the turn's measured length (autocannon's per-second average needs turns of several seconds).
  return result.requests.total / result.duration;
}

export async function measureFieldsRates(options: { seconds: number; rounds: number }): Promise<FieldsRates> {
  const { seconds, rounds: roundCount } = options;
  const db = await openPglite(undefined);
  await migrate(db);
  const catalogs = new CatalogService();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Overload shedding stays on (its hook is part of every request's cost), with a threshold a loaded test
    // machine does not reach: its event-loop delay is no overload of the product.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '60000',
  });
  const app = await buildApp({ config, db, catalogs });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'ok' }));
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    // The whole answer's bytes as the browser gets them (the first ask makes them; brotli is made on the pool).
    await app.inject({ url: FIELDS_PATH, headers: BROWSER });
    await catalogs.compressed();
    const sameBytes = (await app.inject({ url: FIELDS_PATH, headers: BROWSER })).rawPayload;
    bare.get('/same-bytes', (_req, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(sameBytes);
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (app.server.address() as { port: number }).port;
    const barePort = (bare.server.address() as { port: number }).port;
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    const sameBytesUrl = `http://127.0.0.1:${barePort}/same-bytes`;
    const fieldsUrl = `http://127.0.0.1:${appPort}${FIELDS_PATH}`;

    // The first ask makes the answer; its brotli body is made on the thread pool, then every ask gets it.
    await fetch(fieldsUrl, { headers: BROWSER });
    await catalogs.compressed();
    const probe = await fetch(fieldsUrl, { headers: BROWSER });
    await probe.arrayBuffer();
    // fetch hands the body over decoded: the bytes on the wire are its Content-Length.
    const wireBytes = Number(probe.headers.get('content-length'));
    const etag = probe.headers.get('etag');
    const coding = probe.headers.get('content-encoding') ?? 'identity';
    if (probe.status !== 200 || !etag || coding !== 'br')
      throw new Error(`fields answer: ${probe.status}, ETag ${etag}, coding ${coding} (expected 200, an ETag, br)`);
    const plain = await fetch(fieldsUrl, { headers: { cookie: BROWSER.cookie } });
    const jsonBytes = (await plain.arrayBuffer()).byteLength;
    const revalidate = { ...BROWSER, 'if-none-match': etag };
    if ((await fetch(fieldsUrl, { headers: revalidate })).status !== 304) throw new Error('no 304 for the ETag');

    // Warm-up of the machine, the client and both servers' code paths.
    const warm = Math.max(1, Math.round(seconds / 2));
    await rate(bareUrl, BROWSER, warm, '2xx');
    await rate(sameBytesUrl, BROWSER, warm, '2xx');
    await rate(fieldsUrl, BROWSER, warm, '2xx');
    await rate(fieldsUrl, revalidate, warm, '3xx');

    // Each round measures the three calls back to back, in an order that turns round by round (a load that
    // rises or falls during a round favours none of them); a round's ratios are of its own rates, and the
    // run's ratio is the median of the rounds' (one round hit by a burst of other work does not decide it).
    const calls = [
      { name: 'bare', run: () => rate(bareUrl, BROWSER, seconds, '2xx') },
      { name: 'bareSameBytes', run: () => rate(sameBytesUrl, BROWSER, seconds, '2xx') },
      { name: 'full', run: () => rate(fieldsUrl, BROWSER, seconds, '2xx') },
      { name: 'revalidated', run: () => rate(fieldsUrl, revalidate, seconds, '3xx') },
    ] as const;
    const rounds: Record<(typeof calls)[number]['name'], number>[] = [];
    for (let round = 0; round < roundCount; round++) {
      const measured = { bare: 0, bareSameBytes: 0, full: 0, revalidated: 0 };
      for (let i = 0; i < calls.length; i++) {
        const call = calls[(round + i) % calls.length] as (typeof calls)[number];
        measured[call.name] = await call.run();
      }
      rounds.push(measured);
    }
    const mean = (key: keyof (typeof rounds)[number]) => rounds.reduce((sum, r) => sum + r[key], 0) / rounds.length;
    return {
      bare: mean('bare'),
      bareSameBytes: mean('bareSameBytes'),
      full: mean('full'),
      revalidated: mean('revalidated'),
      fullRatio: median(rounds.map((r) => r.full / r.bareSameBytes)),
      revalidatedRatio: median(rounds.map((r) => r.revalidated / r.bare)),
      roundRatios: rounds.map((r) => ({ full: r.full / r.bareSameBytes, revalidated: r.revalidated / r.bare })),
      coding,
      wireBytes,
      jsonBytes,
    };
  } finally {
    await app.close();
    await bare.close();
    await db.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
