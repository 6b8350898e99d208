import { selectorsOf } from '@app/contract/publishPaths';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { CaptchaService } from './accounts/captcha-service.ts';
import { PasswordResetService } from './accounts/password-reset-service.ts';
import { authRoutes } from './accounts/routes.ts';
import { AuthService } from './accounts/service.ts';
import { registerSessions } from './accounts/session.ts';
import { registerAdExpiryJobs } from './ads/ad-expiry.ts';
import { publishEditedRoutes } from './ads/edited-routes.ts';
import { myAdsRoutes } from './ads/my-ads-routes.ts';
import { addsRoutes } from './ads/public-ad-routes.ts';
import { publishSaveRoutes } from './ads/save-routes.ts';
import { analyticsConsoleRoutes } from './analytics/console-routes.ts';
import { metricsRoutes } from './analytics/metrics-routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { carExtrasRoutes } from './assistants/car-extras-routes.ts';
import { missingAddressRoutes } from './assistants/missing-address-routes.ts';
import { warmAddressLists } from './catalogue/address-lists.ts';
import { businessForSaleGuard } from './catalogue/business-for-sale-guard.ts';
import { publishFieldsRoutes } from './catalogue/fields-routes.ts';
import { freeSearchRoutes } from './catalogue/free-search-routes.ts';
import { publishOptionRoutes } from './catalogue/options-routes.ts';
import { CatalogService } from './catalogue/service.ts';
import { publishStepRoutes } from './catalogue/steps-routes.ts';
import { publishTraderRoutes } from './catalogue/trader-routes.ts';
import { vehicleTraderGuard } from './catalogue/vehicle-trader-guard.ts';
import { contactUsRoutes } from './contact-us/routes.ts';
import { countRoutes } from './counts/routes.ts';
import { financeRoutes } from './finance/routes.ts';
import { publishFinishRoutes } from './finish/routes.ts';
import { he } from './i18n/messages.ts';
import { sandboxOutboxRoutes } from './mail/sandbox-routes.ts';
import { publishImageRoutes } from './media/routes.ts';
import type { MediaStore } from './media/store.ts';
import { registerMediaSweepJobs, scheduleMediaSweep } from './media/sweep.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { operatorRoutes } from './operator/routes.ts';
import { StaffService } from './operator/staff-service.ts';
import { supportRoutes } from './operator/support-routes.ts';
import { chooseOutsideServices, choosePayments, chooseVideoHost } from './outside-services.ts';
import { paidHandler } from './payments/paid.ts';
import { paymentRoutes } from './payments/routes.ts';
import type { NotifyTransport, PaymentSandbox } from './payments/sandbox/host.ts';
import { sandboxPaymentRoutes } from './payments/sandbox/routes.ts';
import { type OnPaid, PaymentService } from './payments/service.ts';
import { PhoneService } from './phones/phone-service.ts';
import { publishPhoneRoutes } from './phones/routes.ts';
import { sandboxPhoneRoutes } from './phones/sandbox-routes.ts';
import { registerVirtualNumberJobs } from './phones/virtual-number.ts';
import { autoBumpOnPaid, registerAutoBumpJobs } from './plans/auto-bump.ts';
import { registerEasyStartJobs } from './plans/easy-start.ts';
import { easyStartRoutes } from './plans/easy-start-routes.ts';
import { publishPlanExtrasRoutes } from './plans/plan-extras-routes.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type Config, paymentPort } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { registerCompression } from './platform/http/compression.ts';
import { registerCsrf } from './platform/http/csrf.ts';
import { registerGatewayCors } from './platform/http/gateway-cors.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { registerOverload } from './platform/http/overload.ts';
import { registerSandboxes } from './platform/http/sandbox-guard.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { externalLinks, siteRoutes } from './platform/http/site-routes.ts';
import { registerWebApp } from './platform/http/static-web.ts';
import { JobScheduler } from './platform/jobs/scheduler.ts';
import { requestForLog } from './platform/log-privacy.ts';
import { Metrics } from './platform/metrics.ts';
import { type PublicOrigins, publicOrigins } from './platform/public-origins.ts';
import { RateLimiter } from './platform/rate-limiter.ts';
import { newRequestId } from './platform/request-id.ts';
import { policyRoutes } from './policy/routes.ts';
import { gatewayPriceRoutes } from './vehicles/price-list-routes.ts';
import { gatewayRoutes } from './vehicles/routes.ts';
import type { VideoHost } from './video/host.ts';
import { publishVideoRoutes } from './video/routes.ts';
import { registerVideoExpiryJobs, scheduleVideoExpiry } from './video/uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The video host: a second listener (its own origin) that main.ts starts after the app. */
    videoHost: VideoHost;
    /** The scheduled jobs of this process: started with the app, stopped on close; tests call runDueJobs(). */
    jobs: JobScheduler;
    /** The payment sandbox: a third listener (its own origin) that main.ts starts after the app; null with PayPlus. */
    paymentHost: PaymentSandbox | null;
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
  /** What a paid payment does in its transaction (default: payments/paid.ts). */
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
  media: givenMedia,
  paymentTransport,
  onPaid,
  overloadSampleMs,
  onRoute,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.NODE_ENV === 'test' && !logStream
        ? false
        : {
            level: config.LOG_LEVEL,
            // A request's URL may carry a phone number (platform/log-privacy.ts): it is logged cut to its last digits.
            serializers: { req: requestForLog },
            ...(logStream ? { stream: logStream } : {}),
          },
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

  // Overload: 503 + Retry-After before any route work (platform/http/overload.ts); first, so every route has its hook.
  await registerOverload(app, config, { sampleIntervalMs: overloadSampleMs });

  // The video host is built first: the app's CSP frames exactly its origin.
  const videoHost = await chooseVideoHost({ config, db, clock });
  app.decorate('videoHost', videoHost);
  app.addHook('onClose', async () => videoHost.app.close());

  // The payment host is built with the jobs below (the sandbox; none with PayPlus, whose pages are its own). Every
  // absolute URL comes from the configured public origins, whose defaults (development, tests) are the listeners'
  // ports once they listen.
  let paymentHost: PaymentSandbox | null = null;
  const origins = publicOrigins(config, {
    app: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : config.PORT;
    },
    video: () => videoHost.port(),
    payment: () => paymentHost?.port() ?? paymentPort(config),
  });
  app.decorate('origins', origins);
  // Prometheus's numbers (GET /metrics with METRICS_TOKEN): every request is counted from here on.
  const metrics = new Metrics();
  metrics.countRequests(app);
  // The frames of the payment popup: the sandbox's origin, or the real provider's hosted pages.
  const framedPayments =
    config.PAYMENT_PROVIDER === 'payplus'
      ? () => config.PAYPLUS_PAGE_ORIGIN
      : () => (paymentHost ? origins.payment() : undefined);
  await registerSecurityHeaders(app, config, origins.video, framedPayments);
  await registerGatewayCors(app, config, origins.site);
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerCsrf(app);
  registerInputGuard(app);
  registerSessions(app, db, clock);

  const limiter = new RateLimiter(db, clock);
  const captchas = new CaptchaService(db, clock);
  // Scheduled work lives in the database (platform/jobs/scheduler.ts): the tick starts when the app is ready, stops on close.
  const jobs = new JobScheduler(db, clock, { tickMs: config.JOB_TICK_MS, log: app.log });
  const outside = await chooseOutsideServices(config, db, {
    media: givenMedia,
    site: origins.site,
    observe: metrics.observeOutside,
    jobs,
    clock,
    log: app.log,
  });
  const { mailer, media } = outside;
  const auth = new AuthService(db, clock, limiter, captchas);
  const staff = new StaffService(db, clock, limiter, captchas);
  const resets = new PasswordResetService(db, clock, limiter, captchas, mailer, origins);
  const phones = new PhoneService(db, clock, limiter, outside.phones, config);

  registerVirtualNumberJobs(jobs);
  registerAdExpiryJobs(jobs);
  registerAutoBumpJobs(jobs);
  registerMediaSweepJobs(jobs, { db, store: media, videos: videoHost, log: app.log });
  registerVideoExpiryJobs(jobs, { db, limits: config, remove: (id) => videoHost.remove(id), log: app.log });
  app.decorate('jobs', jobs);

  const chosenPayments = await choosePayments({
    config,
    db,
    clock,
    jobs,
    transport: paymentTransport,
    origin: origins.payment,
    observe: metrics.observeOutside,
  });
  paymentHost = chosenPayments.sandbox;
  const sandboxHost = paymentHost;
  app.decorate('paymentHost', sandboxHost);
  if (sandboxHost) app.addHook('onClose', async () => sandboxHost.app.close());
  const payments = new PaymentService({
    db,
    clock,
    provider: chosenPayments.provider,
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
  registerEasyStartJobs(jobs, {
    db,
    clock,
    provider: chosenPayments.provider,
    mailer,
    origins,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    // A process that runs jobs makes sure the hourly orphan photo sweep is scheduled (media/sweep.ts; keyed by its
    // hour, so one job whatever the number of processes; each run schedules the next), and so the five-minute
    // expiry of unfinished video uploads (video/uploads.ts).
    // So does the daily prune of ended jobs (platform/jobs/scheduler.ts).
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
  vehicleTraderGuard(app, { db, clock, links: externalLinks(config) });
  siteRoutes(app, { config, db, videoOrigin: origins.video });
  authRoutes(app, { db, auth, resets, captchas });
  operatorRoutes(app, { db, staff, origins });
  supportRoutes(app, { db, clock, staff, mailer, phones });
  moderationRoutes(app, { db, clock, staff, mailer, origins });
  financeRoutes(app, { db, clock, staff, payments });
  analyticsConsoleRoutes(app, { db, clock, staff, limits: config });
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
  if (outside.twilio) {
    const { twilioRoutes } = await import('./phones/twilio/routes.ts');
    twilioRoutes(app, { ...outside.twilio, db, phones, site: origins.site, now: () => clock.now(), jobs });
  }
  publishPlanExtrasRoutes(app, { db, clock });
  myAdsRoutes(app, { db, clock });
  easyStartRoutes(app, { db, clock });
  await publishImageRoutes(app, { db, store: media, catalogs, videos: videoHost });
  publishVideoRoutes(app, { db, clock, secret: config.VIDEO_TOKEN_SECRET, video: videoHost, origins });
  warmAddressLists();
  missingAddressRoutes(app, { db, clock, limiter });
  carExtrasRoutes(app, { db, clock, limiter });
  analyticsRoutes(app, { db, clock, limiter });
  metricsRoutes(app, { db, clock, metrics, token: config.METRICS_TOKEN, limits: config });
  contactUsRoutes(app, { db, clock, limiter, mailer, supportEmail: config.SUPPORT_EMAIL });
  gatewayRoutes(app, { registry: outside.registry });
  gatewayPriceRoutes(app, { clock, priceList: outside.priceList });
  paymentRoutes(app, { db, payments, clock, limiter, limits: config, origins });
  freeSearchRoutes(app);
  await registerSandboxes(app, config, (scope) => {
    if (outside.outbox) sandboxOutboxRoutes(scope, outside.outbox);
    if (outside.sandboxPhones) sandboxPhoneRoutes(scope, { provider: outside.sandboxPhones, phones });
    if (config.PAYMENT_PROVIDER === 'sandbox') sandboxPaymentRoutes(scope, { db });
  });

  const servesWeb =
    config.NODE_ENV === 'production' &&
    (await registerWebApp(
      app,
      config.WEB_DIST_DIR,
      (query) => catalogs.mediaStep(selectorsOf(query)),
      config.GATEWAY_URL,
    ));
  if (!servesWeb) {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: 404, message: he.notFound }));
  }
  return app;
}
