import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { continueWhenBodyIsRead, dropUnreadBody } from './unread-body.ts';

/** A server whose one route takes 1 KB, refusing bodies as the app does, with a small bound to read past. */
async function server(bound: { bytes: number; ms: number }): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify({ bodyLimit: 1024 });
  continueWhenBodyIsRead(app.server);
  app.setErrorHandler(async (err: { statusCode?: number }, req, reply) => {
    await dropUnreadBody(req, reply, bound);
    return reply.code(err.statusCode ?? 500).send({ status: err.statusCode });
  });
  app.post('/save', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

/**
 * A keep-alive POST declaring `length` bytes: waits for the answer, then writes body bytes until the server ends the
 * connection. Answers the answer's status line and the bytes the client wrote after it.
 */
function refusedThenKeepSending(
  port: number,
  length: number,
  stallAfterAnswer = false,
): Promise<{ statusLine: string; afterAnswer: number; closedInMs: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let answeredAt = 0;
    let afterAnswer = 0;
    const chunk = Buffer.alloc(64 * 1024, 97);
    const more = () => {
      while (!socket.destroyed && afterAnswer < length) {
        afterAnswer += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', more);
      }
    };
    socket.on('data', (data: Buffer) => {
      received += data.toString();
      if (answeredAt || !received.includes('\r\n\r\n')) return;
      answeredAt = Date.now();
      if (!stallAfterAnswer) more();
    });
    socket.on('error', () => {});
    socket.on('close', () =>
      resolve({ statusLine: received.split('\r\n')[0] ?? '', afterAnswer, closedInMs: Date.now() - answeredAt }),
    );
    socket.write(
      `POST /save HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
  });
}

describe('a refused body is read and dropped within its bound', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('past the bound in bytes the connection is closed, long before the declared length', async () => {
    const started = await server({ bytes: 256 * 1024, ms: 30_000 });
    app = started.app;
    const length = 200 * 1024 * 1024;
    const outcome = await refusedThenKeepSending(started.port, length);
    expect(outcome.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.afterAnswer).toBeLessThan(length / 4);
  });

  it('past the bound in time a stalled body’s connection is closed', async () => {
    const started = await server({ bytes: 256 * 1024, ms: 300 });
    app = started.app;
    const outcome = await refusedThenKeepSending(started.port, 10 * 1024 * 1024, true);
    expect(outcome.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.afterAnswer).toBe(0);
    expect(outcome.closedInMs).toBeGreaterThanOrEqual(250);
    expect(outcome.closedInMs).toBeLessThan(5000);
  });
});
