/** One e-mail as the product writes it: Hebrew plain text to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The e-mail service. The stand-in writes to the outbox table (sandbox-mailer.ts, read on the sandbox's outbox page);
 * SMTP (smtp-mailer.ts) sends for real. Which one runs is chosen in outside-services.ts.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
