import { formatPhone } from '@app/contract/phones';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig, paymentPort, sandboxesEnabled, videoPort } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { he } from './i18n/messages.ts';
import { HttpDrain } from './lifecycle/drain.ts';
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
  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  // The video host: the same process, another port, so the upload iframe is another origin (issue 8 §7).
  const videoListensOn = await app.videoHost.listen({ port: videoPort(config, port), host: config.HOST });
  // The payment sandbox: another port, so the hosted card and mobile-payment pages are another origin (issue 10).
  const paymentListensOn = await app.paymentHost.listen({ port: paymentPort(config, port), host: config.HOST });

  // Graceful stop (lifecycle/drain.ts): new requests get 503 + Retry-After while the listen backlog empties, running
  // requests finish, then the scheduler, the other listeners and the database close. close-with-grace exits 0 when
  // this resolves and 1 when it throws or is still running at SHUTDOWN_TIMEOUT_MS (or at a second signal); the lock
  // then stays and the next start takes it over, as after kill -9.
  const drain = new HttpDrain([app.server, app.videoHost.app.server, app.paymentHost.app.server], {
    retryAfterS: config.RETRY_AFTER_S,
    body: { status: 503, message: he.serviceUnavailable },
  });
  closeWithGrace(
    {
      delay: config.SHUTDOWN_TIMEOUT_MS,
      // Crashes stay crashes (Node prints the error and exits); only signals drain.
      skip: ['uncaughtException', 'unhandledRejection'],
      onTimeout: (ms) => app.log.error(`shutdown: still not done after ${ms} ms, exiting`),
      onSecondSignal: (signal) => app.log.error(`shutdown: second ${signal}, exiting`),
    },
    async ({ signal }) => {
      const started = Date.now();
      app.log.info(`${signal ?? 'exit'}: draining`);
      const jobsStopped = app.jobs.stop(); // no new tick; a run in progress finishes
      // Running requests get until 2 s before the hard deadline; the rest is for the database's checkpoint.
      const result = await drain.drain(started + config.SHUTDOWN_TIMEOUT_MS - 2000);
      (result.cut ? app.log.warn : app.log.info).call(app.log, result, 'shutdown: listeners drained');
      await jobsStopped;
      await app.close(); // onClose: the scheduler, the video and payment hosts, the overload sampler
      await db.close(); // CHECKPOINT, then close
      release();
    },
  );
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
