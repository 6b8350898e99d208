/**
 * A body too large for its route, sent to the started server over a real connection (not inject): the JSON calls
 * save-ad and missing-address, and the form-encoded card form of the payment sandbox (its own listener). With
 * `Expect: 100-continue` the 413 comes before any 100 Continue and no byte of the body is sent; without it the
 * client sends all 5 MB and still reads the 413 (no reset), and the connection carries the next request. Each 413 says in
 * Hebrew that the request is too large, in the product's error shape; the server stays healthy afterwards.
 * (platform/http/unread-body.ts)
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { he } from '../src/i18n/messages.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';
import { startedDataDir } from './support/started-data-dir.ts';

const FIVE_MB = 5 * 1024 * 1024;

interface Sent {
  status?: number;
  body?: string;
  /** A 100 Continue came. */
  continued: boolean;
  /** Bytes written to the connection (the request's head and as much of its body as was sent). */
  sentBytes: number;
  /** The socket error instead of an answer (ECONNRESET, EPIPE). */
  error?: string;
}

/**
 * POSTs `body` with Node's http client; with `expectContinue` the body is written only after a 100 Continue. On a
 * keep-alive connection (`keepAlive`), or on one the client asks to close after the answer (`Connection: close`).
 */
function post(
  port: number,
  target: string,
  body: Buffer,
  headers: Record<string, string>,
  expectContinue: boolean,
  keepAlive = false,
): Promise<Sent> {
  const sent: Sent = { continued: false, sentBytes: 0 };
  const agent = keepAlive ? new http.Agent({ keepAlive: true }) : false;
  return new Promise<Sent>((resolve) => {
    let answered = false;
    let written = expectContinue;
    const settle = () => {
      if (!sent.error && !(answered && written)) return;
      resolve(sent);
      req.destroy();
      if (agent) agent.destroy();
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: target,
        agent,
        headers: {
          ...headers,
          'content-length': String(body.length),
          ...(expectContinue ? { expect: '100-continue' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          sent.status = res.statusCode;
          sent.body = text;
          sent.sentBytes = req.socket?.bytesWritten ?? 0;
          answered = true;
          settle();
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      sent.error ??= err.code ?? err.message;
      settle();
    });
    if (expectContinue) {
      req.on('continue', () => {
        sent.continued = true;
        req.end(body);
      });
      req.flushHeaders();
    } else {
      req.on('finish', () => {
        written = true;
        settle();
      });
      req.end(body);
    }
  });
}

/**
 * Over one raw connection: the POST with its whole body, then a GET right behind it (pipelined). Answers what came
 * back on that connection, until the server closed it or a second answer ended.
 */
function postThenGet(port: number, head: string, body: Buffer, then: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if ((received.match(/HTTP\/1\.1 /g) ?? []).length >= 2 && /\r\n\r\n[\s\S]*\r\n\r\n\{[\s\S]*\}$/.test(received))
        socket.end();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(head);
    socket.write(body);
    socket.write(`GET ${then} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

describe('a body too large for its route, over a real connection to the started server', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  let appPort = 0;
  let paymentPort = 0;
  let csrf = '';

  beforeAll(async () => {
    dataDir = await startedDataDir('yad-too-large-');
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', JOB_TICK_MS: '0' });
    appPort = Number(new URL(server.url).port);
    paymentPort = Number(/Payment sandbox: http:\/\/[^:]+:(\d+)/.exec(server.output())?.[1]);
    expect(paymentPort).toBeGreaterThan(0);
    const res = await fetch(`${server.url}/api/auth/customer`);
    csrf = /csrf=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(csrf).not.toBe('');
  }, 180_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const json = () => ({
    'content-type': 'application/json',
    cookie: `csrf=${csrf}`,
    'x-csrf-token': csrf,
  });
  const bigJson = Buffer.from(JSON.stringify({ description: 'א'.repeat(FIVE_MB / 2) }));
  const bigForm = Buffer.from(`cardNumber=${'4'.repeat(FIVE_MB)}`);
  const tooLarge = { status: 413, message: he.requestTooLarge };

  const CASES = [
    { name: 'save-ad (JSON)', port: () => appPort, path: '/api/publish/save-ad', body: bigJson, headers: json },
    {
      name: 'missing-address (JSON)',
      port: () => appPort,
      path: '/api/publish/missing-address',
      body: bigJson,
      headers: json,
    },
    {
      name: 'the payment sandbox’s card form (form-encoded)',
      port: () => paymentPort,
      path: '/pay/ps_0123456789abcdef',
      body: bigForm,
      headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    },
  ];

  it.each(CASES)(
    '$name with Expect: 100-continue: 413 before any 100 Continue, no byte of the body sent',
    async (c) => {
      const sent = await post(c.port(), c.path, c.body, c.headers(), true);
      expect(sent.error).toBeUndefined();
      expect(sent.continued).toBe(false);
      expect(sent.sentBytes).toBeLessThan(2048);
      expect(sent.status).toBe(413);
      expect(JSON.parse(sent.body ?? '')).toEqual(tooLarge);
    },
  );

  const WITHOUT = CASES.flatMap((c) => [
    { ...c, connection: 'keep-alive', keepAlive: true },
    { ...c, connection: 'close', keepAlive: false },
  ]);
  it.each(WITHOUT)(
    '$name without it, Connection: $connection: all 5 MB sent, and the 413 read, with no reset',
    async (c) => {
      const sent = await post(c.port(), c.path, c.body, c.headers(), false, c.keepAlive);
      expect(sent.error).toBeUndefined();
      expect(sent.sentBytes).toBeGreaterThan(c.body.length);
      expect(sent.status).toBe(413);
      expect(JSON.parse(sent.body ?? '')).toEqual(tooLarge);
    },
  );

  it('the refused body is read to its end and the connection carries the next request', async () => {
    const head = [
      'POST /api/publish/save-ad HTTP/1.1',
      `Host: 127.0.0.1:${appPort}`,
      ...Object.entries(json()).map(([k, v]) => `${k}: ${v}`),
      `Content-Length: ${bigJson.length}`,
      '',
      '',
    ].join('\r\n');
    const received = await postThenGet(appPort, head, bigJson, '/api/health');
    const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(answers.map((a) => a.slice(9, 12))).toEqual(['413', '200']);
    expect(JSON.parse(answers[0]?.split('\r\n\r\n')[1] ?? '')).toEqual(tooLarge);
    expect(JSON.parse(answers[1]?.split('\r\n\r\n')[1] ?? '')).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('a body within the limit with Expect: 100-continue gets its 100 Continue and its answer', async () => {
    const small = Buffer.from(JSON.stringify({ settlement: 'תל אביב - יפו', street: 'רחוב הבדיקה', houseNumber: '7' }));
    const sent = await post(appPort, '/api/publish/missing-address', small, json(), true);
    expect(sent.continued).toBe(true);
    expect(sent.error).toBeUndefined();
    // Read by the route and kept: its own answer.
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body ?? '')).toEqual({ success: true });
  });

  it('the server stays healthy: its health answers, and so does a normal call', async () => {
    const health = await fetch(`${server?.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const fields = await fetch(`${server?.url}/api/publish/fields?cat=1&subcat=1`);
    expect(fields.status).toBe(200);
  });
});
