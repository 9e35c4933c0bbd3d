import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OutboxTable } from '../db/tables/accounts.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * Every outgoing e-mail and SMS is first written here, then handed to its transport (if one is configured), and
 * the outcome recorded. With no transport (the default install) the operator reads codes from this table.
 */
export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  to: string;
  subject: string;
  body: string;
}

/** Hands a message to the outside world; throws when it was not accepted. */
export type Transport = (message: OutgoingMessage) => Promise<void>;

export type OutboxRow = Selectable<OutboxTable>;

export async function deliverThroughOutbox(
  db: Kysely<Database>,
  clock: Clock,
  channel: Channel,
  message: OutgoingMessage,
  transport: Transport | null,
  /** 'recorded': answer once the row is written and hand it to the transport meanwhile (its outcome still recorded). */
  wait: 'delivered' | 'recorded' = 'delivered',
): Promise<{ delivered: boolean }> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      created_at: clock.now(),
      sent_at: null,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!transport) return { delivered: true };
  const transmitted = transmit(db, clock, row.id, message, transport);
  if (wait === 'delivered') return transmitted;
  transmitted.catch(() => {}); // only the outcome's own write can fail here; the row already holds the message
  return { delivered: true };
}

async function transmit(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  message: OutgoingMessage,
  transport: Transport,
): Promise<{ delivered: boolean }> {
  try {
    await transport(message);
    await db.updateTable('outbox').set({ sent_at: clock.now() }).where('id', '=', id).execute();
    return { delivered: true };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('outbox')
      .set({ error: text.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
    return { delivered: false };
  }
}

/** The newest outbox rows first, for the operator command line. */
export async function listOutbox(
  db: Kysely<Database>,
  options: { channel?: Channel; recipient?: string; limit?: number } = {},
): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll();
  if (options.channel) query = query.where('channel', '=', options.channel);
  if (options.recipient) query = query.where('recipient', '=', options.recipient);
  return query
    .orderBy('id', 'desc')
    .limit(options.limit ?? 50)
    .execute();
}
