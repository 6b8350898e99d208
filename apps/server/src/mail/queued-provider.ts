/**
 * E-mail over a real SMTP server, through a queue in the database (mail_queue, migration 0038). `send` writes the
 * message and a 'mail.send' job in one transaction and returns: a request never waits on the mail server, and a
 * message the server could not take now is not lost. The job runner delivers it (at once when this process ticks,
 * nudged by `send`), and while the server is down tries again with the runner's growing delay, up to twelve times
 * (about six hours), before the row is marked failed. A 5xx answer (a mailbox that does not exist) is final.
 *
 * Never twice: a row is delivered only while it is 'pending' and marked 'sent' right after the server took it, and
 * its Message-ID is fixed when it is queued, so even a process that dies between the two (the one gap SMTP leaves)
 * resends the same message, which mail clients show once.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../platform/db/db.ts';
import type { JobScheduler } from '../platform/jobs/scheduler.ts';
import { markMailSent, pruneMailQueue, queueMail, recordMailFailure, takePendingMail } from './mail-repository.ts';
import type { MailMessage, TransactionalMailer } from './mailer.ts';
import { SmtpRefused, type SmtpTransport } from './smtp-provider.ts';

export const MAIL_SEND_JOB = 'mail.send';
const MAIL_ATTEMPTS = 12;

export class QueuedMailer implements TransactionalMailer {
  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobScheduler, 'schedule' | 'nudge'>,
    private readonly domain: string,
    private readonly now: () => Date,
  ) {}

  async send(m: MailMessage): Promise<void> {
    await this.db.transaction((tx) => this.sendIn(tx, m));
    this.jobs.nudge();
  }

  /** Queues the message and its delivery job in the caller's transaction; the row's id. */
  async sendIn(tx: Queryable, m: MailMessage): Promise<number> {
    const messageId = `<${crypto.randomUUID()}@${this.domain}>`;
    const mailId = await queueMail(tx, m, messageId, this.now());
    await this.jobs.schedule(
      {
        kind: MAIL_SEND_JOB,
        runAt: this.now(),
        key: `mail:${mailId}`,
        payload: { mailId },
        maxAttempts: MAIL_ATTEMPTS,
      },
      tx,
    );
    return mailId;
  }
}

/** How long a delivered or abandoned message stays in the queue (to see what was sent, and why one failed). */
export const MAIL_KEPT_MS = 30 * 24 * 60 * 60_000;

/** The job that delivers one queued message (outside a transaction: it waits on the network). */
export function registerMailJobs(
  jobs: JobScheduler,
  deps: { db: Queryable; transport: SmtpTransport; log: { warn(obj: unknown, msg?: string): void } },
): void {
  jobs.register(
    MAIL_SEND_JOB,
    async (job, { now }) => {
      const mailId = Number(job.payload.mailId);
      const pending = await takePendingMail(deps.db, mailId);
      if (!pending) return; // sent (or given up) already
      try {
        await deps.transport.deliver(pending.message, pending.messageId);
      } catch (err) {
        const final = (err instanceof SmtpRefused && err.permanent) || job.attempt >= job.maxAttempts;
        await recordMailFailure(deps.db, mailId, String((err as Error).message).slice(0, 500), final);
        // The log names the message, never its address or text.
        deps.log.warn({ mailId, attempt: job.attempt, final }, 'e-mail not delivered');
        if (final) return;
        throw err;
      }
      await markMailSent(deps.db, mailId, now);
    },
    { transaction: false },
  );
  jobs.onHousekeeping('mail_queue', (tx, now) => pruneMailQueue(tx, new Date(now.getTime() - MAIL_KEPT_MS)));
}
