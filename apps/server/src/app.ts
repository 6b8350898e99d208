import { selectorsOf } from '@app/contract/publishPaths';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import { type Config, paymentPort } from './config.ts';
import { countRoutes } from './counts/routes.ts';
import type { Db } from './db/db.ts';
import { he } from './i18n/messages.ts';
import { JobScheduler } from './jobs/scheduler.ts';
import { SmtpMailer } from './mail/smtp-mailer.ts';
import { createMediaStore, type MediaStore } from './media/store.ts';
import { registerMediaSweepJobs, scheduleMediaSweep } from './media/sweep.ts';
import { SandboxPaymentProvider } from './payments/sandbox/client.ts';
import { buildPaymentSandbox, type NotifyTransport, type PaymentSandbox } from './payments/sandbox/host.ts';
import { type OnPaid, PaymentService } from './payments/service.ts';
import { PhoneService } from './phones/phone-service.ts';
import { SandboxPhoneProvider } from './phones/sandbox-provider.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOverload } from './plugins/overload.ts';
import { registerSandboxes } from './plugins/sandbox-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { registerWebApp } from './plugins/static-web.ts';
import { policyRoutes } from './policy/routes.ts';
import { type PublicOrigins, publicOrigins } from './public-origins.ts';
import { newRequestId } from './request-id.ts';
import { addsRoutes } from './routes/adds.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { authRoutes } from './routes/auth.ts';
import { businessForSaleGuard } from './routes/business-for-sale-guard.ts';
import { carExtrasRoutes } from './routes/car-extras.ts';
import { contactUsRoutes } from './routes/contact-us.ts';
import { freeSearchRoutes } from './routes/free-search.ts';
import { gatewayRoutes } from './routes/gateway.ts';
import { gatewayPriceRoutes } from './routes/gateway-price.ts';
import { missingAddressRoutes } from './routes/missing-address.ts';
import { myAdsRoutes } from './routes/my-ads.ts';
import { paymentRoutes } from './routes/payments.ts';
import { publishEditedRoutes } from './routes/publish-edited.ts';
import { publishFieldsRoutes } from './routes/publish-fields.ts';
import { publishFinishRoutes } from './routes/publish-finish.ts';
import { publishImageRoutes } from './routes/publish-images.ts';
import { publishOptionRoutes } from './routes/publish-options.ts';
import { publishPhoneRoutes } from './routes/publish-phones.ts';
import { publishPlanExtrasRoutes } from './routes/publish-plan-extras.ts';
import { publishSaveRoutes } from './routes/publish-save.ts';
import { publishStepRoutes } from './routes/publish-steps.ts';
import { publishTraderRoutes } from './routes/publish-trader.ts';
import { publishVideoRoutes } from './routes/publish-video.ts';
import { sandboxAnalyticsRoutes } from './routes/sandbox-analytics.ts';
import { sandboxOutboxRoutes } from './routes/sandbox-outbox.ts';
import { sandboxPaymentRoutes } from './routes/sandbox-payments.ts';
import { sandboxPhoneRoutes } from './routes/sandbox-phones.ts';
import { siteRoutes } from './routes/site.ts';
import { SandboxMailer } from './sandbox/mailer.ts';
import { registerAdExpiryJobs } from './services/ad-expiry.ts';
import { warmAddressLists } from './services/address-lists.ts';
import { AuthService } from './services/auth-service.ts';
import { autoBumpOnPaid, registerAutoBumpJobs } from './services/auto-bump.ts';
import { CaptchaService } from './services/captcha-service.ts';
import { CatalogService } from './services/catalog-service.ts';
import { paidHandler } from './services/paid.ts';
import { PasswordResetService } from './services/password-reset-service.ts';
import { RateLimiter } from './services/rate-limiter.ts';
import { registerVirtualNumberJobs } from './services/virtual-number.ts';
import { buildVideoHost, type VideoHost } from './video/host.ts';
import { registerVideoExpiryJobs, scheduleVideoExpiry } from './video/uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The video host: a second listener (its own origin) that main.ts starts after the app. */
    videoHost: VideoHost;
    /** The scheduled jobs of this process: started with the app, stopped on close; tests call runDueJobs(). */
    jobs: JobScheduler;
    /** The payment sandbox: a third listener (its own origin) that main.ts starts after the app. */
    paymentHost: PaymentSandbox;
    /** Our payment service (start, notify, reconcile). */
    payments: PaymentService;
    /** The public origins every absolute URL is built from (public-origins.ts), never a request's Host. */
    origins: PublicOrigins;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Built once per process (checked and parsed catalogues); tests may share one. */
  catalogs?: CatalogService;
  /** Where the log goes (standard output by default); a test may collect it, whatever NODE_ENV. */
  logStream?: { write(line: string): void };
  /** Where ad photos are kept; by default from the configuration (S3 when S3_BUCKET is set, else DATA_DIR/media). */
  media?: MediaStore;
  /** How the payment sandbox sends its notifications (fetch by default; tests hand them to app.inject). */
  paymentTransport?: NotifyTransport;
  /** What a paid payment does in its transaction (default: services/paid.ts). */
  onPaid?: OnPaid;
  /** How often the overload check samples the event loop and heap (1000 ms by default; tests use less). */
  overloadSampleMs?: number;
  /** Told of every route as it is added (Fastify's onRoute hook, set before any route): the fuzz sweep's inventory. */
  onRoute?: (route: RouteOptions) => void;
}

