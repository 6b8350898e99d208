import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { he } from './i18n/messages.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerSessions } from './plugins/session.ts';
import { registerWebApp } from './plugins/static-web.ts';
import { authRoutes } from './routes/auth.ts';
import { businessForSaleGuard } from './routes/business-for-sale-guard.ts';
import { freeSearchRoutes } from './routes/free-search.ts';
import { gatewayRoutes } from './routes/gateway.ts';
import { missingAddressRoutes } from './routes/missing-address.ts';
import { publishFieldsRoutes } from './routes/publish-fields.ts';
import { publishOptionRoutes } from './routes/publish-options.ts';
import { publishSaveRoutes } from './routes/publish-save.ts';
import { publishStepRoutes } from './routes/publish-steps.ts';
import { publishTraderRoutes } from './routes/publish-trader.ts';
import { sandboxOutboxRoutes } from './routes/sandbox-outbox.ts';
import { siteRoutes } from './routes/site.ts';
import { SandboxMailer } from './sandbox/mailer.ts';
import { warmAddressLists } from './services/address-lists.ts';
import { AuthService } from './services/auth-service.ts';
import { CaptchaService } from './services/captcha-service.ts';
import { CatalogService } from './services/catalog-service.ts';
import { PasswordResetService } from './services/password-reset-service.ts';
import { RateLimiter } from './services/rate-limiter.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Built once per process (checked and parsed catalogues); tests may share one. */
  catalogs?: CatalogService;
}

/** Wires plugins, services and routes. Start-up work (migrations, seed) happens before, in main.ts. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  catalogs = new CatalogService(),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.NODE_ENV === 'test' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
  });

  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    reply.code(status).send({ status, message: status === 500 ? he.serverError : he.badRequest });
  });

  await registerCompression(app);
  await app.register(fastifyCookie);
  registerCsrf(app);
  registerSessions(app, db, clock);

  const limiter = new RateLimiter(db, clock);
  const captchas = new CaptchaService(db, clock);
  const mailer = new SandboxMailer(db);
  const auth = new AuthService(db, clock, limiter, captchas);
  const resets = new PasswordResetService(db, clock, limiter, captchas, mailer);

  siteRoutes(app, { config, db });
  authRoutes(app, { db, auth, resets, captchas });
  publishTraderRoutes(app);
  publishFieldsRoutes(app, { db, catalogs });
  publishStepRoutes(app, { db, clock, catalogs });
  publishSaveRoutes(app, { db, clock, catalogs });
  publishOptionRoutes(app);
  warmAddressLists();
  missingAddressRoutes(app, { db, clock, limiter });
  gatewayRoutes(app);
  freeSearchRoutes(app);
  businessForSaleGuard(app);
  if (config.MAIL_PROVIDER === 'sandbox') sandboxOutboxRoutes(app, mailer);

  const servesWeb = config.NODE_ENV === 'production' && (await registerWebApp(app, config.WEB_DIST_DIR));
  if (!servesWeb) {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: 404, message: he.notFound }));
  }
  return app;
}
