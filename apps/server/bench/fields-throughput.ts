/**
 * Benchmark (ENGINEERING.md §8): GET /api/publish/fields is served from the in-memory catalogue, within a
 * factor of 2 of a bare Fastify route's throughput measured in the same run. Exits 1 when it is not.
 * Run: npm run bench:fields
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

// A browser that has been on the site before: it sends its CSRF cookie (so no new cookie is issued).
const headers = { cookie: 'csrf=benchmark-client', 'accept-encoding': 'gzip, deflate, br' };

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, headers, connections: 20, duration: DURATION_S, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const db = await openPglite(undefined);
await migrate(db);
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db });
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const appPort = (app.server.address() as { port: number }).port;
const barePort = (bare.server.address() as { port: number }).port;
const fieldsUrl = `http://127.0.0.1:${appPort}/api/publish/fields?cat=1&subcat=1`;
const probe = await fetch(fieldsUrl, { headers });
const size = (await probe.text()).length;
if (probe.headers.get('content-encoding') !== 'gzip') throw new Error('fields are not served compressed');

await measure(`http://127.0.0.1:${barePort}/bare`); // warm-up of the machine and the client
const bareRps = await measure(`http://127.0.0.1:${barePort}/bare`);
const fieldsRps = await measure(fieldsUrl);
const ratio = fieldsRps / bareRps;

console.log(`bare Fastify route:        ${bareRps.toFixed(0)} req/s`);
console.log(`GET /api/publish/fields:   ${fieldsRps.toFixed(0)} req/s (${size} bytes of JSON, sent gzipped)`);
console.log(`ratio fields / bare:       ${ratio.toFixed(2)} (must be at least 0.50)`);

await app.close();
await bare.close();
await db.close();
process.exit(ratio >= 0.5 ? 0 : 1);
