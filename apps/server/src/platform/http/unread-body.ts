/**
 * A request refused before its body was read: a body over its route's limit (413), a type no parser takes (415). A
 * client may still be sending that body (Node's http client and undici send it all before they read; a phone's
 * upload takes a while). If the connection closed now, the kernel would answer the client's next bytes with a
 * reset, which can reach the client before the answer it has not read yet: it sees no answer at all. So:
 *
 * - `Expect: 100-continue` (curl's and Node's way to ask before a large body): Node sends 100 Continue at once
 *   unless the server listens for 'checkContinue'. Here the 100 goes out when a route first reads the body, so a
 *   refusal made from the headers (the declared length over the limit, the CSRF check, an unknown route) is the
 *   final answer before the client sends any of the body; Node then closes the connection, with nothing to reset.
 * - A connection that stays open after the answer (HTTP/1.1 keep-alive, the usual case): the answer goes out at
 *   once, and the rest of the body is read and dropped after it. Fastify asks to close the connection after a body
 *   error; that is undone here.
 * - A client that asked to close the connection after this answer: the rest of the body is read and dropped first,
 *   then the answer goes out, and the close finds nothing unread.
 *
 * What is read is bounded (UNREAD_BODY_BOUND, bytes and time); past it the connection is closed at once.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused body is read and dropped: more than the largest body any route takes (a 15 MB photo), so a
 * client that ignored the refusal finishes its request, and little enough that a flood of refused bodies costs no
 * more than a flood of photos; and for how long.
 */
export const UNREAD_BODY_BOUND = { bytes: 16 * 1024 * 1024, ms: 30_000 };

/** Requests with `Expect: 100-continue` whose 100 Continue has not gone out: their client sends no body yet. */
const awaitingContinue = new WeakSet<IncomingMessage>();

/** A server's requests with `Expect: 100-continue` get their 100 Continue only when the body is first read. */
export function continueWhenBodyIsRead(server: Server): void {
  server.on('checkContinue', (req: IncomingMessage, res) => {
    awaitingContinue.add(req);
    const read = req._read;
    // Readable calls _read whenever a consumer wants data (a body parser, a pipe, the drop below): the first call
    // is the route reading the body.
    req._read = function firstRead(size: number) {
      req._read = read;
      awaitingContinue.delete(req);
      if (!res.headersSent) res.writeContinue();
      return read.call(this, size);
    };
    server.emit('request', req, res);
  });
}

/**
 * Called before an error answer is sent: resolves when the answer may go out. When the request's body has not all
 * arrived, the rest is read and dropped from now on; on a connection that closes after the answer, the answer waits
 * until it is read.
 */
export async function dropUnreadBody(
  req: FastifyRequest,
  reply: FastifyReply,
  bound = UNREAD_BODY_BOUND,
): Promise<void> {
  const raw = req.raw;
  if (raw.complete || awaitingContinue.has(raw)) return;
  const dropped = drop(raw, bound);
  if (!reply.raw.shouldKeepAlive) return dropped;
  if (reply.getHeader('connection') === 'close') reply.removeHeader('connection');
}

/** Reads the rest of the body and drops it, until it ends, the connection closes, or the bound (then closes it). */
function drop(req: IncomingMessage, bound: typeof UNREAD_BODY_BOUND): Promise<void> {
  const socket = req.socket;
  return new Promise((resolve) => {
    if (socket.destroyed || req.readableEnded) return resolve();
    let bytes = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', stop);
      socket.off('close', stop);
      resolve();
    };
    const cut = () => {
      stop();
      socket.destroy();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > bound.bytes) cut();
    };
    const timer = setTimeout(cut, bound.ms);
    timer.unref();
    // A 'data' listener makes the body flow: each chunk is counted and dropped. (Node's own discarding of an
    // unread body, after the answer, would read it to its end, however long.)
    req.on('data', count);
    req.once('end', stop);
    socket.once('close', stop);
  });
}
