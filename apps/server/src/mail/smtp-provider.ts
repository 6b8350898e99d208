import nodemailer, { type Transporter } from 'nodemailer';
import { escapeHtml } from '../platform/http/second-origin.ts';
import type { MailMessage } from './mailer.ts';

/** What the SMTP server said about a message it did not take. */
export class SmtpRefused extends Error {
  constructor(
    message: string,
    /** A 5xx answer: the server will never take it (a bad address); a 4xx or no answer may pass later. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * The SMTP connection of the real mail provider (MAIL_PROVIDER=smtp), used by the queue's job (queued-provider.ts):
 * one message as UTF-8 plain text with a right-to-left HTML alternative, under the Message-ID the queue fixed.
 * Deadlines on connecting, the greeting and the socket, so a server that hangs fails the attempt instead of it.
 */
export class SmtpTransport {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
    timeoutMs = 15_000,
  ) {
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async deliver(m: MailMessage, messageId: string): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: rtlHtml(m.text),
        messageId,
        textEncoding: 'base64',
        headers: { 'Content-Language': 'he' },
      });
    } catch (err) {
      const code = (err as { responseCode?: unknown }).responseCode;
      throw new SmtpRefused(
        `smtp: ${typeof code === 'number' ? code : 'no answer'}: ${(err as Error).message}`.slice(0, 500),
        typeof code === 'number' && code >= 500,
      );
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** The plain text as a right-to-left HTML part: paragraphs kept, links clickable. */
export function rtlHtml(text: string): string {
  const body = escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>\n');
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"></head><body dir="rtl" style="text-align:right">${body}</body></html>`;
}
