/**
 * The e-mail tables: the sandbox's outbox (outbox_emails) and the SMTP queue (mail_queue, migration 0038). SQL
 * only; sandbox-provider.ts and queued-provider.ts use them.
 */
import type { OutboxEmail } from '@app/contract/auth';
import type { Queryable } from '../platform/db/db.ts';
import type { MailMessage } from './mailer.ts';

export async function insertOutboxEmail(db: Queryable, m: MailMessage): Promise<void> {
  await db.query('INSERT INTO outbox_emails (to_address, subject, body_text) VALUES ($1, $2, $3)', [
    m.to,
    m.subject,
    m.text,
  ]);
}

/** The sandbox's outbox, newest first (to one address when given, whatever its case). */
export async function listOutboxEmails(db: Queryable, to: string | undefined, limit: number): Promise<OutboxEmail[]> {
  const rows = await db.query<{
    id: number;
    to_address: string;
    subject: string;
    body_text: string;
    created_at: Date | string;
  }>(
    `SELECT id, to_address, subject, body_text, created_at FROM outbox_emails
     WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY id DESC LIMIT $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address,
    subject: r.subject,
    text: r.body_text,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Queues a message with its fixed Message-ID; its id. */
export async function queueMail(tx: Queryable, m: MailMessage, messageId: string, now: Date): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO mail_queue (to_address, subject, body_text, message_id, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [m.to, m.subject, m.text, messageId, now],
  );
  return Number(row?.id);
}

/** A queued message still pending, its attempt counted; null when it was sent or given up already. */
export async function takePendingMail(
  db: Queryable,
  mailId: number,
): Promise<{ message: MailMessage; messageId: string } | null> {
  const [row] = await db.query<{ to_address: string; subject: string; body_text: string; message_id: string }>(
    `UPDATE mail_queue SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'
     RETURNING to_address, subject, body_text, message_id`,
    [mailId],
  );
  return row
    ? { message: { to: row.to_address, subject: row.subject, text: row.body_text }, messageId: row.message_id }
    : null;
}

/** A delivery that failed: the error, and whether the message is given up ('failed') or tried again. */
export async function recordMailFailure(db: Queryable, mailId: number, error: string, final: boolean): Promise<void> {
  await db.query('UPDATE mail_queue SET last_error = $2, status = $3 WHERE id = $1', [
    mailId,
    error,
    final ? 'failed' : 'pending',
  ]);
}

export async function markMailSent(db: Queryable, mailId: number, now: Date): Promise<void> {
  await db.query(`UPDATE mail_queue SET status = 'sent', sent_at = $2, last_error = NULL WHERE id = $1`, [mailId, now]);
}

/** Forgets the sent and given-up messages queued before `before`; how many. */
export async function pruneMailQueue(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query(
    `DELETE FROM mail_queue WHERE status IN ('sent', 'failed') AND created_at < $1 RETURNING id`,
    [before],
  );
  return rows.length;
}
