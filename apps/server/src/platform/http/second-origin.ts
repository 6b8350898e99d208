/**
 * A second origin in this process: a Fastify instance on its own port, for pages another site would host and the
 * app frames (the video upload host, the payment sandbox's hosted card page). Being another origin is the point:
 * the app's cookies and scripts cannot reach into it, nor it into the app.
 *
 * Every answer is locked down unless a route says otherwise: nosniff, no referrer (a token may be in the URL),
 * same-origin resources only, `default-src 'none'` and no framing, not stored.
 */
import fs from 'node:fs/promises';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { he } from '../../i18n/messages.ts';
import type { Config } from '../config.ts';
import { continueWhenBodyIsRead, dropUnreadBody } from './unread-body.ts';

export interface SecondOrigin {
  app: FastifyInstance;
  /** The port it listens on, read once it listens, or the configured one before. */
  port(): number;
  listen(options: { port: number; host: string }): Promise<number>;
}

export function secondOrigin(
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL' | 'TRUST_PROXY'>,
  options: {
    /** The port before it listens (the configured one). */
    configuredPort: () => number;
    requestTimeout: number;
    bodyLimit?: number;
  },
): SecondOrigin {
  const fastifyOptions: FastifyServerOptions = {
    logger: config.NODE_ENV === 'test' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    requestTimeout: options.requestTimeout,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: true,
  };
  if (options.bodyLimit !== undefined) fastifyOptions.bodyLimit = options.bodyLimit;
  const app = Fastify(fastifyOptions);
  // A body refused before it all arrived, as on the app (unread-body.ts): no 100 Continue before a route reads it,
  // the rest read and dropped so the answer arrives, and the 413 in Hebrew; other errors keep Fastify's answer.
  continueWhenBodyIsRead(app.server);
  app.setErrorHandler(async (err: { statusCode?: number }, req, reply) => {
    await dropUnreadBody(req, reply);
    if (err.statusCode !== 413) throw err;
    return reply.code(413).send({ status: 413, message: he.requestTooLarge });
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-resource-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Read once it listens: the CSP of every answer of the app names this origin, and server.address() asks the
  // system each time.
  let listensOn: number | undefined;
  const port = () => {
    if (listensOn !== undefined) return listensOn;
    const address = app.server.address();
    if (address && typeof address === 'object') listensOn = address.port;
    return listensOn ?? options.configuredPort();
  };
  return {
    app,
    port,
    async listen(listenOptions) {
      await app.listen(listenOptions);
      return port();
    },
  };
}

/** The policy of a page framed by one parent: own scripts, styles and calls only. */
export function framedPageCsp(page: { parent: string | null; formAction: string; imgSrc: string }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    `img-src ${page.imgSrc}`,
    "base-uri 'none'",
    `form-action ${page.formAction}`,
    `frame-ancestors ${page.parent ?? "'none'"}`,
  ].join('; ');
}

/** GET `${prefix}/:name`: the page's own static files by name (an unknown name is the host's 404), cached an hour. */
export function serveAssets(
  app: FastifyInstance,
  prefix: string,
  assets: Readonly<Record<string, { file: string; type: string }>>,
): void {
  app.get(`${prefix}/:name`, async (req, reply) => {
    const name = (req.params as { name: string }).name;
    const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!asset) return reply.callNotFound();
    return reply
      .type(asset.type)
      .header('cache-control', 'public, max-age=3600')
      .send(await fs.readFile(asset.file));
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute's value in an HTML page: the five characters that could end either, escaped. */
export const escapeHtml = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * A second origin's HTML page: Hebrew, right to left, sized for a phone, no referrer sent on; its title, what else
 * its head holds (a style sheet, scripts) and its body.
 */
export function hebrewPage(page: { title: string; head: string; body: string }): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
${page.head}
</head>
<body>
${page.body}
</body>
</html>
`;
}
