/**
 * Every outside service the product talks to, chosen by configuration here and nowhere else. Each sits behind one
 * interface beside the capability that uses it, with a stand-in that keeps state and enforces the same rules as the
 * real service, and is the default (`npm start`, the tests):
 *
 * | service          | interface                              | stand-in (default)                           | real, by configuration         |
 * | ---------------- | -------------------------------------- | -------------------------------------------- | ------------------------------ |
 * | e-mail           | `Mailer` (mail/mailer.ts)              | the outbox table (mail/sandbox-provider.ts)  | SMTP, queued (MAIL_PROVIDER)   |
 * | SMS, voice calls | `PhoneProvider` (phones/provider.ts)   | phones/sandbox-provider.ts                   | Twilio (SMS_PROVIDER)          |
 * | payments         | `PaymentProvider` (payments/)          | the payment host (payments/sandbox/)         | PayPlus (PAYMENT_PROVIDER)     |
 * | photo storage    | `MediaStore` (media/store-provider.ts) | the data directory                           | S3 (S3_BUCKET)                 |
 * | video storage    | `VideoHost` (video/host-provider.ts)   | tus uploads to the data directory            |                                |
 * | vehicle registry | `VehicleRegistry` (vehicles/)          | the catalogue's sample registry              | data.gov.il (VEHICLE_REGISTRY) |
 * | price list       | `PriceList` (vehicles/)                | our model over the car catalogue             |                                |
 *
 * A real adapter is a class implementing the interface, picked below from its configuration key.
 */
import path from 'node:path';
import type { TransactionalMailer } from './mail/mailer.ts';
import { QueuedMailer, registerMailJobs } from './mail/queued-provider.ts';
import { SandboxMailer } from './mail/sandbox-provider.ts';
import { SmtpTransport } from './mail/smtp-provider.ts';
import { LocalMediaStore, type MediaStore, S3MediaStore } from './media/store-provider.ts';
import { type PayPlusLog, PayPlusPaymentProvider } from './payments/payplus/provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { SandboxPaymentProvider } from './payments/sandbox/client.ts';
import { buildPaymentSandbox, type PaymentSandbox } from './payments/sandbox/host.ts';
import type { PhoneProvider } from './phones/provider.ts';
import { SandboxPhoneProvider } from './phones/sandbox-provider.ts';
import type { TwilioSdk, TwilioSettings } from './phones/twilio/provider.ts';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import type { JobScheduler } from './platform/jobs/scheduler.ts';
import { type OutsideCallOptions, OutsideService } from './platform/outside-call.ts';
import { DataGovVehicleRegistry } from './vehicles/datagov-registry-provider.ts';
import { ModelPriceList, type PriceList } from './vehicles/price-list-provider.ts';
import { SampleVehicleRegistry, type VehicleRegistry } from './vehicles/registry-provider.ts';
import { buildVideoHost, type VideoHost } from './video/host-provider.ts';

export interface OutsideServices {
  mailer: TransactionalMailer;
  /** The e-mail stand-in when it is the mailer: the sandbox's outbox page reads it. */
  outbox?: SandboxMailer;
  phones: PhoneProvider;
  /** The SMS and voice stand-in when it is the provider: the sandbox's phone page reads and steers it. */
  sandboxPhones?: SandboxPhoneProvider;
  /** Twilio when it is the provider: its library and the key of its callbacks' signatures (phones/twilio/routes.ts). */
  twilio?: { sdk: TwilioSdk; authToken: string };
  media: MediaStore;
  registry: VehicleRegistry;
  priceList: PriceList;
}

/**
 * The services that need nothing but the configuration, the database and the site's public origin (where a real
 * provider sends its callbacks). A real provider's library is loaded only when it is chosen.
 */
