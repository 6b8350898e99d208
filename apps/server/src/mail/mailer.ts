import type { Queryable } from '../platform/db/db.ts';

/** One e-mail as the product writes it: Hebrew plain text to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The e-mail service. The stand-in writes to the outbox table (sandbox-provider.ts, read on the sandbox's outbox page);
 * SMTP (smtp-provider.ts) sends for real. Which one runs is chosen in outside-services.ts.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A mailer that can also write a message in the caller's transaction (both providers are). */
export interface TransactionalMailer extends Mailer {
  /**
   * Writes the message in the caller's transaction, so that it exists exactly when the caller's own change does:
   * the queue's row and its delivery job (SMTP; answers the row's id), or the outbox's row (the sandbox; null).
   */
  sendIn(tx: Queryable, message: MailMessage): Promise<number | null>;
}
