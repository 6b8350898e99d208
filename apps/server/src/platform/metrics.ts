/**
 * The process's Prometheus metrics (prom-client, the Node client Prometheus lists): one registry per app, so tests
 * that build many apps in one process do not collide. What it counts by itself: every request (method, route
 * template, status) with its duration, and every call to an outside provider (platform/outside-call.ts: service,
 * operation, outcome) with its duration; and Node's own (event loop lag, heap, GC). Capabilities add gauges read
 * from the database at scrape time (analytics/metrics-routes.ts), so every process reports the site's numbers.
 *
 * Route templates (`/api/adds/:id`), never raw URLs, label the requests: an attacker's random paths add no series.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OutsideCallOptions } from './outside-call.ts';

type OutsideSample = Parameters<NonNullable<OutsideCallOptions['observe']>>[0];

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly outsideCalls = new Counter({
    name: 'outside_calls_total',
    help: 'Calls to outside providers, by service, operation and outcome (ok, refused, outage, timeout, breaker-open)',
    labelNames: ['service', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly outsideSeconds = new Histogram({
    name: 'outside_call_duration_seconds',
    help: 'Time of a call to an outside provider, by service and operation',
    labelNames: ['service', 'operation'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts and times every request of the app (the route's template; 'unmatched' for a 404 of no route). */
  countRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.requests.inc({ method: req.method, route, status_code: String(reply.statusCode) });
      this.requestSeconds.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });
  }

  /** The observer an OutsideService reports each call to. */
  readonly observeOutside = (sample: OutsideSample): void => {
    this.outsideCalls.inc({ service: sample.service, operation: sample.operation, outcome: sample.outcome });
    this.outsideSeconds.observe({ service: sample.service, operation: sample.operation }, sample.seconds);
  };

  /** A gauge whose values are read when Prometheus scrapes (from the database: the site's, not the process's). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<{ labels?: Partial<Record<L, string>>; value: number }[]>,
  ): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });
  }
}
