import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';
import { deliverThroughOutbox } from './outbox.ts';

/** An SMS gateway. None is bundled: without one, texts are only recorded in the outbox for the operator. */
export interface SmsProvider {
  /** `to` is the international number: country code then national number, digits only. */
  send(to: string, text: string): Promise<void>;
}

export class SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly provider: SmsProvider | null = null,
  ) {}

  send(to: string, text: string, wait?: 'delivered' | 'recorded'): Promise<{ delivered: boolean }> {
    const provider = this.provider;
    const transport = provider ? () => provider.send(to, text) : null;
    return deliverThroughOutbox(this.db, this.clock, 'sms', { to, subject: '', body: text }, transport, wait);
  }
}
