import { formatPhone } from '@app/contract/phones';
import { buildApp } from './app.ts';
import { loadConfig, paymentPort, sandboxesEnabled, videoPort } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { seedBrokers } from './seed/brokers.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedReferenceData } from './seed/reference-data.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const { db, release, where } = opened;
  const applied = await migrate(db);
  const seeded = await seedReferenceData(db);
  if (config.SEED_DEMO) {
    await seedDemoAccounts(db);
    await seedBrokers(db);
  }

  const app = await buildApp({ config, db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
      await db.close(); // CHECKPOINT, then close
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  // The video host: the same process, another port, so the upload iframe is another origin (issue 8 §7).
  const videoListensOn = await app.videoHost.listen({ port: videoPort(config, port), host: config.HOST });
  // The payment sandbox: another port, so the hosted card and mobile-payment pages are another origin (issue 10).
  const paymentListensOn = await app.paymentHost.listen({ port: paymentPort(config, port), host: config.HOST });
  const lines = [
    '',
    `  Ready: http://localhost:${port}`,
    `  Video host: ${config.VIDEO_PUBLIC_ORIGIN ?? `http://localhost:${videoListensOn}`}`,
    `  Payment sandbox: ${config.PAYMENT_PUBLIC_ORIGIN ?? `http://localhost:${paymentListensOn}`}`,
    `  Database: ${where}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}`,
    seeded ? `  Seeded ${seeded.localities} localities and ${seeded.streets} streets` : '',
    sandboxesEnabled(config)
      ? `  E-mail sandbox outbox: http://localhost:${port}/sandbox/outbox?key=${encodeURIComponent(config.SANDBOX_KEY)}`
      : '',
    sandboxesEnabled(config) && config.SMS_PROVIDER === 'sandbox'
      ? `  SMS/voice sandbox outbox: http://localhost:${port}/sandbox/phones?key=${encodeURIComponent(config.SANDBOX_KEY)}`
      : '',
    sandboxesEnabled(config) && config.PAYMENT_PROVIDER === 'sandbox'
      ? `  Payment sandbox admin: http://localhost:${port}/sandbox/payments?key=${encodeURIComponent(config.SANDBOX_KEY)}`
      : '',
    sandboxesEnabled(config) ? `  Sandbox key (header x-sandbox-key): ${config.SANDBOX_KEY}` : '',
    config.SEED_DEMO ? '  Demo accounts:' : '',
    ...(config.SEED_DEMO
      ? DEMO_ACCOUNTS.map((a) => `    ${a.role}: ${a.email} / ${a.password} (verified phone ${formatPhone(a.phone)})`)
      : []),
    '',
  ].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1);
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
