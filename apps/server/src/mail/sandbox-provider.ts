import type { OutboxEmail } from '@app/contract/auth';
import type { Queryable } from '../platform/db/db.ts';
import { insertOutboxEmail, listOutboxEmails } from './mail-repository.ts';
import type { MailMessage, TransactionalMailer } from './mailer.ts';

/**
 * The local e-mail sandbox: "sends" by writing to the outbox table, which the outbox page and API read.
 */
export class SandboxMailer implements TransactionalMailer {
  constructor(private readonly db: Queryable) {}

  async send(m: MailMessage): Promise<void> {
    await insertOutboxEmail(this.db, m);
  }

  async sendIn(tx: Queryable, m: MailMessage): Promise<null> {
    await insertOutboxEmail(tx, m);
    return null;
  }

  list(to: string | undefined, limit = 50): Promise<OutboxEmail[]> {
    return listOutboxEmails(this.db, to, limit);
  }
}
