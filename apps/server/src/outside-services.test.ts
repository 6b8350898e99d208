import { describe, expect, it } from 'vitest';
import { SandboxMailer } from './mail/sandbox-mailer.ts';
import { SmtpMailer } from './mail/smtp-mailer.ts';
import { LocalMediaStore, S3MediaStore } from './media/store.ts';
import { chooseOutsideServices } from './outside-services.ts';
import { SandboxPhoneProvider } from './phones/sandbox-provider.ts';
import { loadConfig } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { ModelPriceList } from './vehicles/price-list.ts';
import { SampleVehicleRegistry } from './vehicles/registry.ts';

const db = {} as Db;

describe('the outside services, chosen by configuration', () => {
  it('are the stand-ins by default, with the sandbox pages’ handles', () => {
    const chosen = chooseOutsideServices(loadConfig({ NODE_ENV: 'test' }), db);
    expect(chosen.mailer).toBeInstanceOf(SandboxMailer);
    expect(chosen.outbox).toBe(chosen.mailer);
    expect(chosen.phones).toBeInstanceOf(SandboxPhoneProvider);
    expect(chosen.sandboxPhones).toBe(chosen.phones);
    expect(chosen.media).toBeInstanceOf(LocalMediaStore);
    expect(chosen.registry).toBeInstanceOf(SampleVehicleRegistry);
    expect(chosen.priceList).toBeInstanceOf(ModelPriceList);
  });

  it('send e-mail over SMTP with no outbox, and keep photos in a bucket, when configured', () => {
    const chosen = chooseOutsideServices(
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
    );
    expect(chosen.mailer).toBeInstanceOf(SmtpMailer);
    expect(chosen.outbox).toBeUndefined();
    expect(chosen.media).toBeInstanceOf(S3MediaStore);
    (chosen.media as S3MediaStore).destroy();
  });
});
