/**
 * The server's start-up and graceful stop, shared by src/main.ts and bench/load-server.ts (so the bench's server
 * starts, recovers and drains exactly as the product's does).
 *
 * Start-up after a crash (kill -9, power loss; bench/crash.ts): with the embedded PGlite database the data
 * directory's lock proves that no other process uses the database or the photo directory, so whatever the dead
 * process left half done is taken back at once, before the first request:
 *   - jobs it had claimed (status 'running') are due again now, instead of after their five-minute lease: a payment
 *     notification the sandbox provider was delivering as the process died is delivered again at once;
 *   - photo files it wrote but never referenced (the kill landed between the file and its database row, or between
 *     a replaced photo's new row and the old file's removal) and its half-written temporary files are removed.
 * On PostgreSQL other live processes may hold jobs and write photos, so nothing is taken back at start: a dead
 * process's jobs are claimed again once its heartbeat is 20 s old (platform/jobs/scheduler.ts), and its photo files are
 * removed by the hourly `media.sweep` job once they are an hour old (media/sweep-jobs.ts, the same sweep as here with an
 * age bound; it also covers an S3 bucket, on either database).
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadAddressDataSoon } from './catalogue/address-data.ts';
import { he } from './i18n/messages.ts';
import { LocalMediaStore } from './media/store-provider.ts';
import { sweepOrphanMedia } from './media/sweep-jobs.ts';
import { type Config, paymentPort, videoPort } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { migrate } from './platform/db/migrate.ts';
import { openDatabase } from './platform/db/open.ts';
import { openPostgres } from './platform/db/postgres.ts';
import { releaseRunningJobs } from './platform/jobs/jobs-repository.ts';
import { HttpDrain } from './platform/lifecycle/drain.ts';
import { seedReferenceData } from './seed/reference-data.ts';

export interface Prepared {
  db: Db;
  release: () => void;
  where: string;
  applied: string[];
  seeded: Awaited<ReturnType<typeof seedReferenceData>>;
  /** What a crashed predecessor left and start-up took back (PGlite only). */
  recovered: { jobs: number; files: number };
}

/**
 * Opens the database (PostgreSQL with DATABASE_URL, in `schema` when given; else PGlite under the data directory's
 * lock), migrates it, loads the reference data, and takes back what a crashed predecessor left (see above).
 * Throws DataDirLockedError when another live process holds the data directory.
 */
export async function prepareDatabase(config: Config, schema?: string): Promise<Prepared> {
  const opened =
    config.DATABASE_URL && schema
      ? { db: await openPostgres(config.DATABASE_URL, schema), release: () => undefined, where: `PostgreSQL ${schema}` }
      : await openDatabase(config);
  const { db } = opened;
  const applied = await migrate(db);
  const seeded = await seedReferenceData(db);
  const recovered = { jobs: 0, files: 0 };
  if (db.kind === 'pglite') {
    recovered.jobs = await releaseRunningJobs(db, new Date());
    // The lock covers DATA_DIR/media too, so no age bound: nothing there is another process's upload in progress.
    // A bucket is not under the lock; the hourly sweep job (media/sweep-jobs.ts) cleans it with its age bound.
    if (!config.S3_BUCKET) {
      const media = new LocalMediaStore(path.join(config.DATA_DIR, 'media'));
      recovered.files = (await sweepOrphanMedia(db, media, null)).removed;
    }
  }
  return { ...opened, applied, seeded, recovered };
}

/**
 * Builds the app on a prepared database, listens (the app, the video host and the payment sandbox, each its own
 * port), and installs the graceful stop: on SIGTERM/SIGINT new requests get 503 + Retry-After while the listen
 * backlog empties, running requests finish, then the scheduler, the other listeners and the database close.
 * close-with-grace exits 0 when this resolves and 1 when it throws or is still running at SHUTDOWN_TIMEOUT_MS (or
 * at a second signal); the lock then stays and the next start takes it over, as after kill -9.
 */
export async function startServing(config: Config, prepared: Prepared) {
  const { db, release } = prepared;
  const app = await buildApp({ config, db });
  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  // The address lists (the real estate wizard, board cards' cities): loaded now, a few milliseconds at a time, so
  // that the first answer that needs them neither waits for them nor holds every other request back.
  void loadAddressDataSoon();
  // The video host: the same process, another port, so the upload iframe is another origin.
  const videoListensOn = await app.videoHost.listen({ port: videoPort(config, port), host: config.HOST });
  // The payment sandbox: another port, so the hosted card and mobile-payment pages are another origin (a real
  // provider's pages are its own: no listener).
  const paymentListensOn = app.paymentHost
    ? await app.paymentHost.listen({ port: paymentPort(config, port), host: config.HOST })
    : null;

  const servers = [app.server, app.videoHost.app.server, ...(app.paymentHost ? [app.paymentHost.app.server] : [])];
  const drain = new HttpDrain(servers, {
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
      await app.close(); // onClose: the scheduler, the numbers' last batch, the video and payment hosts, the overload sampler
      await db.close(); // CHECKPOINT, then close
      release();
    },
  );
  return { app, port, videoListensOn, paymentListensOn };
}
