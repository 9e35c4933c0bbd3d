import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { MarketSpec } from '../core/market-spec.ts';
import { binancePaging, EVERY_ROW_OLDEST_FIRST } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import { type AccountRef, exchangeAccount } from '../read-model/account-ref.ts';
import { orderPage, ordersByIds } from '../read-model/order-reads.ts';
import { preventedMatchPage } from '../read-model/prevented-match-reads.ts';
import { type TradeRow, tradePage } from '../read-model/trade-reads.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError } from './binance-error.ts';
import { type OrderVenue, orderActions, spotVenue } from './order-actions.ts';
import { binanceOrder, myTradeRows } from './order-format.ts';
import { preventedMatchIds, preventedMatchRow } from './prevented-matches.ts';
import type { QueryParams } from './query-params.ts';
import { type Permission, verifySigned } from './signed-request.ts';

/**
 * The signed lists of the caller's orders, prevented matches and trades, read through the read model (the same
 * reads as the web app's order and trade lists) and shaped as Binance's.
 */
const LIST_MAX = 1000;
const LIST_DEFAULT = 500;

export function registerOpenApiOrderListRoutes(scope: FastifyInstance, services: Services): void {
  const { db } = services.database;
  const signed = (request: FastifyRequest, permission: Permission) => verifySigned(services, request, permission);
  const { market } = orderActions(services);
  const lists = orderLists(services);

  scope.get('/openOrders', async (request) => {
    const { userId, params } = await signed(request, 'read');
    return lists.openOrders(userId, params);
  });

  scope.get('/allOrders', async (request) => {
    const { userId, params } = await signed(request, 'read');
    return lists.allOrders(userId, params);
  });

  // Binance's combinations: symbol with preventedMatchId, or with orderId (from fromPreventedMatchId, up to limit).
  scope.get('/myPreventedMatches', async (request) => {
    const { userId, params } = await signed(request, 'read');
    const spec = await market(params);
    const matchId = params.integer('preventedMatchId', { min: 0 });
    const orderId = params.integer('orderId', { min: 0 });
    const fromId = params.integer('fromPreventedMatchId', { min: 0 });
    const limit = params.integer('limit', { min: 1, max: LIST_MAX, fallback: LIST_DEFAULT }) as number;
    params.done();
    if (matchId === undefined && orderId === undefined)
      throw new BinanceError(
        BinanceCode.mandatoryParam,
        "Param 'preventedMatchId' or 'orderId' must be sent, but both were empty/null!",
      );
    const filter = { symbol: spec.symbol, id: matchId, orderId };
    const rows = await preventedMatchPage(db, exchangeAccount(userId), filter, { order: 'oldest', fromId, limit });
    return rows.map((m) => preventedMatchRow(m, spec));
  });

  scope.get('/myTrades', async (request) => {
    const { userId, params } = await signed(request, 'read');
    return lists.myTrades(userId, params);
  });
}

/** The lists of a venue's orders and trades (spot's here, the margin account's in margin-order-routes.ts). */
export function orderLists(services: Services, venue: OrderVenue = spotVenue(services)) {
  const { db } = services.database;
  const { market, marketOf } = orderActions(services, venue);

  /** GET openOrders: in one market, or (spot) in all. */
  const openOrders = async (userId: number, params: QueryParams) => {
    const symbol = params.optional('symbol');
    let spec: MarketSpec | undefined;
    if (symbol !== undefined) spec = await market(params);
    params.done();
    const filter = { scope: 'open', symbol: spec?.symbol } as const;
    const rows = await orderPage(db, venue.account(userId, spec ?? null), filter, EVERY_ROW_OLDEST_FIRST);
    const specs = spec ? new Map([[spec.symbol, spec]]) : await marketOf();
    return rows.flatMap((row) => {
      const s = specs.get(row.symbol);
      return s ? [binanceOrder(row, s)] : [];
    });
  };

  const allOrders = async (userId: number, params: QueryParams) => {
    const spec = await market(params);
    const window = listWindow(params, 'orderId');
    params.done();
    checkSpan(window);
    const filter = { scope: 'placed', symbol: spec.symbol } as const;
    const rows = await orderPage(db, venue.account(userId, spec), filter, binancePaging(window));
    const prevented = await preventedMatchIds(db, rows);
    return rows.map((row) => binanceOrder(row, spec, prevented.get(Number(row.id))));
  };

  const myTrades = async (userId: number, params: QueryParams) => {
    const spec = await market(params);
    const orderId = params.integer('orderId', { min: 0 });
    const window = listWindow(params, 'fromId');
    params.done();
    if (window.fromId !== undefined && (window.startTime !== undefined || window.endTime !== undefined))
      throw new BinanceError(BinanceCode.invalidParameter, 'fromId cannot be sent with startTime or endTime.');
    checkSpan(window);
    const filter = { symbol: spec.symbol, orderId };
    const account = venue.account(userId, spec);
    const trades = await tradePage(db, account, filter, binancePaging(window));
    const { limit } = window;
    const rows = trades.flatMap((t) => myTradeRows(t, userId, spec));
    // A trade between two of the caller's own orders gives two rows; only the ones of that order when asked, and
    // only the sides of this account's orders (the caller's spot order may have traded with their margin order).
    const own = await accountSides(db, account, trades, userId);
    const mine = rows.filter((r) => own(r.orderId));
    return orderId === undefined ? mine.slice(-limit) : mine.filter((r) => r.orderId === orderId);
  };

  return { openOrders, allOrders, myTrades };
}

/**
 * Which of the caller's order ids in these trades trade on the account: every one, unless a trade is between two of
 * the caller's own orders (then its orders are looked up, as they may be on two accounts).
 */
async function accountSides(db: Kysely<Database>, account: AccountRef, trades: TradeRow[], userId: number) {
  const both = trades.filter((t) => Number(t.maker_user_id) === userId && Number(t.taker_user_id) === userId);
  if (both.length === 0) return () => true;
  const ids = both.flatMap((t) => [Number(t.maker_order_id), Number(t.taker_order_id)]);
  const onAccount = new Set((await ordersByIds(db, account, ids)).map((o) => Number(o.id)));
  const checked = new Set(ids);
  return (orderId: number) => !checked.has(orderId) || onAccount.has(orderId);
}

/**
 * allOrders' and myTrades' window: from an id (under the endpoint's name for it) or a start time, the first `limit`
 * from there; otherwise the most recent `limit` (up to endTime).
 */
function listWindow(params: QueryParams, fromIdName: string) {
  return {
    fromId: params.integer(fromIdName, { min: 0 }),
    startTime: params.integer('startTime', { min: 0 }),
    endTime: params.integer('endTime', { min: 0 }),
    limit: params.integer('limit', { min: 1, max: LIST_MAX, fallback: LIST_DEFAULT }) as number,
  };
}

function checkSpan({ startTime, endTime }: { startTime?: number | undefined; endTime?: number | undefined }) {
  if (startTime !== undefined && endTime !== undefined && endTime - startTime > 24 * 3_600_000)
    throw new BinanceError(BinanceCode.invalidParameter, 'More than 24 hours between startTime and endTime.');
}