/** Wires plugins, services and routes. Start-up work (migrations, seed) happens before, in main.ts. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  catalogs = new CatalogService(),
  logStream,
  media = createMediaStore(config),
  paymentTransport,
  onPaid,
  overloadSampleMs,
  onRoute,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.NODE_ENV === 'test' && !logStream
        ? false
        : { level: config.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.TRUST_PROXY,
    // A request's id is the hash a failure shows the user (the publish failure popup) and the log names.
    genReqId: newRequestId,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    // Refusals Fastify makes before any route or error handler (a path with a broken percent escape such as
    // `/api/adds/%zz` is FST_ERR_BAD_URL): the same Hebrew answer as every other refusal, not Fastify's English.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      // Before any hook: the security hook's no-store default of /api answers is not set yet.
      (reply as FastifyReply).code(status).header('cache-control', 'no-store').send({ status, message: he.badRequest });
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);

  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    const body =
      status === 500 ? { status, message: he.serverError, hash: req.id } : { status, message: he.badRequest };
    reply.code(status).send(body);
  });

  // Overload: 503 + Retry-After before any route work (plugins/overload.ts); first, so every route has its hook.
  await registerOverload(app, config, { sampleIntervalMs: overloadSampleMs });

  // The video host is built first: the app's CSP frames exactly its origin.
  const videoHost = await buildVideoHost({ config, db, clock });
  app.decorate('videoHost', videoHost);
  app.addHook('onClose', async () => videoHost.app.close());

  // The payment host is built with the jobs below. Every absolute URL comes from the configured public origins,
  // whose defaults (development, tests) are the listeners' ports once they listen.
  let paymentHost: PaymentSandbox | undefined;
  const origins = publicOrigins(config, {
    app: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : config.PORT;
    },
    video: () => videoHost.port(),
    payment: () => paymentHost?.port() ?? paymentPort(config),
  });
  app.decorate('origins', origins);
  await registerSecurityHeaders(app, config, origins.video, () => (paymentHost ? origins.payment() : undefined));
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerCsrf(app);
  registerInputGuard(app);
  registerSessions(app, db, clock);

  const limiter = new RateLimiter(db, clock);
  const captchas = new CaptchaService(db, clock);
  const sandboxMailer = new SandboxMailer(db);
  const mailer =
    config.MAIL_PROVIDER === 'smtp' && config.SMTP_URL
      ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : sandboxMailer;
  const auth = new AuthService(db, clock, limiter, captchas);
  const resets = new PasswordResetService(db, clock, limiter, captchas, mailer, origins);
  // SMS_PROVIDER=sandbox is the only provider today (config.ts); a real one would be chosen here.
  const phoneProvider = new SandboxPhoneProvider(db);
  const phones = new PhoneService(db, clock, limiter, phoneProvider, config);

  // Scheduled work lives in the database (jobs/scheduler.ts): the tick starts when the app is ready, stops on close.
  const jobs = new JobScheduler(db, clock, { tickMs: config.JOB_TICK_MS, log: app.log });
  registerVirtualNumberJobs(jobs);
  registerAdExpiryJobs(jobs);
  registerAutoBumpJobs(jobs);
  registerMediaSweepJobs(jobs, { db, store: media, videos: videoHost, log: app.log });
  registerVideoExpiryJobs(jobs, { db, limits: config, remove: (id) => videoHost.remove(id), log: app.log });
  app.decorate('jobs', jobs);

  // PAYMENT_PROVIDER=sandbox is the only provider today (config.ts); a real one would be chosen here, and then
  // neither the sandbox listener nor its admin view exists.
  paymentHost = await buildPaymentSandbox({
    config,
    db,
    clock,
    jobs,
    transport: paymentTransport,
    origin: origins.payment,
  });
  const sandboxHost = paymentHost;
  app.decorate('paymentHost', sandboxHost);
  app.addHook('onClose', async () => sandboxHost.app.close());
  const payments = new PaymentService({
    db,
    clock,
    provider: new SandboxPaymentProvider(config, () => sandboxHost.apiBase()),
    jobs,
    config,
    onPaid: onPaid ?? paidHandler({ autoBump: autoBumpOnPaid() }),
    log: app.log,
    listenPort: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : undefined;
    },
  });
  app.decorate('payments', payments);
  app.addHook('onReady', async () => {
    // A process that runs jobs makes sure the hourly orphan photo sweep is scheduled (media/sweep.ts; keyed by its
    // hour, so one job whatever the number of processes; each run schedules the next), and so the five-minute
    // expiry of unfinished video uploads (video/uploads.ts).
    // So does the daily prune of ended jobs (jobs/scheduler.ts).
    if (config.JOB_TICK_MS > 0) {
      await scheduleMediaSweep(jobs, clock.now());
      await scheduleVideoExpiry(jobs, clock.now());
      await jobs.scheduleHousekeeping();
    }
    jobs.start();
  });
  app.addHook('onClose', async () => jobs.stop());

  // Before the routes it guards: it adds its hook to them as they are declared.
  businessForSaleGuard(app);
  siteRoutes(app, { config, db, videoOrigin: origins.video });
  authRoutes(app, { db, auth, resets, captchas });
  publishTraderRoutes(app);
  publishFieldsRoutes(app, { db, catalogs });
  publishStepRoutes(app, { db, clock, catalogs });
  publishSaveRoutes(app, { db, clock, catalogs, phones });
  publishEditedRoutes(app, { db, clock, catalogs, store: media, videos: videoHost });
  publishFinishRoutes(app, { db, clock, payments });
  addsRoutes(app, { db, clock, config });
  countRoutes(app, { db, clock });
  policyRoutes(app, { db });
  publishOptionRoutes(app);
  publishPhoneRoutes(app, { phones });
  publishPlanExtrasRoutes(app, { db, clock });
  myAdsRoutes(app, { db, clock });
  await publishImageRoutes(app, { db, store: media, catalogs, videos: videoHost });
  publishVideoRoutes(app, { db, clock, secret: config.VIDEO_TOKEN_SECRET, video: videoHost, origins });
  warmAddressLists();
  missingAddressRoutes(app, { db, clock, limiter });
  carExtrasRoutes(app, { db, clock, limiter });
  analyticsRoutes(app, { db, clock, limiter });
  contactUsRoutes(app, { db, clock, limiter, mailer, supportEmail: config.SUPPORT_EMAIL });
  gatewayRoutes(app);
  gatewayPriceRoutes(app, { clock });
  paymentRoutes(app, { db, payments, clock, limiter, limits: config, origins });
  freeSearchRoutes(app);
  await registerSandboxes(app, config, (scope) => {
    sandboxOutboxRoutes(scope, sandboxMailer);
    sandboxAnalyticsRoutes(scope, { db, clock });
    if (config.SMS_PROVIDER === 'sandbox') sandboxPhoneRoutes(scope, { provider: phoneProvider, phones });
    if (config.PAYMENT_PROVIDER === 'sandbox') sandboxPaymentRoutes(scope, { db });
  });

  const servesWeb =
    config.NODE_ENV === 'production' &&
    (await registerWebApp(app, config.WEB_DIST_DIR, (query) => catalogs.mediaStep(selectorsOf(query))));
  if (!servesWeb) {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: 404, message: he.notFound }));
  }
  return app;
}
