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
import type { Mailer, MailMessage } from './mailer.ts';
import { SmtpRefused, type SmtpTransport } from './smtp-mailer.ts';

export const MAIL_SEND_JOB = 'mail.send';
const MAIL_ATTEMPTS = 12;

export class QueuedMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly jobs: Pick<JobScheduler, 'schedule' | 'nudge'>,
    private readonly domain: string,
    private readonly now: () => Date,
  ) {}

  async send(m: MailMessage): Promise<void> {
    const messageId = `<${crypto.randomUUID()}@${this.domain}>`;
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO mail_queue (to_address, subject, body_text, message_id, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [m.to, m.subject, m.text, messageId, this.now()],
      );
      await this.jobs.schedule(
        {
          kind: MAIL_SEND_JOB,
          runAt: this.now(),
          key: `mail:${row?.id}`,
          payload: { mailId: Number(row?.id) },
          maxAttempts: MAIL_ATTEMPTS,
        },
        tx,
      );
    });
    this.jobs.nudge();
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
      const [row] = await deps.db.query<{ to_address: string; subject: string; body_text: string; message_id: string }>(
        `UPDATE mail_queue SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'
         RETURNING to_address, subject, body_text, message_id`,
        [mailId],
      );
      if (!row) return; // sent (or given up) already
      try {
        await deps.transport.deliver({ to: row.to_address, subject: row.subject, text: row.body_text }, row.message_id);
      } catch (err) {
        const final = (err instanceof SmtpRefused && err.permanent) || job.attempt >= job.maxAttempts;
        await deps.db.query(`UPDATE mail_queue SET last_error = $2, status = $3 WHERE id = $1`, [
          mailId,
          String((err as Error).message).slice(0, 500),
          final ? 'failed' : 'pending',
        ]);
        // The log names the message, never its address or text.
        deps.log.warn({ mailId, attempt: job.attempt, final }, 'e-mail not delivered');
        if (final) return;
        throw err;
      }
      await deps.db.query(`UPDATE mail_queue SET status = 'sent', sent_at = $2, last_error = NULL WHERE id = $1`, [
        mailId,
        now,
      ]);
    },
    { transaction: false },
  );
  jobs.onHousekeeping('mail_queue', async (tx, now) => {
    const rows = await tx.query(
      `DELETE FROM mail_queue WHERE status IN ('sent', 'failed') AND created_at < $1 RETURNING id`,
      [new Date(now.getTime() - MAIL_KEPT_MS)],
    );
    return rows.length;
  });
}
