/**
 * Graceful drain of this process's HTTP listeners (the app, the video host, the payment sandbox) on SIGTERM.
 *
 * Why not just `app.close()`: Fastify's close calls `server.close()` at once, which closes the listening socket.
 * Every connection the kernel had already accepted into the listen backlog (the client saw its connect succeed and
 * sent its request) is then reset: under a flood, about half of the requests failed with ECONNRESET (docs/QUALITY.md).
 * The drain instead goes in three phases:
 *
 * 1. Refuse politely, keep accepting: every request that arrives after the signal is answered at once with
 *    503 + Retry-After + Connection: close and a Hebrew JSON body (cheap: no route, no database), so the backlog
 *    empties. Requests already running go on; their answers get Connection: close, idle keep-alive sockets are closed.
 * 2. Stop accepting once no new connection came for `quietMs` (the backlog is empty, so closing the listening socket
 *    resets nobody), or after `acceptForMs` under an endless flood (then a connection still queued at that instant is
 *    reset: unavoidable with one listening socket). Later connects are refused (ECONNREFUSED): the balancer retries
 *    another instance.
 * 3. Wait for the running requests until `deadlineAt`, then cut what is left (counted, logged).
 *
 * Node's http.Server and Fastify give no hook before the router for a 503 like this, so the drain wraps each
 * server's 'request' listener (the Fastify handler) once, at start; while not draining it only counts.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface DrainOptions {
  /** Seconds a refused client should wait (Retry-After). */
  retryAfterS: number;
  /** The JSON body of a refused request (our Hebrew error shape). */
  body: { status: 503; message: string };
  /** No new connection for this long: the listen backlog is empty and the listening socket may close. */
  quietMs?: number;
  /** The longest the listening sockets stay open after the signal (an endless flood). */
  acceptForMs?: number;
  /** How often idle keep-alive sockets are closed and the phases are checked. */
  pollMs?: number;
}

export interface DrainResult {
  /** Requests answered 503 after the signal. */
  refused: number;
  /** Requests still running at the deadline whose connection was cut. */
  cut: number;
  /** Milliseconds from the signal until the listening sockets were closed. */
  acceptedForMs: number;
  /** Milliseconds from the signal until every connection had ended. */
  tookMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class HttpDrain {
  private draining = false;
  private lastConnectionAt = 0;
  private refused = 0;
  /** Answers not yet sent, per server: at the drain they get Connection: close. */
  private readonly running = new Set<ServerResponse>();
  private readonly sockets = new Set<Socket>();
  private readonly quietMs: number;
  private readonly acceptForMs: number;
  private readonly pollMs: number;
  private readonly payload: string;

  constructor(
    private readonly servers: Server[],
    private readonly options: DrainOptions,
  ) {
    this.quietMs = options.quietMs ?? 300;
    this.acceptForMs = options.acceptForMs ?? 3000;
    this.pollMs = options.pollMs ?? 25;
    this.payload = JSON.stringify(options.body);
    for (const server of servers) this.wrap(server);
  }

  get isDraining(): boolean {
    return this.draining;
  }

  private wrap(server: Server): void {
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.draining) {
        this.refuse(res);
        return;
      }
      this.running.add(res);
      res.once('close', () => this.running.delete(res));
      for (const handler of handlers) handler.call(server, req, res);
    });
    server.on('connection', (socket: Socket) => {
      this.lastConnectionAt = Date.now();
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  private refuse(res: ServerResponse): void {
    this.refused += 1;
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(this.payload),
      'retry-after': String(this.options.retryAfterS),
      connection: 'close',
      'cache-control': 'no-store',
    });
    res.end(this.payload);
  }

  private closeIdle(): void {
    for (const server of this.servers) server.closeIdleConnections();
  }

  /** Runs the three phases; resolves when every connection has ended (or was cut at `deadlineAt`). */
  async drain(deadlineAt: number): Promise<DrainResult> {
    const started = Date.now();
    this.draining = true;
    this.lastConnectionAt = started;
    for (const res of this.running) if (!res.headersSent) res.setHeader('connection', 'close');
    this.closeIdle();

    // Phase 1: answer 503 to whatever comes until the backlog is quiet.
    const acceptUntil = Math.min(started + this.acceptForMs, deadlineAt);
    while (Date.now() - this.lastConnectionAt < this.quietMs && Date.now() < acceptUntil) {
      await sleep(this.pollMs);
      this.closeIdle();
    }

    // Phase 2: stop accepting; close() calls back when the server's last connection has ended.
    const acceptedForMs = Date.now() - started;
    const closed = Promise.all(
      this.servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (!server.listening) resolve();
            else server.close(() => resolve());
          }),
      ),
    );
    let allClosed = false;
    void closed.then(() => {
      allClosed = true;
    });

    // Phase 3: wait for the running requests until the deadline.
    while (!allClosed && Date.now() < deadlineAt) {
      await sleep(this.pollMs);
      this.closeIdle();
    }
    let cut = 0;
    if (!allClosed) {
      cut = this.running.size;
      for (const socket of this.sockets) socket.destroy();
      for (const server of this.servers) server.closeAllConnections();
      await closed;
    }
    return { refused: this.refused, cut, acceptedForMs, tookMs: Date.now() - started };
  }
}
