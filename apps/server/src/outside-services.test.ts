import { describe, expect, it } from 'vitest';
import { QueuedMailer } from './mail/queued-provider.ts';
import { SandboxMailer } from './mail/sandbox-provider.ts';
import { LocalMediaStore, S3MediaStore } from './media/store-provider.ts';
import { chooseOutsideServices } from './outside-services.ts';
import { SandboxPhoneProvider } from './phones/sandbox-provider.ts';
import { TwilioPhoneProvider } from './phones/twilio/provider.ts';
import { ManualClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { JobScheduler } from './platform/jobs/scheduler.ts';
import { ModelPriceList } from './vehicles/price-list-provider.ts';
import { SampleVehicleRegistry } from './vehicles/registry-provider.ts';

const db = {} as Db;

describe('the outside services, chosen by configuration', () => {
  it('are the stand-ins by default, with the sandbox pages’ handles', async () => {
    const chosen = await chooseOutsideServices(loadConfig({ NODE_ENV: 'test' }), db);
    expect(chosen.mailer).toBeInstanceOf(SandboxMailer);
    expect(chosen.outbox).toBe(chosen.mailer);
    expect(chosen.phones).toBeInstanceOf(SandboxPhoneProvider);
    expect(chosen.sandboxPhones).toBe(chosen.phones);
    expect(chosen.media).toBeInstanceOf(LocalMediaStore);
    expect(chosen.registry).toBeInstanceOf(SampleVehicleRegistry);
    expect(chosen.priceList).toBeInstanceOf(ModelPriceList);
  });

  it('send e-mail over SMTP with no outbox, and keep photos in a bucket, when configured', async () => {
    const chosen = await chooseOutsideServices(
      loadConfig({
        NODE_ENV: 'test',
        MAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
      db,
      { jobs: new JobScheduler(db, new ManualClock(), { tickMs: 0 }), clock: new ManualClock() },
    );
    expect(chosen.mailer).toBeInstanceOf(QueuedMailer);
    expect(chosen.outbox).toBeUndefined();
    expect(chosen.media).toBeInstanceOf(S3MediaStore);
    (chosen.media as S3MediaStore).destroy();
  });

  it('send SMS and place calls through Twilio when configured, with no phone sandbox', async () => {
    const chosen = await chooseOutsideServices(loadConfig({ NODE_ENV: 'test', ...TWILIO }), db);
    expect(chosen.phones).toBeInstanceOf(TwilioPhoneProvider);
    expect(chosen.sandboxPhones).toBeUndefined();
    expect(chosen.twilio?.authToken).toBe(TWILIO.TWILIO_AUTH_TOKEN);
  });
});

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'a-token-of-the-test-account',
  TWILIO_SMS_FROM: 'Yad2',
  TWILIO_CALL_FROM: '+97233755555',
};

describe('the choice of providers, checked at start', () => {
  it('stops a real provider named without its settings, naming each missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'twilio', TWILIO_SMS_FROM: 'Yad2' })).toThrow(
      'SMS_PROVIDER: SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_CALL_FROM',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ...TWILIO, TWILIO_SMS_FROM: 'a sender that is far too long' })).toThrow(
      'TWILIO_SMS_FROM: an alphanumeric sender',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
      'TWILIO_ACCOUNT_SID: AC followed by 32 hexadecimal digits',
    );
  });

  it('refuses stand-ins when a deployment requires real providers, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', REQUIRE_REAL_PROVIDERS: 'true' })).toThrow(
      'REQUIRE_REAL_PROVIDERS: a deployment needs real providers, and these are stand-ins: MAIL_PROVIDER=sandbox, SMS_PROVIDER=sandbox, PAYMENT_PROVIDER=sandbox, VEHICLE_REGISTRY=sample',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        REQUIRE_REAL_PROVIDERS: 'true',
        ...TWILIO,
        MAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      }),
    ).toThrow('these are stand-ins: PAYMENT_PROVIDER=sandbox, VEHICLE_REGISTRY=sample');
    // Without the guard the same stand-ins start.
    expect(loadConfig({ NODE_ENV: 'test' }).REQUIRE_REAL_PROVIDERS).toBe(false);
  });
});
