import type { tradeItem, userTradeItem } from '@opex/contract/calls/trade';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { TradesTable } from '../../db/tables/trading.ts';

/** Reads of a user's trades: committed state, seen from the user's side of each trade. */
export interface TradeFilter {
  symbol?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

export type CoinsOf = (symbol: string) => { base: string; quote: string } | undefined;

export async function tradesOfOrder(
  db: Kysely<Database>,
  order: { id: number; side: string; fee_coin: string },
  limit: number,
) {
  const query = db
    .selectFrom('trades')
    .where((eb) => eb.or([eb('maker_order_id', '=', order.id), eb('taker_order_id', '=', order.id)]));
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query.selectAll().orderBy('id').limit(limit).execute(),
  ]);
  const tradeList: z.input<typeof tradeItem>[] = rows.map((t) => ({
    ctime: t.created_at,
    price: t.price,
    volume: t.volume,
    deal_price: t.amount,
    fee: order.side === 'BUY' ? t.buyer_fee : t.seller_fee,
    feeCoin: (order.side === 'BUY' ? t.buyer_fee_coin : t.seller_fee_coin) || order.fee_coin,
  }));
  return { count: Number(total?.n ?? 0), tradeList };
}

export async function tradesOfUser(
  db: Kysely<Database>,
  userId: number,
  filter: TradeFilter,
  page: { offset: number; limit: number },
) {
  let query = db
    .selectFrom('trades')
    .where((eb) => eb.or([eb('maker_user_id', '=', userId), eb('taker_user_id', '=', userId)]));
  if (filter.symbol) query = query.where('symbol', '=', filter.symbol);
  if (filter.startTime !== undefined) query = query.where('created_at', '>=', filter.startTime);
  if (filter.endTime !== undefined) query = query.where('created_at', '<=', filter.endTime);
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(total?.n ?? 0), rows };
}

/** A trade from one user's side: a self-trade is shown as its taker side. */
export function userTradeOf(
  t: Selectable<TradesTable>,
  userId: number,
  coinsOf: CoinsOf,
): z.input<typeof userTradeItem> {
  const taker = t.taker_user_id === userId;
  const side = taker ? t.taker_side : t.taker_side === 'BUY' ? 'SELL' : 'BUY';
  const coins = coinsOf(t.symbol);
  return {
    id: t.id,
    order_id: taker ? t.taker_order_id : t.maker_order_id,
    symbol: t.symbol,
    side,
    role: taker ? 'taker' : 'maker',
    ctime: t.created_at,
    price: t.price,
    volume: t.volume,
    deal_price: t.amount,
    fee: side === 'BUY' ? t.buyer_fee : t.seller_fee,
    // The coin it was charged in (the platform coin when the user pays fees in it); old rows leave it ''.
    feeCoin:
      (side === 'BUY' ? t.buyer_fee_coin : t.seller_fee_coin) || ((side === 'BUY' ? coins?.base : coins?.quote) ?? ''),
  };
}
