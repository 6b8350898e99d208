/**
 * How the product calls an outside provider (a real SMS, payment, registry or mail service): each call has a
 * deadline, only a call that is safe to repeat is retried (a read, a lookup; never "send this SMS" or "charge this
 * card"), and a provider that keeps failing is not called for a while (a circuit breaker), so a user gets the
 * provider's Hebrew "try again later" at once instead of waiting on a dead service, and the provider gets a rest.
 *
 * Built on cockatiel (timeout, retry with exponential backoff, consecutive-failure breaker), one breaker per
 * provider and process. Only outages count against the breaker: a timeout, a network error or a 5xx, as the
 * adapter's `isOutage` says. A refusal (4xx: a bad number, a declined card) is the provider working.
 */
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from 'cockatiel';

export interface OutsideCallOptions {
  /** Milliseconds a single attempt may take before it is abandoned (its AbortSignal fires). */
  timeoutMs: number;
  /** Consecutive outages that open the breaker. */
  breakAfter?: number;
  /** Milliseconds the open breaker refuses calls before one is let through to test the provider. */
  halfOpenAfterMs?: number;
  /** Attempts of an idempotent call in all (the first and its retries). */
  idempotentAttempts?: number;
  /** Whether an error means the provider is down (counts against the breaker; retried when idempotent). */
  isOutage?: (err: Error) => boolean;
  /** Told of every finished call: the metrics. */
  observe?: (sample: { service: string; operation: string; outcome: CallOutcome; seconds: number }) => void;
}

export type CallOutcome = 'ok' | 'refused' | 'outage' | 'timeout' | 'breaker-open';

/** The provider did not answer in time, is down, or its breaker is open: nothing was decided on its side. */
export class OutsideServiceDown extends Error {
  constructor(
    readonly service: string,
    readonly reason: 'timeout' | 'outage' | 'breaker-open',
    options?: { cause?: unknown },
  ) {
    super(`${service}: ${reason}`, options);
  }
}

const defaultIsOutage = (err: Error): boolean => {
  const status = (err as { status?: unknown }).status;
  return typeof status !== 'number' || status >= 500 || status === 429;
};

export class OutsideService {
  private readonly breaker;
  private readonly once;
  private readonly repeatable;
  private readonly isOutage: (err: Error) => boolean;

  constructor(
    readonly name: string,
    private readonly options: OutsideCallOptions,
  ) {
    this.isOutage = options.isOutage ?? defaultIsOutage;
    const outages = handleWhen((err) => err instanceof TaskCancelledError || this.isOutage(err));
    this.breaker = circuitBreaker(outages, {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    });
    const deadline = timeout(options.timeoutMs, TimeoutStrategy.Aggressive);
    this.once = wrap(this.breaker, deadline);
    const retries = retry(
      handleWhen(
        (err) => err instanceof TaskCancelledError || (!(err instanceof BrokenCircuitError) && this.isOutage(err)),
      ),
      {
        maxAttempts: Math.max(0, (options.idempotentAttempts ?? 3) - 1),
        backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 2_000 }),
      },
    );
    this.repeatable = wrap(retries, this.breaker, deadline);
  }

  /** Whether the breaker refuses calls now (the provider failed `breakAfter` times in a row). */
  get open(): boolean {
    return this.breaker.state === CircuitState.Open;
  }

  /**
   * Runs one call to the provider. `idempotent`: the same call twice has the effect of one (a read, a lookup, a
   * refund with the provider's own idempotency key), so a timeout or an outage is tried again. Throws
   * OutsideServiceDown when the provider is down, slow or its breaker is open; a refusal is thrown as it came.
   */
  async call<T>(
    operation: string,
    run: (signal: AbortSignal) => Promise<T>,
    { idempotent }: { idempotent: boolean },
  ): Promise<T> {
    const started = performance.now();
    const policy = idempotent ? this.repeatable : this.once;
    let outcome: CallOutcome = 'ok';
    try {
      return await policy.execute(({ signal }) => run(signal));
    } catch (err) {
      if (err instanceof BrokenCircuitError) {
        outcome = 'breaker-open';
        throw new OutsideServiceDown(this.name, 'breaker-open', { cause: err });
      }
      if (err instanceof TaskCancelledError) {
        outcome = 'timeout';
        throw new OutsideServiceDown(this.name, 'timeout', { cause: err });
      }
      if (err instanceof Error && this.isOutage(err)) {
        outcome = 'outage';
        throw new OutsideServiceDown(this.name, 'outage', { cause: err });
      }
      outcome = 'refused';
      throw err;
    } finally {
      this.options.observe?.({
        service: this.name,
        operation,
        outcome,
        seconds: (performance.now() - started) / 1000,
      });
    }
  }
}
