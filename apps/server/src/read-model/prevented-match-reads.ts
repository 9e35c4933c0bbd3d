import type { Kysely } from 'kysely';
import { type Paging, readPage } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { AccountRef } from './account-ref.ts';

/** Reads of the matches self-trade prevention stopped (both orders of one are the account's own). */
export interface PreventedMatchFilter {
  symbol: string;
  id?: number | undefined;
  /** Matches this order took part in, as taker or maker. */
  orderId?: number | undefined;
}

export function preventedMatchPage(
  db: Kysely<Database>,
  account: AccountRef,
  filter: PreventedMatchFilter,
  paging: Paging,
) {
  const { id, orderId } = filter;
  let query = db
    .selectFrom('prevented_matches')
    .where('user_id', '=', account.userId)
    .where('symbol', '=', filter.symbol);
  if (id !== undefined) query = query.where('id', '=', id);
  if (orderId !== undefined)
    query = query.where((eb) => eb.or([eb('taker_order_id', '=', orderId), eb('maker_order_id', '=', orderId)]));
  return readPage(query, paging);
}

/** The prevented matches that name any of these orders, in id order (the orders may be of several users). */
export const matchesOfOrders = (db: Kysely<Database>, orderIds: number[]) =>
  db
    .selectFrom('prevented_matches')
    .select(['id', 'taker_order_id', 'maker_order_id'])
    .where((eb) => eb.or([eb('taker_order_id', 'in', orderIds), eb('maker_order_id', 'in', orderIds)]))
    .orderBy('id')
    .execute();

/** The matches an order stopped as the taker, in order. */
export const matchesStoppedByTaker = (db: Kysely<Database>, takerOrderId: number) =>
  db.selectFrom('prevented_matches').selectAll().where('taker_order_id', '=', takerOrderId).orderBy('id').execute();
