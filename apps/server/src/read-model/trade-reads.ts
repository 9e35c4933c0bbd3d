import type { Kysely, Selectable } from 'kysely';
import { countedPage, type Paging, readPage } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { TradesTable } from '../db/tables/trading.ts';
import type { AccountRef } from './account-ref.ts';

/**
 * Reads of the trades an account took part in (as maker, taker or both), from what the trading core committed, for
 * both API doors. Each door shows a trade from the account's side itself.
 */
export type TradeRow = Selectable<TradesTable>;

export interface TradeFilter {
  symbol?: string | undefined;
  /** Only the trades of this order of the account. */
  orderId?: number | undefined;
}

/**
 * Trades record their two users and orders; the account a side traded on is its order's (a user's spot and margin
 * trades in one market stay apart).
 */
const accountTrades = (db: Kysely<Database>, account: AccountRef) => {
  const ordersOfAccount = db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', account.userId)
    .where('account', '=', account.type);
  return db
    .selectFrom('trades')
    .where((eb) =>
      eb.or([
        eb.and([eb('maker_user_id', '=', account.userId), eb('maker_order_id', 'in', ordersOfAccount)]),
        eb.and([eb('taker_user_id', '=', account.userId), eb('taker_order_id', 'in', ordersOfAccount)]),
      ]),
    );
};

function filtered(db: Kysely<Database>, account: AccountRef, filter: TradeFilter) {
  let query = accountTrades(db, account);
  const { symbol, orderId } = filter;
  if (symbol) query = query.where('symbol', '=', symbol);
  if (orderId !== undefined)
    query = query.where((eb) => eb.or([eb('maker_order_id', '=', orderId), eb('taker_order_id', '=', orderId)]));
  return query;
}

export const tradePage = (db: Kysely<Database>, account: AccountRef, filter: TradeFilter, paging: Paging) =>
  readPage(filtered(db, account, filter), paging);

/** A page of the account's trades and how many the filter finds. */
export const countedTradePage = (db: Kysely<Database>, account: AccountRef, filter: TradeFilter, paging: Paging) =>
  countedPage(filtered(db, account, filter), paging);

/** The fills an order of the account took as the taker, in order. */
export const takerFills = (db: Kysely<Database>, account: AccountRef, orderId: number) =>
  db
    .selectFrom('trades')
    .selectAll()
    .where('taker_user_id', '=', account.userId)
    .where('taker_order_id', '=', orderId)
    .orderBy('id')
    .execute();
