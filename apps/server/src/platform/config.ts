import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
/** An origin as browsers reach it: scheme://host[:port], no path; unset when empty. */
/** A key or secret from the environment (at least `min` characters), else a random one of `bytes` at each start. */
const secret = (min: number, bytes: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(min)
      .default(() => crypto.randomBytes(bytes).toString('base64url')),
  );
const publicOrigin = optionalString.pipe(
  z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: scheme://host[:port], no path')
    .transform((v) => v.toLowerCase())
    .optional(),
);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Directory of the embedded database (PGlite) and the lock file. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** When set, a real PostgreSQL server is used instead of the embedded database. */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /**
   * The base of the {gateway} services as the browser calls them (the pages carry it: platform/http/page-preloads.ts):
   * by default our own `/gateway` routes; in an environment whose gateway is another host, its absolute URL
   * (https://gateway.example.co.il/gateway). That host runs this server too: it answers the site's origin
   * (PUBLIC_ORIGIN) with CORS and credentials on /gateway/*, and the site's CSP lets the pages call it. The session
   * and CSRF cookies must reach it (the same site). No trailing slash is kept.
   */
  GATEWAY_URL: z
    .string()
    .default('/gateway')
    .refine(
      (v) =>
        /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(v) || /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9/_-]*)?$/.test(v),
      'GATEWAY_URL is a path (/gateway) or an http(s) URL without query (https://gateway.example.co.il/gateway)',
    )
    .transform((v) => v.replace(/\/+$/, '') || '/'),
  /** The older site that some chooser tiles and the personal area link to. */
  OLD_SITE_URL: z.string().url().default('https://www.example.co.il'),
  /** Partner cars site for vehicle traders (spec §6). */
  VEHICLE_PARTNER_URL: z.string().url().default('https://cars-partner.example.co.il/create'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Trust X-Forwarded-* headers (behind a reverse proxy that terminates TLS). */
  TRUST_PROXY: bool.default(false),
  /**
   * The site's origin as browsers reach it (https://www.example.co.il): the payment return URLs, the origin that may
   * frame the payment and video pages, e-mail links (public-origins.ts). Never taken from a request's Host header.
   * Required in production, with VIDEO_PUBLIC_ORIGIN and PAYMENT_PUBLIC_ORIGIN (see LOCAL_ORIGINS); otherwise
   * http://localhost:PORT (the HOST address when it is a specific, non-loopback one).
   */
  PUBLIC_ORIGIN: publicOrigin,
  /**
   * A local run of the production build (`npm start`): the public origins default to the listening address as in
   * development, instead of stopping the start, and follow the address a browser came in by (public-origins.ts).
   * Never set it on a deployed site.
   */
  LOCAL_ORIGINS: bool.default(false),
  /** Seed demo accounts (a private advertiser and a trader). */
  SEED_DEMO: bool.default(true),
  /** With SEED_DEMO: a modest set of live demo ads, so the public board is not empty (seed/demo-ads.ts). */
  SEED_DEMO_ADS: bool.default(true),
  /** With SEED_DEMO: the demo trader's 300 ads, a dealer's long /my-ads (seed/demo-dealer-ads.ts). */
  SEED_DEMO_DEALER_ADS: bool.default(true),
  /**
   * Mail provider: the local sandbox (outbox) is the default; `smtp` sends through SMTP_URL and removes every
   * sandbox surface (see sandboxesEnabled).
   */
  MAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  /** smtp(s)://user:pass@host:port of the real mail server (MAIL_PROVIDER=smtp). */
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** Sender address of the real mail server. */
  MAIL_FROM: z.string().default('no-reply@example.co.il'),
  /** Where contact-us messages are mailed: the support team's inbox (the sandbox outbox by default). */
  SUPPORT_EMAIL: z.string().email().default('support@example.co.il'),
  /** Where package enquiries are mailed: the sales team (packages/catalog/data/lead-owners.json names the teams). */
  LEADS_SALES_EMAIL: z.string().email().default('sales@example.co.il'),
  /** Where missing sub-model and missing address reports are mailed: the catalogue team. */
  LEADS_CATALOGUE_EMAIL: z.string().email().default('catalogue@example.co.il'),
  /**
   * The operator console's first admin: while no staff account exists, start-up creates this one without a password
   * and prints a one-time setup link (24 hours) that sets the password and the authenticator app.
   */
  OPERATOR_ADMIN_EMAIL: z.string().email().optional(),
  /**
   * The key that opens every sandbox surface (the outbox page and API, and the sandboxes that come later).
   * Random at each start unless set; the start-up log prints the outbox link that carries it.
   */
  SANDBOX_KEY: secret(16, 24),
  /**
   * Extra origins the app may frame and call (CSP frame-src and connect-src), comma separated: the payment
   * sandbox host when it comes. The video host is framed without it (frame-src is its origin and these).
   */
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /**
   * S3-compatible object storage for ad photos. With S3_BUCKET set, photos go there; otherwise to DATA_DIR/media.
   * S3_ENDPOINT is the service URL (MinIO, R2, a local s3rver; empty for AWS itself).
   */
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
  ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * The video host: a second listener of this process on its own port, so the upload iframe is a
   * separate origin. Default: PORT + 1 (an ephemeral port when PORT is 0).
   */
  VIDEO_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /**
   * The video host's origin as browsers reach it (https://video.example.co.il behind a proxy). Required in
   * production; otherwise the PUBLIC_ORIGIN default's host with the video host's port.
   */
  VIDEO_PUBLIC_ORIGIN: publicOrigin,
  /** The HMAC key of video tokens; random at each start unless set (set it when several processes serve). */
  VIDEO_TOKEN_SECRET: secret(32, 32),
  /**
   * The video host's unfinished uploads (tus; each declares up to 200 MB and is written to DATA_DIR/videos). They
   * are counted in the database (video_uploads), so every process agrees: open uploads per ad and per customer,
   * and the megabytes one customer may hold in them (declared lengths). Beyond: 429 with a Hebrew reason.
   */
  VIDEO_OPEN_UPLOADS_PER_AD: z.coerce.number().int().min(1).default(2),
  VIDEO_OPEN_UPLOADS_PER_CUSTOMER: z.coerce.number().int().min(1).default(4),
  VIDEO_OPEN_MB_PER_CUSTOMER: z.coerce.number().int().min(1).default(400),
  /** A new upload is refused (507) when it would leave less than this many MB free on the videos' disk. */
  VIDEO_DISK_FLOOR_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * Minutes after its creation an unfinished upload expires: tus refuses it, and the `video.expire` job (every
   * 5 minutes) removes it with its file, so an unfinished upload is gone within the hour by default.
   */
  VIDEO_UPLOAD_EXPIRE_MIN: z.coerce.number().int().min(1).default(50),
  /**
   * The payment provider: the local sandbox (a hosted card and mobile-payment page on its own listener, another
   * origin, signed notifications, state in the database) or PayPlus (payments/payplus/, the PAYPLUS_ settings below).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'payplus']).default('sandbox'),
  /** PayPlus's API key and secret key (the secret also signs its callbacks), from its developers' area. */
  PAYPLUS_API_KEY: optionalString.pipe(z.string().min(8, 'at least 8 characters').optional()),
  PAYPLUS_SECRET_KEY: optionalString.pipe(z.string().min(8, 'at least 8 characters').optional()),
  /** The payment page (its UID in PayPlus's dashboard) that generateLink opens: cards and bit. */
  PAYPLUS_PAYMENT_PAGE_UID: optionalString.pipe(z.string().uuid('a UUID, as PayPlus shows it').optional()),
  /** The terminal and cashier of merchant-initiated charges of a saved card (Transactions/Charge). */
  PAYPLUS_TERMINAL_UID: optionalString.pipe(z.string().uuid('a UUID, as PayPlus shows it').optional()),
  PAYPLUS_CASHIER_UID: optionalString.pipe(z.string().uuid('a UUID, as PayPlus shows it').optional()),
  /** PayPlus's REST API (its staging: https://restapidev.payplus.co.il/api/v1.0, or a test double). */
  PAYPLUS_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^?#\s]+\/api\/v1\.0$/, 'scheme://host[:port]/api/v1.0')
    .default('https://restapi.payplus.co.il/api/v1.0'),
  /** Where PayPlus's hosted pages live: the app's frame-src allows this origin (staging: paymentsdev.payplus.co.il). */
  PAYPLUS_PAGE_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: scheme://host[:port], no path')
    .default('https://payments.payplus.co.il'),
  /** Milliseconds one call to PayPlus may take. */
  PAYPLUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** The payment sandbox's listener. Default: PORT + 2 (an ephemeral port when PORT is 0). */
  PAYMENT_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /**
   * The app's origin as the payment provider reaches it for its server-to-server notifications
   * (…/api/payments/notify). Configuration only, never the request's Host header (a forged Host must not send the
   * provider's signed POSTs elsewhere). Default: http://127.0.0.1:PORT.
   */
  PAYMENT_NOTIFY_ORIGIN: publicOrigin,
  /**
   * The payment host's origin as browsers reach it (its hosted pages, the mobile page's QR code). Required in
   * production; otherwise the PUBLIC_ORIGIN default's host with the payment sandbox's port (as VIDEO_PUBLIC_ORIGIN).
   */
  PAYMENT_PUBLIC_ORIGIN: publicOrigin,
  /** The HMAC-SHA256 key of the provider's notifications; random at each start unless set. */
  PAYMENT_WEBHOOK_SECRET: secret(32, 32),
  /** The payment sandbox's 'slow notification' card: how long after the payment its notification leaves. */
  PAYMENT_SANDBOX_SLOW_NOTIFY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3 * 60_000),
  /** The key of the provider's server-to-server API (create a session, read its result); random unless set. */
  PAYMENT_API_KEY: secret(16, 24),
  /** Seconds after which a session still 'created' is asked for its result (a lost notification). */
  PAYMENT_RECOVERY_AFTER_S: z.coerce.number().int().min(1).default(120),
  /**
   * Payment starts (each may open a session at the provider) of one customer, and from one IP address, in an hour:
   * a script flooding the provider with sessions stops here (429). An honest payer starts a handful.
   */
  PAYMENT_START_HOURLY_LIMIT: z.coerce.number().int().min(1).default(60),
  PAYMENT_START_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(200),
  /**
   * SMS and voice-call provider of phone verification and virtual numbers: the local sandbox (every SMS and call
   * goes to the outbox behind the sandbox key) or Twilio (phones/twilio/, with the TWILIO_ settings below).
   */
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  /** Twilio's account (AC followed by 32 hexadecimal digits) and its auth token (the API's password and the key of
   * its webhook signatures). */
  TWILIO_ACCOUNT_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AC[0-9a-f]{32}$/, 'AC followed by 32 hexadecimal digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString.pipe(z.string().min(16, 'at least 16 characters').optional()),
  /**
   * The SMS sender: an alphanumeric sender ID (up to 11 letters, digits and spaces, at least one letter; Israel
   * allows them) or a Twilio number in international form (+972…).
   */
  TWILIO_SMS_FROM: optionalString.pipe(
    z
      .string()
      .regex(
        /^(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11}$|^\+[1-9][0-9]{7,14}$/,
        'an alphanumeric sender (up to 11 letters, digits, spaces) or a number like +972…',
      )
      .optional(),
  ),
  /** The Twilio number the verification and test calls come from, in international form (+972…). */
  TWILIO_CALL_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^\+[1-9][0-9]{7,14}$/, 'a number in international form, like +97233755555')
      .optional(),
  ),
  /** Twilio's REST API; another base names a staging endpoint or a test double (scheme://host[:port]). */
  TWILIO_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: scheme://host[:port], no path')
    .default('https://api.twilio.com'),
  /** Milliseconds one call to Twilio may take. */
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The vehicle registry of the licence-plate search: the catalogue's invented sample, or the Ministry of
   * Transport's open dataset on data.gov.il (vehicles/datagov-registry-provider.ts).
   */
  VEHICLE_REGISTRY: z.enum(['sample', 'datagov']).default('sample'),
  /** data.gov.il's origin (its CKAN API), or a staging copy or test double. */
  DATAGOV_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'an origin: scheme://host[:port], no path')
    .default('https://data.gov.il'),
  /** The dataset's resource: the registered private and commercial vehicles. */
  DATAGOV_VEHICLE_RESOURCE: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, 'a CKAN resource id (a UUID)')
    .default('053cea08-09bc-40ec-8f7a-156f0677aff3'),
  /** Milliseconds one registry request may take (the user waits on it). */
  DATAGOV_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4_000),
  /**
   * A deployment's guard: with it set, a start with any stand-in configured (MAIL_PROVIDER, SMS_PROVIDER or
   * PAYMENT_PROVIDER left as `sandbox`, VEHICLE_REGISTRY as `sample`) is refused, naming each one.
   */
  REQUIRE_REAL_PROVIDERS: bool.default(false),
  /** Phone confirmation by SMS code (off: every phone call answers error type 8). */
  PHONE_VERIFICATION: z.enum(['on', 'off']).default('on'),
  /** Phone confirmation by voice call (off: send_IVR_confirmation answers error type 13). */
  IVR_VERIFICATION: z.enum(['on', 'off']).default('on'),
  /** The HMAC key of stored verification codes; random at each start unless set (set it when several serve). */
  PHONE_CODE_SECRET: secret(32, 32),
  /** SMS the whole site may send in a day (a pumping wave stops here; error type 12). */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).default(2000),
  /** SMS to one prefix (050, 02, …) in an hour: a wave aimed at one range stops earlier (error type 12). */
  SMS_PREFIX_HOURLY_LIMIT: z.coerce.number().int().min(0).default(300),
  /**
   * SMS (and, apart, verification calls) from one IP address in an hour (error types 9 and 14). Behind a carrier NAT
   * many honest users share an address; a test suite running from one address raises it.
   */
  SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * The key that encrypts the ad-event webhooks' signing secrets in the database (webhooks/secret-box.ts,
   * AES-256-GCM): the server must read a secret to sign with it, so it is stored encrypted, not hashed. Unset: on the
   * embedded database main.ts keeps one in DATA_DIR/webhook-secrets.key; on PostgreSQL it is random at each start, so
   * a deployment sets it (and keeps it), else its subscribers' secrets can no longer be read after a restart, their
   * deliveries fail and the subscribers are paused with that reason.
   */
  WEBHOOK_SECRETS_KEY: secret(32, 32),
  /**
   * Whether webhook subscribers may be on this machine (loopback: 127.0.0.0/8, ::1). Off by default: a subscriber's
   * address must not resolve to a loopback, private, link-local or cloud-metadata address, when it is added and at
   * every delivery. On for a local run or a test whose receiver listens on 127.0.0.1; private ranges stay refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
  /** Milliseconds one webhook delivery may take (connection, answer and all). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /**
   * How often this process looks for due scheduled jobs (the virtual-number re-enable; jobs live in the database,
   * each runs once whichever process claims it). 0: this process never ticks (another one does).
   */
  JOB_TICK_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * A failed job's first retry waits this long (a mail server down, a provider's error); the n-th waits n² times it,
   * at most an hour's worth of 60 times.
   */
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * How often the advertiser's numbers counted in memory are written (numbers/ad-numbers-service.ts): a crash loses
   * at most this long's counts; the app's close writes the rest. 0: only on close and when a test flushes.
   */
  NUMBERS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Graceful stop (SIGTERM/SIGINT, platform/lifecycle/drain.ts): the process exits within this many milliseconds whatever
   * happens (code 1 if it had to give up). Running requests get until 2 s before it, then their connections are cut.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(3000).max(120_000).default(10_000),
  /** Retry-After (seconds) of the 503 answers: while the process drains, and when it is overloaded. */
  RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Overload (platform/http/overload.ts, @fastify/under-pressure): mean event-loop delay in milliseconds above which
   * requests get 503 + Retry-After instead of waiting until they time out. 0: not checked.
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Overload: V8 heap in use, in MB, above which requests get 503. Unset: 90% of the heap limit; 0: not checked. */
  OVERLOAD_MAX_HEAP_USED_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  /**
   * The bearer token of GET /metrics (Prometheus's format: requests, outside calls, SMS spend, payments, jobs).
   * Unset: the endpoint does not exist.
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, 'at least 24 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema> & { repoRoot: string };

/** Sandbox surfaces exist only while no real provider is configured; otherwise they are not mounted at all. */
/** The gateway's origin when it is another host's (an absolute GATEWAY_URL), else undefined (our own routes). */
export function gatewayOrigin(config: Pick<Config, 'GATEWAY_URL'>): string | undefined {
  return /^https?:\/\//.test(config.GATEWAY_URL) ? new URL(config.GATEWAY_URL).origin : undefined;
}

