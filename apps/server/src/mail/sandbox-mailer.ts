import type { OutboxEmail } from '@app/contract/auth';
import type { Queryable } from '../platform/db/db.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * The local e-mail sandbox: "sends" by writing to the outbox table, which the outbox page and API read.
 */
export class SandboxMailer implements Mailer {
  constructor(private readonly db: Queryable) {}

  async send(m: MailMessage): Promise<void> {
    await this.db.query('INSERT INTO outbox_emails (to_address, subject, body_text) VALUES ($1, $2, $3)', [
      m.to,
      m.subject,
      m.text,
    ]);
  }

  async list(to: string | undefined, limit = 50): Promise<OutboxEmail[]> {
    const rows = await this.db.query<{
      id: number;
      to_address: string;
      subject: string;
      body_text: string;
      created_at: Date;
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
}
