import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import { deliverThroughOutbox, type OutgoingMessage, type Transport } from './outbox.ts';

/** E-mail: recorded in the outbox, and sent over SMTP (nodemailer) when SMTP_URL is configured. */
export class Mailer {
  private readonly transport: Transport | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    smtpUrl: string | undefined,
    from: string,
  ) {
    if (!smtpUrl) {
      this.transport = null;
      return;
    }
    const smtp = nodemailer.createTransport(smtpUrl);
    this.transport = async (message) => {
      await smtp.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
    };
  }

  send(message: OutgoingMessage, wait?: 'delivered' | 'recorded'): Promise<{ delivered: boolean }> {
    return deliverThroughOutbox(this.db, this.clock, 'email', message, this.transport, wait);
  }
}
