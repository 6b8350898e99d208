/**
 * A real SMTP server on 127.0.0.1 for the tests of e-mail over SMTP (MAIL_PROVIDER=smtp): every message it takes is
 * read back with mailparser and kept, in order. It can be stopped and started again on the same port (a mail server
 * that was down), and it refuses for good (550) any recipient whose address starts with `nobody@`.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export class SmtpMailbox {
  /** Every message taken, in the order it arrived (kept across a stop and a start). */
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  private listening = 0;

  /** The port it listens on (or listened on, while stopped); 0 before the first start. */
  get port(): number {
    return this.listening;
  }

  /** The `SMTP_URL` of this server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.listening}`;
  }

  /** Starts listening: on the port it had before when it had one (a server back up), else on a free one. */
  start(port = this.listening): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) {
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.listening = (server.server.address() as AddressInfo).port;
        resolve(this.listening);
      });
    });
  }

  /** Stops listening (the port is closed: a mail server that is down); the messages taken stay. */
  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** The messages sent to one address. */
  to(address: string): ParsedMail[] {
    return this.received.filter((m) => m.to && 'text' in m.to && m.to.text === address);
  }
}
