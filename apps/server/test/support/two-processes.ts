/**
 * Support of the scale-out test (scale-out.test.ts): an S3-protocol server (s3rver), a round-robin HTTP proxy that
 * plays the load balancer in front of several server processes, and a browser-like client whose one cookie jar is
 * sent to whichever process the test names, so a session made on one process is used on the other.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@app/contract/auth';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { multipart } from './media.ts';
import type { ServerProcess } from './server-process.ts';

/** A local S3-protocol server with one bucket; `env` is what every server process is given to use it. */
export async function startS3(bucket = 'ad-photos'): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scale-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The load balancer: each request goes to the next target in turn. It listens before the targets exist (their
 * configuration names its origin), so the targets are set afterwards. `hits` records where each request went.
 */
export async function roundRobinProxy(): Promise<{
  origin: string;
  setTargets(origins: string[]): void;
  hits: { path: string; target: string }[];
  close(): Promise<void>;
}> {
  let targets: string[] = [];
  let next = 0;
  const hits: { path: string; target: string }[] = [];
  const server = http.createServer((req, res) => {
    const target = targets[next++ % Math.max(targets.length, 1)];
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    hits.push({ path: req.url ?? '/', target });
    const upstream = http.request(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    setTargets: (origins) => {
      targets = origins;
    },
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The payment sandbox's origin of a started process (its start-up log: "Payment sandbox: http://localhost:N"). */
export function paymentHostOf(p: ServerProcess): string {
  const m = /Payment sandbox: (http:\/\/localhost:\d+)/.exec(p.output());
  if (!m?.[1]) throw new Error(`no payment sandbox in the start-up log:\n${p.output()}`);
  return m[1].replace('localhost', '127.0.0.1');
}

/** Stops a server process cleanly (SIGTERM; SIGKILL if it has not exited within 10 s). */
export async function stopServer(p: ServerProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await p.exited;
  clearTimeout(timer);
}

/** One browser (one cookie jar, the CSRF header on every call) talking to whichever process it is pointed at. */
export class Browser {
  readonly cookies = new Map<string, string>();

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const csrf = this.cookies.get('csrf');
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      ...extra,
    };
  }

  async get(base: string, p: string, extra: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(base + p, { headers: this.headers(extra) });
    this.remember(res);
    return res;
  }

  async post(base: string, p: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    if (!this.cookies.has('csrf')) await this.get(base, '/api/auth/customer');
    const res = await fetch(base + p, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json', ...extra }),
      body: JSON.stringify(body),
    });
    this.remember(res);
    return res;
  }

  /** A photo into a slot of an ad, as the wizard's upload does (multipart, cookies, CSRF header). */
  async uploadPhoto(base: string, orderId: number, slot: number, bytes: Buffer): Promise<Response> {
    const { payload, contentType } = multipart([
      { name: 'OrderID', value: String(orderId) },
      { name: 'picNumber', value: String(slot) },
      { name: 'orientation', value: '1' },
      { name: 'image', value: bytes, filename: `photo-${slot}.jpg` },
    ]);
    const res = await fetch(`${base}/api/publish/${orderId}/images/upload`, {
      method: 'POST',
      headers: this.headers({ 'content-type': contentType }),
      body: new Uint8Array(payload),
    });
    this.remember(res);
    return res;
  }
}

/** Polls `check` until it returns a value other than undefined (or fails after `ms`). */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON answer, read as the shape the test expects (its assertions check that shape). */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
