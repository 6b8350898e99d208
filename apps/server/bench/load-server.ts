/**
 * The server under test of bench/load.ts, in its own process (so the load generator's CPU and memory are not the
 * server's): src/main.ts's own start-up and graceful stop (start.ts: open the database, migrate, the
 * reference data, buildApp, listen, drain on SIGTERM) with the environment the bench gives it, on ephemeral
 * loopback ports, PostgreSQL in the bench's own schema (BENCH_SCHEMA) when DATABASE_URL is set.
 * Over the IPC channel it answers { type: 'memory', gc } with process.memoryUsage() (after a full collection when
 * gc is asked and node runs with --expose-gc) and stops on { type: 'close' } as on SIGTERM (the drain, exit 0).
 */
import { loadConfig } from '../src/platform/config.ts';
import { prepareDatabase, startServing } from '../src/start.ts';

const send = (msg: unknown) => process.send?.(msg);
const config = { ...loadConfig(), PORT: 0, HOST: '127.0.0.1', VIDEO_PORT: 0, PAYMENT_PORT: 0 };
const { port } = await startServing(config, await prepareDatabase(config, process.env.BENCH_SCHEMA));

process.on('message', (msg: { type?: string; gc?: boolean }) => {
  if (msg.type === 'memory') {
    if (msg.gc && typeof globalThis.gc === 'function') globalThis.gc();
    send({ type: 'memory', usage: process.memoryUsage() });
  } else if (msg.type === 'close') {
    process.kill(process.pid, 'SIGTERM');
  }
});
send({ type: 'ready', port });
