import type { tradeItem, userTradeItem } from '@opex/contract/calls/trade';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { TradesTable } from '../db/tables/trading.ts';

/** A trade as the spec's trade lists show it: from the side of the order asked about, or of the user. */
export type CoinsOf = (symbol: string) => { base: string; quote: string } | undefined;

/** A trade of one order, with that order's fee. */
export function orderTradeOf(
  t: Selectable<TradesTable>,
  order: { side: string; fee_coin: string },
): z.input<typeof tradeItem> {
  return {
    ctime: t.created_at,
    price: t.price,
    volume: t.volume,
    deal_price: t.amount,
    fee: order.side === 'BUY' ? t.buyer_fee : t.seller_fee,
    feeCoin: (order.side === 'BUY' ? t.buyer_fee_coin : t.seller_fee_coin) || order.fee_coin,
  };
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
