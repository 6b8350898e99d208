import { CSRF_HEADER } from '@app/contract/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { sandboxOf } from './payment-sandbox.ts';
import { openTestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  /** The key of this app's sandbox surfaces (the outbox), as a developer reads it from the start-up log. */
  sandboxKey: string;
  /** http://127.0.0.1:PORT of the video host when it was asked to listen (`listenVideo`), else undefined. */
  videoUrl: string | undefined;
  /** http://127.0.0.1:PORT of the payment sandbox when it was asked to listen (`listenPayments`), else undefined. */
  paymentUrl: string | undefined;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'logStream' | 'onPaid' | 'overloadSampleMs' | 'onRoute' | 'catalogs' | 'webhookResolve'> & {
    listenVideo?: boolean;
    listenPayments?: boolean;
  } = {},
): Promise<TestApp> {
  const { db, drop } = await openTestDb();
  const clock = new ManualClock();
  // The overload guard is off in test apps unless a test sets a threshold (overload.test.ts): a test worker's
  // event loop is blocked by its own embedded database and by the other workers on a loaded CI machine, which is
  // no overload of the product.
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_HEAP_USED_MB: '0',
    ...env,
  });
  const { listenVideo, listenPayments, ...appDeps } = deps;
  // The payment sandbox's notifications reach the app through inject (the app itself does not listen).
  const app: FastifyInstance = await buildApp({
    config,
    db,
    clock,
    ...appDeps,
    paymentTransport: async (url, init) => {
      const target = new URL(url);
      const res = await app.inject({
        method: 'POST',
        url: `${target.pathname}${target.search}`,
        headers: init.headers,
        payload: init.body,
      });
      return res.statusCode;
    },
  });
  // The API is reached through inject; the video host (tus over real sockets) on an ephemeral port when asked.
  const videoPort = listenVideo ? await app.videoHost.listen({ port: 0, host: '127.0.0.1' }) : undefined;
  // The payment sandbox's server-to-server API is real HTTP (the provider adapter fetches it) when asked.
  const paymentPort = listenPayments ? await sandboxOf(app).listen({ port: 0, host: '127.0.0.1' }) : undefined;
  return {
    app,
    db,
    clock,
    sandboxKey: config.SANDBOX_KEY,
    videoUrl: videoPort === undefined ? undefined : `http://127.0.0.1:${videoPort}`,
    paymentUrl: paymentPort === undefined ? undefined : `http://127.0.0.1:${paymentPort}`,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** The sandbox outbox's e-mails to an address, read with the app's sandbox key. */
export async function readOutbox(t: TestApp, to: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/outbox?to=${encodeURIComponent(to)}`,
    headers: { 'x-sandbox-key': t.sandboxKey },
  });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return res.json().emails;
}

/**
 * A browser-like client: keeps cookies and sends the CSRF header (on every call once it has the cookie, as the
 * web app does on its state-changing GETs), from one IP address.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '10.0.0.1',
    /** The browser's user agent (inject's own, `lightMyRequest`, is a bot to the advertiser's numbers). */
    readonly userAgent?: string,
  ) {}

  private agentHeader(): Record<string, string> {
    return this.userAgent ? { 'user-agent': this.userAgent } : {};
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const csrf = this.cookies.get('csrf');
    const res = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: {
        ...this.agentHeader(),
        cookie: this.cookieHeader(),
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
        ...headers,
      },
    });
    this.remember(res);
    return res;
  }

  async post(url: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('csrf')) await this.get('/api/auth/customer');
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      remoteAddress: this.ip,
      headers: {
        ...this.agentHeader(),
        cookie: this.cookieHeader(),
        [CSRF_HEADER]: this.cookies.get('csrf') ?? '',
        ...headers,
      },
    });
    this.remember(res);
    return res;
  }
}

/** A person's phone browser, as the advertiser's numbers count it (not a bot). */
export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let counter = 0;
/** A unique, valid e-mail address for a test account. */
export function newEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.co.il`;
}

export const GOOD_PASSWORD = 'Secret123';

export async function register(agent: Agent, email = newEmail(), password = GOOD_PASSWORD) {
  const res = await agent.post('/api/auth/register', {
    username: email,
    password,
    passwordAgain: password,
    firstname: 'נועה',
    lastname: 'ישראלי',
  });
  return { res, email, password };
}
