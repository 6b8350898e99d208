/**
 * Overload answers 503 + Retry-After instead of letting requests queue until they time out.
 * @fastify/under-pressure (the Fastify team's plugin, 9.x for Fastify 5) samples the event-loop delay and the heap
 * every second; while a threshold is passed every request gets our Hebrew 503 body at once, before any route work.
 * The health endpoint is left alone: it tells a balancer whether the process is alive, not how busy it is, and so
 * are the web app's files and pages (a refused script breaks the page it belongs to, and a refused page shows the
 * browser a JSON body, while serving a built file costs next to nothing): the refusal guards the API's work.
 */
import { getHeapStatistics } from 'node:v8';
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { he } from '../../i18n/messages.ts';
import type { Config } from '../config.ts';

/** Routes under-pressure never refuses. */
const exempt = new Set(['/api/health']);

/** Whether a request is the API's work (the only kind an overloaded process refuses). */
const isApiWork = (url: string): boolean => url.startsWith('/api/') || url.startsWith('/gateway/');

/**
 * Whether a request is refused for what under-pressure measured. Its delay is the mean of the event loop's delay
 * histogram over the last interval; an interval in which the histogram took no sample (the process was not run for
 * that long, as on a machine whose cores are all taken, and the sampler's timer fired first) gives NaN, which the
 * plugin reports as an infinite delay: that is no measurement, so it refuses nothing (the next interval measures the
 * delay that followed).
 */
export function refusesFor(
  url: string,
  routeUrl: string | undefined,
  type: string,
  value: number | undefined,
): boolean {
  if (exempt.has(routeUrl ?? '') || !isApiWork(url)) return false;
  if (type === TYPE_EVENT_LOOP_DELAY && !Number.isFinite(value)) return false;
  return true;
}

/** The heap threshold in bytes: OVERLOAD_MAX_HEAP_USED_MB, else 90% of V8's heap limit; 0: off. */
export function heapThresholdBytes(config: Pick<Config, 'OVERLOAD_MAX_HEAP_USED_MB'>): number {
  if (config.OVERLOAD_MAX_HEAP_USED_MB !== undefined) return config.OVERLOAD_MAX_HEAP_USED_MB * 1024 * 1024;
  return Math.floor(getHeapStatistics().heap_size_limit * 0.9);
}

export async function registerOverload(
  app: FastifyInstance,
  config: Pick<Config, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS' | 'OVERLOAD_MAX_HEAP_USED_MB' | 'RETRY_AFTER_S'>,
  options: { sampleIntervalMs?: number } = {},
): Promise<void> {
  // Start-up work (migrations, catalogue checks, address lists) blocks the loop before the first request, and the
  // first samples after it would still count that: event-loop delay is trusted only from the second sample after
  // the app is ready, or the first second after every start would be refused.
  const sampleMs = options.sampleIntervalMs ?? 1000;
  let trustDelayFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    trustDelayFrom = Date.now() + 2 * sampleMs;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: heapThresholdBytes(config),
    sampleInterval: sampleMs,
    retryAfter: config.RETRY_AFTER_S,
    // Not sending lets the request go on; once the answer is sent, Fastify runs nothing more for the request
    // (the plugin's README pattern).
    pressureHandler: (req, reply, type, value) => {
      if (!refusesFor(req.url, req.routeOptions.url, type, value)) return;
      if (type === TYPE_EVENT_LOOP_DELAY && Date.now() < trustDelayFrom) return;
      req.log.warn({ type, value }, 'overloaded: 503');
      void reply
        .code(503)
        .header('retry-after', String(config.RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ status: 503, message: he.serviceUnavailable });
    },
  });
}
