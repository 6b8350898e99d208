/**
 * A webhook receiver on 127.0.0.1 as an integrator would run it (docs/webhooks.md): it answers each path as told
 * (200 unless told), keeps everything it got with the moment it arrived, and checks signatures the documented way.
 * The API tests and the browser tests share it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The receiver's check, as docs/webhooks.md gives it to integrators. */
export function verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number, toleranceS = 300) {
  const parts = new Map(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceS) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(v1, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When the whole request had arrived (Date.now()). */
  at: number;
}

export type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** A receiver on 127.0.0.1: what each path answers (200 unless told), and everything it got. */
export async function webhookReceiver() {
  const got: Received[] = [];
  const answers = new Map<string, () => number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      got.push({ path, headers: req.headers, body, at: Date.now() });
      res.statusCode = answers.get(path)?.() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : `broken ${'x'.repeat(5000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    got,
    answers,
    at: (path: string) => got.filter((r) => r.path === path),
    /** Waits until `done` holds of what arrived, or `ms` have passed. */
    async until(done: (got: Received[]) => boolean, ms: number): Promise<void> {
      const end = Date.now() + ms;
      while (!done(got) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