export async function chooseOutsideServices(
  config: Config,
  db: Db,
  given: {
    media?: MediaStore;
    site?: () => string;
    observe?: OutsideCallOptions['observe'];
    /** The job runner that delivers queued e-mail (MAIL_PROVIDER=smtp); the clock of the queue's times. */
    jobs?: JobScheduler;
    clock?: Clock;
    log?: { warn(obj: unknown, msg?: string): void };
  } = {},
): Promise<OutsideServices> {
  const outbox = config.MAIL_PROVIDER === 'sandbox' ? new SandboxMailer(db) : undefined;
  let mailer: TransactionalMailer = outbox ?? new SandboxMailer(db);
  if (config.MAIL_PROVIDER === 'smtp' && config.SMTP_URL) {
    const { jobs, clock } = given;
    if (!(jobs && clock)) throw new Error('MAIL_PROVIDER=smtp: the mail queue needs the job runner');
    const transport = new SmtpTransport(config.SMTP_URL, config.MAIL_FROM);
    registerMailJobs(jobs, { db, transport, log: given.log ?? console });
    mailer = new QueuedMailer(db, jobs, mailDomain(config.MAIL_FROM), () => clock.now());
  }
  const sandboxPhones = config.SMS_PROVIDER === 'sandbox' ? new SandboxPhoneProvider(db) : undefined;
  let phones: PhoneProvider | undefined = sandboxPhones;
  let twilio: OutsideServices['twilio'];
  if (config.SMS_PROVIDER === 'twilio') {
    const { TwilioPhoneProvider, loadTwilio } = await import('./phones/twilio/provider.ts');
    const sdk = await loadTwilio();
    const settings = twilioSettings(config);
    const site = given.site ?? (() => config.PUBLIC_ORIGIN ?? `http://127.0.0.1:${config.PORT}`);
    const service = new OutsideService('twilio', { timeoutMs: settings.timeoutMs, observe: given.observe });
    phones = new TwilioPhoneProvider(sdk, settings, { site }, service);
    twilio = { sdk, authToken: settings.authToken };
  }
  if (!phones) throw new Error(`SMS_PROVIDER=${config.SMS_PROVIDER} has no adapter`);
  return {
    mailer,
    outbox,
    phones,
    sandboxPhones,
    twilio,
    media: given.media ?? chooseMediaStore(config),
    registry:
      config.VEHICLE_REGISTRY === 'datagov'
        ? new DataGovVehicleRegistry(
            {
              apiBase: config.DATAGOV_API_BASE,
              resourceId: config.DATAGOV_VEHICLE_RESOURCE,
              timeoutMs: config.DATAGOV_TIMEOUT_MS,
            },
            new OutsideService('datagov', { timeoutMs: config.DATAGOV_TIMEOUT_MS, observe: given.observe }),
          )
        : new SampleVehicleRegistry(),
    priceList: new ModelPriceList(),
  };
}

/** Photo storage: S3 (or any S3-compatible store) when S3_BUCKET is configured, else the directory DATA_DIR/media. */
export function chooseMediaStore(config: Config): MediaStore {
  if (config.S3_BUCKET) {
    return new S3MediaStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalMediaStore(path.join(config.DATA_DIR, 'media'));
}

/** Video storage: the video host, its own origin in this process (video/host-provider.ts). */
export function chooseVideoHost(deps: { config: Config; db: Db; clock: Clock }): Promise<VideoHost> {
  return buildVideoHost(deps);
}

/**
 * The payment provider: the sandbox payment host (PAYMENT_PROVIDER=sandbox), its own origin with its hosted card page,
 * admin view and signed notifications; or PayPlus (payments/payplus/), and then neither the sandbox listener nor
 * its admin view exists (`sandbox` null).
 */
export async function choosePayments(
  deps: Parameters<typeof buildPaymentSandbox>[0] & { observe?: OutsideCallOptions['observe']; log?: PayPlusLog },
): Promise<{ provider: PaymentProvider; sandbox: PaymentSandbox | null }> {
  const { config } = deps;
  if (config.PAYMENT_PROVIDER === 'payplus') {
    const { PAYPLUS_API_KEY, PAYPLUS_SECRET_KEY, PAYPLUS_PAYMENT_PAGE_UID } = config;
    if (!(PAYPLUS_API_KEY && PAYPLUS_SECRET_KEY && PAYPLUS_PAYMENT_PAGE_UID))
      throw new Error('PAYMENT_PROVIDER=payplus needs PAYPLUS_API_KEY, PAYPLUS_SECRET_KEY, PAYPLUS_PAYMENT_PAGE_UID');
    const settings = {
      PAYPLUS_API_KEY,
      PAYPLUS_SECRET_KEY,
      PAYPLUS_PAYMENT_PAGE_UID,
      PAYPLUS_API_BASE: config.PAYPLUS_API_BASE,
      PAYPLUS_TERMINAL_UID: config.PAYPLUS_TERMINAL_UID,
      PAYPLUS_CASHIER_UID: config.PAYPLUS_CASHIER_UID,
      timeoutMs: config.PAYPLUS_TIMEOUT_MS,
    };
    const service = new OutsideService('payplus', { timeoutMs: settings.timeoutMs, observe: deps.observe });
    return { provider: new PayPlusPaymentProvider(settings, service, deps.log), sandbox: null };
  }
  const sandbox = await buildPaymentSandbox(deps);
  const service = new OutsideService('payments-sandbox', { timeoutMs: 15_000, observe: deps.observe });
  return { provider: new SandboxPaymentProvider(deps.config, () => sandbox.apiBase(), service), sandbox };
}

/** Twilio's settings from the configuration (config.ts refuses a start with SMS_PROVIDER=twilio and one missing). */
function twilioSettings(config: Config): TwilioSettings {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_SMS_FROM, TWILIO_CALL_FROM } = config;
  if (!(TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_SMS_FROM && TWILIO_CALL_FROM)) {
    throw new Error(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_SMS_FROM, TWILIO_CALL_FROM',
    );
  }
  return {
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    smsFrom: TWILIO_SMS_FROM,
    callFrom: TWILIO_CALL_FROM,
    apiBase: config.TWILIO_API_BASE,
    timeoutMs: config.TWILIO_TIMEOUT_MS,
  };
}

/** The domain of the Message-IDs: the sender's (no-reply@example.co.il → example.co.il). */
const mailDomain = (from: string): string => /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
