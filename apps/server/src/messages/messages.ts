import { MessageStatus } from '@opex/contract/calls/message';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MessagesTable } from '../db/tables/accounts.ts';
import type { Clock } from '../platform/clock.ts';
import type { MessageKey } from './message-catalogue.ts';
import { type MessageParams, renderMessage } from './message-render.ts';

/** A user's messages: written by the server on events, read, marked read and soft-deleted by their owner only. */
export type MessageRow = Selectable<MessagesTable>;

/** A message of the catalogue (rendered in each reader's language), or plain text as written. */
export type NewMessage =
  | { type: number; key: MessageKey; params?: MessageParams }
  | { type: number; title: string; content: string };

/** For any module that tells a user about an event (login, password change, fill, deposit...). */
export async function writeMessage(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  message: NewMessage,
): Promise<void> {
  const keyed = 'key' in message ? { key: message.key, params: message.params ?? {} } : null;
  const english = keyed ? renderMessage(keyed.key, keyed.params, 'en_US') : null;
  const text = english ?? ('title' in message ? message : { title: '', content: '' });
  await db
    .insertInto('messages')
    .values({
      user_id: userId,
      type: message.type,
      title: text.title.slice(0, 200),
      content: text.content,
      message_key: keyed?.key ?? '',
      params: JSON.stringify(keyed?.params ?? {}),
      status: MessageStatus.unread,
      deleted: 0,
      created_at: clock.now(),
    })
    .execute();
}

/** A stored message in the reader's language: keyed ones rendered from the catalogue, plain text as written. */
export function messageText(row: MessageRow, lang: string): { title: string; content: string } {
  if (!row.message_key) return row;
  let params: MessageParams = {};
  try {
    params = JSON.parse(row.params) as MessageParams;
  } catch {
    return row;
  }
  return renderMessage(row.message_key, params, lang) ?? row;
}

function visibleMessages(db: Kysely<Database>, userId: number) {
  return db.selectFrom('messages').where('user_id', '=', userId).where('deleted', '=', 0);
}

export async function countUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await visibleMessages(db, userId)
    .where('status', '=', MessageStatus.unread)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestUnread(db: Kysely<Database>, userId: number, limit: number): Promise<MessageRow[]> {
  return visibleMessages(db, userId)
    .where('status', '=', MessageStatus.unread)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function listMessages(
  db: Kysely<Database>,
  userId: number,
  options: { page: number; pageSize: number; type?: number | undefined },
): Promise<{ count: number; rows: MessageRow[] }> {
  let query = visibleMessages(db, userId);
  if (options.type !== undefined) query = query.where('type', '=', options.type);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return { count: Number(total.n), rows };
}

/** Marks one of the user's messages read, or all when no id is given; returns how many changed. */
export async function markRead(db: Kysely<Database>, userId: number, id?: number): Promise<number> {
  let query = db
    .updateTable('messages')
    .set({ status: MessageStatus.read })
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .where('status', '=', MessageStatus.unread);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function isVisibleMessage(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  return !!(await visibleMessages(db, userId).where('id', '=', id).select('id').executeTakeFirst());
}

/** Soft-deletes one of the user's messages; false when it is not theirs or already gone. */
export async function softDelete(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ deleted: 1 })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
