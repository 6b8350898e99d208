/**
 * The server under test of bench/load.ts, in its own process (so the load generator's CPU and memory are not the
 * server's): src/main.ts's start-up (open the database, migrate, the reference data, buildApp, listen) with the
 * environment the bench gives it, PostgreSQL in the bench's own schema (BENCH_SCHEMA) when DATABASE_URL is set.
 * Over the IPC channel it answers { type: 'memory', gc } with process.memoryUsage() (after a full collection when
 * gc is asked and node runs with --expose-gc) and closes cleanly on { type: 'close' }.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';

const send = (msg: unknown) => process.send?.(msg);
const config = loadConfig();
const opened = config.DATABASE_URL
  ? { db: await openPostgres(config.DATABASE_URL, process.env.BENCH_SCHEMA), release: () => undefined }
  : await openDatabase(config);
const { db, release } = opened;
await migrate(db);
await seedReferenceData(db);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (msg: { type?: string; gc?: boolean }) => {
  if (msg.type === 'memory') {
    if (msg.gc && typeof globalThis.gc === 'function') globalThis.gc();
    send({ type: 'memory', usage: process.memoryUsage() });
  } else if (msg.type === 'close') {
    void (async () => {
      await app.close();
      await db.close();
      release();
      process.exit(0);
    })();
  }
});
send({ type: 'ready', port: (app.server.address() as { port: number }).port });
