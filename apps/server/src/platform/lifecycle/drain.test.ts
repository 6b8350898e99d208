import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpDrain } from './drain.ts';

const body = { status: 503 as const, message: 'עמוס' };

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

const get = (url: string) =>
  new Promise<{ status?: number; headers?: http.IncomingHttpHeaders; text?: string; error?: string }>((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });

describe('HttpDrain', () => {
  it('lets a running request finish (with Connection: close) and answers a new one 503 + Retry-After', async () => {
    let release: () => void = () => {};
    const { server, url } = await listen((_req, res) => {
      release = () => res.end('done');
    });
    const drain = new HttpDrain([server], { retryAfterS: 5, body, quietMs: 100 });
    const running = get(url);
    await new Promise((r) => setTimeout(r, 50));
    const drained = drain.drain(Date.now() + 5000);
    const late = await get(url);
    expect(late.status).toBe(503);
    expect(late.headers?.['retry-after']).toBe('5');
    expect(late.headers?.connection).toBe('close');
    expect(JSON.parse(late.text ?? '')).toEqual(body);
    release();
    const first = await running;
    expect(first).toMatchObject({ status: 200, text: 'done' });
    expect(first.headers?.connection).toBe('close');
    const result = await drained;
    expect(result).toMatchObject({ refused: 1, cut: 0 });
    expect((await get(url)).error).toBe('ECONNREFUSED');
  });

  it('cuts a request still running at the deadline, so the process can exit in time', async () => {
    const { server, url } = await listen(() => {
      /* never answers */
    });
    const drain = new HttpDrain([server], { retryAfterS: 5, body, quietMs: 50 });
    const hanging = get(url);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const result = await drain.drain(started + 400);
    expect(result.cut).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await hanging).error).toBe('ECONNRESET');
  });
});
