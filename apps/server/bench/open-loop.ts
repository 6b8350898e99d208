/**
 * Calls made in this process at a steady rate (open loop): one every 1000/rate ms, each started on time whether or
 * not the earlier ones were answered, its time counted from when it was due, so a busy event loop shows in the
 * figures instead of slowing the load (no coordinated omission). The HTTP variant over real sockets is
 * steady-rate.ts.
 */
import { performance } from 'node:perf_hooks';

export interface OpenLoopResult {
  /** Each answered call's time from when it was due, sorted. */
  times: number[];
  /** Each answered call: when it was due (performance.now()) and its time, in the order they were answered. */
  calls: { due: number; ms: number }[];
  p99: number;
  /** Calls that threw. */
  errors: number;
}

/** The q-th quantile of sorted times (nearest rank). */
export const percentile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

/** `send(i)` `rate` times a second for `seconds`. */
export async function openLoop(
  send: (i: number) => Promise<unknown>,
  rate: number,
  seconds: number,
): Promise<OpenLoopResult> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const calls: { due: number; ms: number }[] = [];
  let errors = 0;
  const start = performance.now() + 20;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(i).then(
        () => {
          calls.push({ due, ms: performance.now() - due });
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  const times = calls.map((c) => c.ms).sort((a, b) => a - b);
  return { times, calls, p99: percentile(times, 0.99), errors };
}