export function sandboxesEnabled(config: Pick<Config, 'MAIL_PROVIDER'>): boolean {
  return config.MAIL_PROVIDER === 'sandbox';
}

/** The port the video host listens on: VIDEO_PORT, else PORT + 1, else (PORT 0) an ephemeral one. */
export function videoPort(config: Pick<Config, 'PORT' | 'VIDEO_PORT'>, apiPort = config.PORT): number {
  if (config.VIDEO_PORT !== undefined) return config.VIDEO_PORT;
  return config.PORT === 0 ? 0 : apiPort + 1;
}

/** The port the payment sandbox listens on: PAYMENT_PORT, else PORT + 2, else (PORT 0) an ephemeral one. */
export function paymentPort(config: Pick<Config, 'PORT' | 'PAYMENT_PORT'>, apiPort = config.PORT): number {
  if (config.PAYMENT_PORT !== undefined) return config.PAYMENT_PORT;
  return config.PORT === 0 ? 0 : apiPort + 2;
}

const PUBLIC_ORIGIN_EXAMPLES = {
  PUBLIC_ORIGIN: 'https://www.example.co.il',
  VIDEO_PUBLIC_ORIGIN: 'https://video.example.co.il',
  PAYMENT_PUBLIC_ORIGIN: 'https://pay.example.co.il',
} as const;

