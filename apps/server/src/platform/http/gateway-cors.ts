/**
 * The gateway on another host (an absolute GATEWAY_URL, config.ts): the site's pages call this server's /gateway/*
 * routes from the site's origin, so those routes answer that origin, and that origin only, with CORS and
 * credentials (the session and CSRF cookies), preflights included. @fastify/cors does the protocol; every other
 * route, and every other origin, gets no CORS header and a preflight there is not found. Nothing is registered
 * while the gateway is our own same-origin routes.
 */
import { CSRF_HEADER } from '@app/contract/auth';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { type Config, gatewayOrigin } from '../config.ts';

const GATEWAY_PATH = '/gateway/';

export async function registerGatewayCors(
  app: FastifyInstance,
  config: Pick<Config, 'GATEWAY_URL'>,
  siteOrigin: () => string,
): Promise<void> {
  if (!gatewayOrigin(config)) return;
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (req, callback) => {
      const gateway = (req.url ?? '').startsWith(GATEWAY_PATH);
      callback(
        null,
        gateway
          ? {
              origin: [siteOrigin()],
              credentials: true,
              methods: ['GET', 'POST'],
              allowedHeaders: ['accept', 'content-type', CSRF_HEADER],
              maxAge: 600,
            }
          : { origin: false },
      );
    },
  });
}
