import { CSRF_HEADER } from '@app/contract/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { ManualClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/db.ts';
import { openTestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { db, drop } = await openTestDb();
  const clock = new ManualClock();
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', ...env });
  const app = await buildApp({ config, db, clock });
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A browser-like client: keeps cookies and sends the CSRF header, from one IP address. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '10.0.0.1',
  ) {}

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

  async get(url: string): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: { cookie: this.cookieHeader() },
    });
    this.remember(res);
    return res;
  }

  async post(url: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('csrf')) await this.get('/api/auth/customer');
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      remoteAddress: this.ip,
      headers: { cookie: this.cookieHeader(), [CSRF_HEADER]: this.cookies.get('csrf') ?? '' },
    });
    this.remember(res);
    return res;
  }
}

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
