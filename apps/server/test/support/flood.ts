import http from 'node:http';

/** How one request of a flood ended. */
export interface FloodOutcome {
  /** Milliseconds since the flood began when the request was sent. */
  sentAt: number;
  /** The HTTP status of a complete answer (the whole body arrived), else undefined. */
  status?: number;
  retryAfter?: string;
  body?: string;
  /** The socket error (ECONNRESET, ECONNREFUSED, …) when there was no complete answer. */
  error?: string;
}

/**
 * A closed-loop load generator: `concurrency` requests are always on their way, each on its own connection
 * (keep-alive off, so every request is a new connect, the case a drain must get right), until `stop()`.
 */
export function flood(url: string, path: string, concurrency: number) {
  const target = new URL(url);
  const began = Date.now();
  const outcomes: FloodOutcome[] = [];
  let stopped = false;
  let pending = 0;
  let drained: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    drained = resolve;
  });

  const one = () => {
    if (stopped) {
      if (pending === 0) drained();
      return;
    }
    pending += 1;
    const outcome: FloodOutcome = { sentAt: Date.now() - began };
    outcomes.push(outcome);
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      pending -= 1;
      setImmediate(one);
    };
    const req = http.request(
      { host: target.hostname, port: target.port, path, agent: false, headers: { connection: 'close' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          outcome.status = res.statusCode;
          outcome.retryAfter = res.headers['retry-after'];
          outcome.body = body;
          finish();
        });
        res.on('error', (err: NodeJS.ErrnoException) => {
          if (!ended) outcome.error = `body: ${err.code ?? err.message}`;
          finish();
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!ended) outcome.error = err.code ?? err.message;
      finish();
    });
    req.end();
  };
  for (let i = 0; i < concurrency; i++) one();

  return {
    outcomes,
    /** Milliseconds since the flood began. */
    elapsed: () => Date.now() - began,
    /** Sends no more requests; resolves when every request sent has ended. */
    async stop() {
      stopped = true;
      if (pending === 0) drained();
      await allDone;
      return outcomes;
    },
  };
}

/** Counts outcomes by kind: '200', '503 retry-after=10', 'ECONNRESET', … */
export function tally(outcomes: FloodOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.error ?? `${o.status}${o.retryAfter ? ` retry-after=${o.retryAfter}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
