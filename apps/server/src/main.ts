import { formatPhone } from '@app/contract/phones';
import { loadConfig, sandboxesEnabled } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { type Prepared, prepareDatabase, startServing } from './lifecycle/start.ts';
import { seedBrokers } from './seed/brokers.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let prepared: Prepared;
  try {
    prepared = await prepareDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const { db, where, applied, seeded, recovered } = prepared;
  if (config.SEED_DEMO) {
    await seedDemoAccounts(db);
    await seedBrokers(db);
  }
  // Listen on the three ports, with the graceful stop on SIGTERM (lifecycle/start.ts, lifecycle/drain.ts).
  const { port, videoListensOn, paymentListensOn } = await startServing(config, prepared);
  const lines = [
    '',
    `  Ready: http://localhost:${port}`,
    `  Video host: ${config.VIDEO_PUBLIC_ORIGIN ?? `http://localhost:${videoListensOn}`}`,
    `  Payment sandbox: ${config.PAYMENT_PUBLIC_ORIGIN ?? `http://localhost:${paymentListensOn}`}`,
    `  Database: ${where}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}`,
    recovered.jobs || recovered.files
      ? `  After a crash: ${recovered.jobs} interrupted jobs due again, ${recovered.files} unreferenced photo files removed`
      : '',
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