/**
 * The public origins a production start lacks: every absolute URL the server makes comes from them (never from a
 * request's Host), so a deployed site must name them. Development, tests and LOCAL_ORIGINS default them.
 */
export function missingPublicOrigins(
  c: Pick<
    Config,
    | 'NODE_ENV'
    | 'LOCAL_ORIGINS'
    | 'PUBLIC_ORIGIN'
    | 'VIDEO_PUBLIC_ORIGIN'
    | 'PAYMENT_PUBLIC_ORIGIN'
    | 'PAYMENT_PROVIDER'
  >,
): (keyof typeof PUBLIC_ORIGIN_EXAMPLES)[] {
  if (c.NODE_ENV !== 'production' || c.LOCAL_ORIGINS) return [];
  // The payment host's origin is the sandbox's; a real provider's pages are its own (PAYPLUS_PAGE_ORIGIN).
  const names = [
    'PUBLIC_ORIGIN',
    'VIDEO_PUBLIC_ORIGIN',
    ...(c.PAYMENT_PROVIDER === 'sandbox' ? ['PAYMENT_PUBLIC_ORIGIN'] : []),
  ];
  return (names as (keyof typeof PUBLIC_ORIGIN_EXAMPLES)[]).filter((k) => !c[k]);
}

/** Each real provider's settings, named in the message of a start that chose it without them. */
const PROVIDER_SETTINGS = {
  'SMS_PROVIDER=twilio': ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_SMS_FROM', 'TWILIO_CALL_FROM'],
  'PAYMENT_PROVIDER=payplus': ['PAYPLUS_API_KEY', 'PAYPLUS_SECRET_KEY', 'PAYPLUS_PAYMENT_PAGE_UID'],
} as const;

