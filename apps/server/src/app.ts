import { SITE_NAME } from '@app/contract/pageMeta';
import { selectorsOf } from '@app/contract/publishPaths';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { CaptchaService } from './accounts/captcha-service.ts';
import { PasswordResetService } from './accounts/password-reset-service.ts';
import { authRoutes } from './accounts/routes.ts';
import { AuthService } from './accounts/service.ts';
import { AD_EVENTS_JOB } from './ads/ad-events-service.ts';
import { registerAdExpiryJobs } from './ads/ad-expiry-jobs.ts';
import { myAdsRoutes } from './ads/my-ads-routes.ts';
import { addsRoutes } from './ads/public-ad-routes.ts';
import { registerTitleWordsJobs, scheduleTitleWords } from './ads/title-words-jobs.ts';
import { analyticsConsoleRoutes } from './analytics/console-routes.ts';
import { metricsRoutes } from './analytics/metrics-routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { carExtrasRoutes } from './assistants/car-extras-routes.ts';
import { missingAddressRoutes } from './assistants/missing-address-routes.ts';
import { registerAuthHooks } from './auth-hooks.ts';
import { boardRoutes } from './board/routes.ts';
import { freeSearchRoutes } from './catalogue/free-search-routes.ts';
import { publishOptionRoutes } from './catalogue/options-routes.ts';
import { CatalogService } from './catalogue/service.ts';
import { contactUsRoutes } from './contact-us/routes.ts';
import { countRoutes } from './counts/routes.ts';
import { financeRoutes } from './finance/routes.ts';
import { publishFinishRoutes } from './finish/routes.ts';
import { he } from './i18n/messages.ts';
import { registerLeadJobs } from './leads/mail-jobs.ts';
import { leadsRoutes } from './leads/routes.ts';
import { AD_PAGE_ENTRY } from './listing/ad-page-limits.ts';
import { adPageRoutes } from './listing/ad-page-routes.ts';
import { sandboxOutboxRoutes } from './mail/sandbox-routes.ts';
import { publishImageRoutes } from './media/routes.ts';
import type { MediaStore } from './media/store-provider.ts';
import { registerMediaSweepJobs, scheduleMediaSweep } from './media/sweep-jobs.ts';
import { reviewGate } from './moderation/review-gate.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { AdNumbersCounter } from './numbers/ad-numbers-service.ts';
import { numbersRoutes } from './numbers/numbers-routes.ts';
import { operatorRoutes } from './operator/routes.ts';
import { StaffService } from './operator/staff-service.ts';
import { supportRoutes } from './operator/support-routes.ts';
import { chooseOutsideServices, choosePayments, chooseVideoHost } from './outside-services.ts';
import { paymentRoutes } from './payments/routes.ts';
import type { NotifyTransport, PaymentSandbox } from './payments/sandbox/host.ts';
import { sandboxPaymentRoutes } from './payments/sandbox/routes.ts';
import { type OnPaid, PaymentService } from './payments/service.ts';
import { PhoneService } from './phones/phone-service.ts';
import { publishPhoneRoutes } from './phones/routes.ts';
import { sandboxPhoneRoutes } from './phones/sandbox-routes.ts';
import { registerVirtualNumberJobs } from './phones/virtual-number-service.ts';
import { autoBumpOnPaid, registerAutoBumpJobs } from './plans/auto-bump-jobs.ts';
import { easyStartRoutes } from './plans/easy-start-routes.ts';
import { registerEasyStartJobs } from './plans/easy-start-service.ts';
import { paidHandler } from './plans/paid-service.ts';
import { publishPlanExtrasRoutes } from './plans/plan-extras-routes.ts';
import { planPaymentRoutes } from './plans/plan-payment-routes.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type Config, paymentPort } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { externalLinks } from './platform/external-links.ts';
import { inputRefusal, isAnswerMismatch, registerCallContract } from './platform/http/call-contract.ts';
import { registerCompression } from './platform/http/compression.ts';
import { registerCsrf } from './platform/http/csrf.ts';
import { registerGatewayCors } from './platform/http/gateway-cors.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerOverload } from './platform/http/overload.ts';
import { serverPageChrome } from './platform/http/page-preloads.ts';
import { registerSandboxes } from './platform/http/sandbox-guard.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { siteRoutes } from './platform/http/site-routes.ts';
import { registerWebApp } from './platform/http/static-web.ts';
import { continueWhenBodyIsRead, dropUnreadBody } from './platform/http/unread-body.ts';
import { JobScheduler } from './platform/jobs/scheduler.ts';
import { requestForLog } from './platform/log-privacy.ts';
import { Metrics } from './platform/metrics.ts';
import { type PublicOrigins, publicOrigins } from './platform/public-origins.ts';
import { RateLimiter } from './platform/rate-limiter.ts';
import { newRequestId } from './platform/request-id.ts';
import { policyRoutes } from './policy/routes.ts';
import { businessForSaleGuard } from './publish/business-for-sale-guard.ts';
import { publishEditedRoutes } from './publish/edited-routes.ts';
import { publishFieldsRoutes } from './publish/fields-routes.ts';
import { publishSaveRoutes } from './publish/save-routes.ts';
import { publishStepRoutes } from './publish/steps-routes.ts';
import { publishTraderRoutes } from './publish/trader-routes.ts';
import { vehicleTraderGuard } from './publish/vehicle-trader-guard.ts';
import { gatewayPriceRoutes } from './vehicles/price-list-routes.ts';
import { gatewayRoutes } from './vehicles/routes.ts';
import type { VideoHost } from './video/host-provider.ts';
import { publishVideoRoutes } from './video/routes.ts';
import { registerVideoExpiryJobs, scheduleVideoExpiry } from './video/uploads-service.ts';
import { type Resolve, systemResolve } from './webhooks/address-guard.ts';
import { registerWebhookJobs } from './webhooks/delivery-jobs.ts';
import { secretBox } from './webhooks/secret-box.ts';
import { webhooksRoutes } from './webhooks/webhooks-routes.ts';

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
    /** The advertiser's numbers counted in memory: written every NUMBERS_FLUSH_MS and on close; tests flush(). */
    numbers: AdNumbersCounter;
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
  /** What a paid payment does in its transaction (default: plans/paid-service.ts). */
  onPaid?: OnPaid;
  /** How often the overload check samples the event loop and heap (1000 ms by default; tests use less). */
  overloadSampleMs?: number;
  /** Told of every route as it is added (Fastify's onRoute hook, set before any route): the fuzz sweep's inventory. */
  onRoute?: (route: RouteOptions) => void;
  /** How webhook hosts are resolved (the system's resolver by default; a test's stands in for a DNS server). */
  webhookResolve?: Resolve;
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
  webhookResolve,
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
  // Expect: 100-continue is answered when a route reads the body, so a refusal comes before the body is sent.
  continueWhenBodyIsRead(app.server);

  // Schemas on routes (platform/http/call-contract.ts): before any route, so each declared one is completed.
  registerCallContract(app);

  app.setErrorHandler(async (err: { statusCode?: number }, req, reply) => {
    // A request its route's schema refuses: the route's Hebrew answer (404 for a path that names nothing, else 400).
    const refused = inputRefusal(err, req);
    if (refused) return reply.code(refused.status).send(refused.body);
    // An answer that does not fit its own schema is ours to fix, never the caller's.
    const mismatch = isAnswerMismatch(err);
    const status = !mismatch && err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    // A refusal made before the whole body arrived (over its limit, of a type no parser takes): the rest is read
    // and dropped, so the answer reaches a client that is still sending (platform/http/unread-body.ts).
    await dropUnreadBody(req, reply);
    const body =
      status === 500
        ? { status, message: he.serverError, hash: req.id }
        : { status, message: status === 413 ? he.requestTooLarge : he.badRequest };
    return reply.code(status).send(body);
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
  // Read once the app listens (the origins are asked on every page; server.address() asks the system each time).
  let appListensOn: number | undefined;
  const origins = publicOrigins(config, {
    app: () => {
      if (appListensOn !== undefined) return appListensOn;
      const address = app.server.address();
      if (address && typeof address === 'object') appListensOn = address.port;
      return appListensOn ?? config.PORT;
    },
    video: () => videoHost.port(),
    payment: () => paymentHost?.port() ?? paymentPort(config),
  });
  app.decorate('origins', origins);
  // Prometheus's numbers (GET /metrics with METRICS_TOKEN): every request is counted from here on.
  const metrics = new Metrics();
  metrics.countRequests(app);
  // The page's frames: the video host, and the payment popup's (the sandbox's origin, or the real provider's hosted
  // pages), as the browser of each page reaches them (public-origins.ts).
  const payplusPages = { payment: config.PAYPLUS_PAGE_ORIGIN };
  await registerSecurityHeaders(app, config, (req) => {
    const reached = origins.of(req.raw);
    if (config.PAYMENT_PROVIDER === 'payplus') return { video: reached.video, ...payplusPages };
    return paymentHost ? reached : { video: reached.video };
  });
  await registerGatewayCors(app, config, origins.site);
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerCsrf(app);
  registerInputGuard(app);

  const limiter = new RateLimiter(db, clock);
  const captchas = new CaptchaService(db, clock);
  // Scheduled work lives in the database (platform/jobs/scheduler.ts): the tick starts when the app is ready, stops on close.
  const jobs = new JobScheduler(db, clock, {
    tickMs: config.JOB_TICK_MS,
    retryBaseMs: config.JOB_RETRY_BASE_MS,
    log: app.log,
  });
  jobs.onHousekeeping('rate_counters', (tx, now) => limiter.prune(tx, now));
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
  const staff = new StaffService(db, clock, limiter, captchas, mailer);
  // The customer's session, the staff member's role and the own-ad check, before any route asks (auth-hooks.ts).
  registerAuthHooks(app, { db, clock, staff });
  const resets = new PasswordResetService(db, clock, limiter, captchas, mailer, origins);
  const phones = new PhoneService(db, clock, limiter, outside.phones, config);

  const stopLeadMailWake = registerLeadJobs(jobs, {
    db,
    mailer,
    teams: { sales: config.LEADS_SALES_EMAIL, catalogue: config.LEADS_CATALOGUE_EMAIL },
    log: app.log,
  });
  registerVirtualNumberJobs(jobs);
  registerAdExpiryJobs(jobs);
  registerTitleWordsJobs(jobs);
  registerAutoBumpJobs(jobs);
  registerMediaSweepJobs(jobs, { db, store: media, videos: videoHost, log: app.log });
  registerVideoExpiryJobs(jobs, { db, limits: config, remove: (id) => videoHost.remove(id), log: app.log });
  // The ad events' webhooks (webhooks/): the subscribers' secrets sealed with the configured key, the address guard
  // with its loopback switch, the same resolver at creation and at every delivery.
  const webhooks = {
    db,
    clock,
    box: secretBox(config.WEBHOOK_SECRETS_KEY),
    allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK,
    resolve: webhookResolve ?? systemResolve,
  };
  const stopWebhookWake = registerWebhookJobs(jobs, {
    ...webhooks,
    origins,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    log: app.log,
  });
  app.decorate('jobs', jobs);

  const chosenPayments = await choosePayments({
    config,
    db,
    clock,
    jobs,
    transport: paymentTransport,
    origin: (req) => (req ? origins.of(req).payment : origins.payment()),
    observe: metrics.observeOutside,
    log: app.log,
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
    onPaid: onPaid ?? paidHandler({ review: reviewGate, autoBump: autoBumpOnPaid() }),
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
    // A process that runs jobs makes sure the hourly orphan photo sweep is scheduled (media/sweep-jobs.ts; keyed by its
    // hour, so one job whatever the number of processes; each run schedules the next), and so the five-minute
    // expiry of unfinished video uploads (video/uploads-service.ts).
    // So does the daily prune of ended jobs (platform/jobs/scheduler.ts).
    if (config.JOB_TICK_MS > 0) {
      await scheduleMediaSweep(jobs, clock.now());
      await scheduleVideoExpiry(jobs, clock.now());
      await jobs.scheduleHousekeeping();
      // The title's words of ads that have none yet (ads/title-words-jobs.ts): after migration 0051 or a renaming.
      await scheduleTitleWords(jobs, clock.now());
    }
    jobs.start();
    // What was recorded while no process ran (or waited when the last one stopped) leaves now, not at the first tick.
    jobs.wake(AD_EVENTS_JOB);
  });
  app.addHook('onClose', async () => {
    stopWebhookWake();
    stopLeadMailWake();
    await jobs.stop();
  });

  // The OpenAPI document and its reference page (platform/http/openapi.ts): before the routes it collects.
  await registerOpenApi(app);

  // Before the routes it guards: it adds its hook to them as they are declared.
  businessForSaleGuard(app);
  vehicleTraderGuard(app, { db, clock, links: externalLinks(config) });
  siteRoutes(app, { config, db, videoOrigin: (req) => origins.of(req.raw).video });
  authRoutes(app, { db, auth, resets, captchas });
  operatorRoutes(app, { db, clock, staff, origins });
  supportRoutes(app, { db, clock, mailer, phones });
  moderationRoutes(app, { db, clock, mailer, origins, refunds: payments.refunds });
  financeRoutes(app, { db, clock, payments });
  analyticsConsoleRoutes(app, { db, clock, limits: config });
  leadsRoutes(app, { db, clock });
  webhooksRoutes(app, webhooks);
  publishTraderRoutes(app);
  publishFieldsRoutes(app, { db, catalogs });
  publishStepRoutes(app, { db, clock, catalogs });
  publishSaveRoutes(app, { db, clock, catalogs, phones });
  publishEditedRoutes(app, { db, clock, catalogs, store: media, videos: videoHost });
  publishFinishRoutes(app, { db, clock, payments });
  addsRoutes(app, { db, clock, origins });
  // The ad's own page, rendered here; in production with the built app's styles, script and top bar.
  const chrome =
    config.NODE_ENV === 'production'
      ? serverPageChrome(config.WEB_DIST_DIR, [AD_PAGE_ENTRY], SITE_NAME)
      : { head: '', topBar: '' };
  // The advertiser's numbers: counted in memory by the pages below, written in one batch a second and on close
  // (numbers/README.md), so no page's answer waits for a write.
  const numbers = new AdNumbersCounter(db, clock, app.log);
  app.decorate('numbers', numbers);
  app.addHook('onReady', async () => numbers.start(config.NUMBERS_FLUSH_MS));
  app.addHook('onClose', async () => numbers.close());
  adPageRoutes(app, { db, clock, limiter, origins, chrome, videoDirectory: videoHost.directory, numbers });
  countRoutes(app, { db, clock });
  numbersRoutes(app, { db, clock });
  boardRoutes(app, { db, clock, origins, numbers });
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
  missingAddressRoutes(app, { db, clock, limiter });
  carExtrasRoutes(app, { db, clock, limiter });
  analyticsRoutes(app, { db, clock, limiter });
  metricsRoutes(app, { db, clock, metrics, token: config.METRICS_TOKEN, limits: config });
  contactUsRoutes(app, { db, clock, limiter, mailer, supportEmail: config.SUPPORT_EMAIL });
  gatewayRoutes(app, { registry: outside.registry });
  gatewayPriceRoutes(app, { clock, priceList: outside.priceList });
  paymentRoutes(app, { payments });
  planPaymentRoutes(app, { db, payments, clock, limiter, limits: config, origins, review: reviewGate });
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
