/**
 * The server under test of bench/load.ts, in its own process (so the load generator's CPU and memory are not the
 * server's): src/main.ts's own start-up and graceful stop (start.ts: open the database, migrate, the
 * reference data, buildApp, listen, drain on SIGTERM) with the environment the bench gives it, on ephemeral
 * loopback ports, PostgreSQL in the bench's own schema (BENCH_SCHEMA) when DATABASE_URL is set.
 * Over the IPC channel it answers { type: 'memory', gc } with process.memoryUsage() (after a full collection when
 * gc is asked and node runs with --expose-gc), { type: 'probe', start } with what its thread did since the last
 * probe start (CPU time, the event loop's delay histogram, garbage-collection pauses: where a slow tail comes from)
 * and stops on { type: 'close' } as on SIGTERM (the drain, exit 0).
 * BENCH_HEAP_PROF=<file>: a sampling heap profile (.heapprofile, for Chrome's DevTools) of the objects that lived
 * long enough to reach the old generation and died there, written at the stop: what makes the full collections.
 */
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { loadConfig } from '../src/platform/config.ts';
import { prepareDatabase, startServing } from '../src/start.ts';

const send = (msg: unknown) => process.send?.(msg);
const config = { ...loadConfig(), PORT: 0, HOST: '127.0.0.1', VIDEO_PORT: 0, PAYMENT_PORT: 0 };
const { port } = await startServing(config, await prepareDatabase(config, process.env.BENCH_SCHEMA));

/** What the thread did between two probes. */
export interface Probe {
  seconds: number;
  /** CPU time of the whole process (its thread and libuv's, the database driver's parsing included). */
  cpuMs: number;
  /** The event loop's delay: how late a ready callback ran (a request waiting behind others' work). */
  loopDelayMs: { p50: number; p99: number; max: number };
  /** Garbage-collection pauses: count, their sum, the longest, and how many were over 10 ms. */
  gc: { count: number; totalMs: number; maxMs: number; over10ms: number };
}
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let gcPauses: number[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries() as PerformanceEntry[]) gcPauses.push(e.duration);
});
gcObserver.observe({ entryTypes: ['gc'] });
let probeStart = { at: performance.now(), cpu: process.cpuUsage() };
function probe(): Probe {
  const cpu = process.cpuUsage(probeStart.cpu);
  const ms = (ns: number) => ns / 1e6;
  return {
    seconds: (performance.now() - probeStart.at) / 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
    loopDelayMs: {
      p50: ms(loopDelay.percentile(50)),
      p99: ms(loopDelay.percentile(99)),
      max: ms(loopDelay.max),
    },
    gc: {
      count: gcPauses.length,
      totalMs: gcPauses.reduce((a, b) => a + b, 0),
      maxMs: Math.max(0, ...gcPauses),
      over10ms: gcPauses.filter((d) => d > 10).length,
    },
  };
}

const heapProfile = process.env.BENCH_HEAP_PROF;
const inspector = heapProfile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
}
async function writeHeapProfile(): Promise<void> {
  if (!inspector || !heapProfile) return;
  const { profile } = await inspector.post('HeapProfiler.stopSampling');
  await fs.writeFile(heapProfile, JSON.stringify(profile));
}

process.on('message', (msg: { type?: string; gc?: boolean; start?: boolean }) => {
  if (msg.type === 'probe') {
    const result = probe();
    if (msg.start) {
      loopDelay.reset();
      loopDelay.enable();
      gcPauses = [];
      probeStart = { at: performance.now(), cpu: process.cpuUsage() };
    }
    send({ type: 'probe', probe: result });
  } else if (msg.type === 'memory') {
    if (msg.gc && typeof globalThis.gc === 'function') globalThis.gc();
    send({ type: 'memory', usage: process.memoryUsage() });
  } else if (msg.type === 'close') {
    void writeHeapProfile().finally(() => process.kill(process.pid, 'SIGTERM'));
  }
});
send({ type: 'ready', port });