/**
 * What stops a start in the choice of providers: a real provider named without its settings, and (with
 * REQUIRE_REAL_PROVIDERS) every service left on its stand-in.
 */
export function providerProblems(
  c: Pick<
    Config,
    'MAIL_PROVIDER' | 'SMS_PROVIDER' | 'PAYMENT_PROVIDER' | 'VEHICLE_REGISTRY' | 'REQUIRE_REAL_PROVIDERS'
  > &
    Partial<Record<(typeof PROVIDER_SETTINGS)[keyof typeof PROVIDER_SETTINGS][number], string>>,
): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const chosen = [`SMS_PROVIDER=${c.SMS_PROVIDER}`, `PAYMENT_PROVIDER=${c.PAYMENT_PROVIDER}`];
  for (const [choice, settings] of Object.entries(PROVIDER_SETTINGS)) {
    if (!chosen.includes(choice)) continue;
    const missing = settings.filter((name) => !c[name]);
    if (missing.length > 0)
      problems.push({ path: [choice.split('=')[0] ?? choice], message: `${choice} needs ${missing.join(', ')}` });
  }
  if (c.REQUIRE_REAL_PROVIDERS) {
    const standIns = [
      ...(['MAIL_PROVIDER', 'SMS_PROVIDER', 'PAYMENT_PROVIDER'] as const)
        .filter((k) => c[k] === 'sandbox')
        .map((k) => `${k}=sandbox`),
      ...(c.VEHICLE_REGISTRY === 'sample' ? ['VEHICLE_REGISTRY=sample'] : []),
    ];
    if (standIns.length > 0)
      problems.push({
        path: ['REQUIRE_REAL_PROVIDERS'],
        message: `a deployment needs real providers, and these are stand-ins: ${standIns.join(', ')}`,
      });
  }
  return problems;
}

/** Reads and validates the configuration; a bad value stops the start with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema
    .refine((c) => c.MAIL_PROVIDER !== 'smtp' || c.SMTP_URL !== undefined, {
      message: 'MAIL_PROVIDER=smtp needs SMTP_URL',
      path: ['SMTP_URL'],
    })
    .refine((c) => (c.S3_ACCESS_KEY_ID === undefined) === (c.S3_SECRET_ACCESS_KEY === undefined), {
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      path: ['S3_SECRET_ACCESS_KEY'],
    })
    .refine((c) => c.S3_BUCKET !== undefined || (c.S3_ENDPOINT === undefined && c.S3_ACCESS_KEY_ID === undefined), {
      message: 'S3 settings need S3_BUCKET',
      path: ['S3_BUCKET'],
    })
    .superRefine((c, ctx) => {
      for (const problem of providerProblems(c)) ctx.addIssue({ code: 'custom', ...problem });
      for (const name of missingPublicOrigins(c))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `required in production (NODE_ENV=production): the origin browsers reach it at, e.g. ${PUBLIC_ORIGIN_EXAMPLES[name]}`,
        });
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, repoRoot };
}
