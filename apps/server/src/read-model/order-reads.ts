import { OrderStatus, openOrderStatuses } from '@opex/contract/calls/order';
import type { Kysely, Selectable } from 'kysely';
import { countedPage, type Paging, readPage } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { OrdersTable } from '../db/tables/trading.ts';
import type { AccountRef } from './account-ref.ts';

/**
 * Reads of an account's orders from what the trading core committed, for both API doors: the spec's order calls
 * and Binance's. The doors shape the rows; the rows and their filters are chosen here.
 */
export type OrderRow = Selectable<OrdersTable>;

/**
 * Which orders a list holds: 'open' (still working or waiting for a trigger), 'history' (ended), 'all', or
 * 'placed' (all but the rejected, which on Binance's door never existed).
 */
export type OrderScope = 'open' | 'history' | 'all' | 'placed';

export interface OrderFilter {
  scope: OrderScope;
  symbol?: string | undefined;
  side?: 'BUY' | 'SELL' | undefined;
  /** 1 limit, 2 market. */
  type?: number | undefined;
  /** Leaves out orders cancelled with nothing filled (lever/order/history's isShowCanceled 0; deal_money is exact text). */
  hideEmptyCancels?: boolean | undefined;
}

const historyStatuses = [OrderStatus.filled, OrderStatus.cancelled, OrderStatus.rejected, OrderStatus.expired];

/** Each order names the account it trades on: spot's the exchange account, margin's its own. */
const accountOrders = (db: Kysely<Database>, account: AccountRef) =>
  db.selectFrom('orders').where('user_id', '=', account.userId).where('account', '=', account.type);

function filtered(db: Kysely<Database>, account: AccountRef, filter: OrderFilter) {
  let query = accountOrders(db, account);
  if (filter.scope === 'open') query = query.where('status', 'in', [...openOrderStatuses]);
  if (filter.scope === 'history') query = query.where('status', 'in', historyStatuses);
  if (filter.scope === 'placed') query = query.where('status', '!=', OrderStatus.rejected);
  if (filter.symbol) query = query.where('symbol', '=', filter.symbol);
  if (filter.side) query = query.where('side', '=', filter.side);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.hideEmptyCancels)
    query = query.where((eb) => eb.or([eb('status', '!=', OrderStatus.cancelled), eb('deal_money', '!=', '0')]));
  return query;
}

export const orderPage = (db: Kysely<Database>, account: AccountRef, filter: OrderFilter, paging: Paging) =>
  readPage(filtered(db, account, filter), paging);

/** A page of the account's orders and how many the filter finds. */
export const countedOrderPage = (db: Kysely<Database>, account: AccountRef, filter: OrderFilter, paging: Paging) =>
  countedPage(filtered(db, account, filter), paging);

/** One of the account's orders, whatever its status. */
export const findOrder = (db: Kysely<Database>, account: AccountRef, orderId: number) =>
  accountOrders(db, account).selectAll().where('id', '=', orderId).executeTakeFirst();

/** An order the core has just answered for: it is committed, so its absence is a fault. */
export const committedOrder = (db: Kysely<Database>, account: AccountRef, orderId: number) =>
  accountOrders(db, account).selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

/** The account's orders of these ids, in id order. */
export const ordersByIds = (db: Kysely<Database>, account: AccountRef, ids: readonly number[]) =>
  accountOrders(db, account).selectAll().where('id', 'in', ids).orderBy('id').execute();

/**
 * A placed (not rejected) order of the account in one market: by its id, by its client order id, or by the id of
 * an order that was placed without a client order id.
 */
export type PlacedOrderKey = { id: number } | { clientOrderId: string } | { idWithoutClientId: number };

export function findPlacedOrder(db: Kysely<Database>, account: AccountRef, symbol: string, key: PlacedOrderKey) {
  let query = filtered(db, account, { scope: 'placed', symbol }).selectAll();
  if ('id' in key) query = query.where('id', '=', key.id);
  else if ('clientOrderId' in key) query = query.where('client_order_id', '=', key.clientOrderId);
  else query = query.where('id', '=', key.idWithoutClientId).where('client_order_id', 'is', null);
  return query.executeTakeFirst();
}
