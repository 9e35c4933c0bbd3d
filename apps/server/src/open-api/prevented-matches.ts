import Big from 'big.js';
import type { Kysely, Selectable } from 'kysely';
import type { MarketSpec } from '../core/market-spec.ts';
import type { Database } from '../db/schema.ts';
import type { PreventedMatchesTable } from '../db/tables/trading.ts';
import { binanceSymbol } from './market-format.ts';
import type { OrderRow } from './order-format.ts';

/**
 * Binance's prevented matches: the matches self-trade prevention stopped, as the trading core recorded them
 * (prevented_matches), and what an order self-trade prevention expired answers of them.
 */
type PreventedMatchRow = Selectable<PreventedMatchesTable>;

const expiredInMatch = (row: OrderRow) => row.closed_by_exchange === 2;

/** Of each order self-trade prevention expired, the match that expired it: the last one naming the order. */
export async function preventedMatchIds(db: Kysely<Database>, rows: readonly OrderRow[]): Promise<Map<number, number>> {
  const ids = rows.filter(expiredInMatch).map((row) => Number(row.id));
  const found = new Map<number, number>();
  if (ids.length === 0) return found;
  const matches = await db
    .selectFrom('prevented_matches')
    .select(['id', 'taker_order_id', 'maker_order_id'])
    .where((eb) => eb.or([eb('taker_order_id', 'in', ids), eb('maker_order_id', 'in', ids)]))
    .orderBy('id')
    .execute();
  for (const m of matches) {
    for (const orderId of [Number(m.taker_order_id), Number(m.maker_order_id)])
      if (ids.includes(orderId)) found.set(orderId, Number(m.id));
  }
  return found;
}

/**
 * preventedMatchId and preventedQuantity, which an order answers only when self-trade prevention expired it: the
 * quantity is the rest it expired with (a market buy by amount has no base quantity to give: 0).
 */
export function preventedFields(row: OrderRow, spec: MarketSpec, preventedMatchId: number | undefined) {
  if (!expiredInMatch(row) || preventedMatchId === undefined) return {};
  const byAmount = row.type === 2 && row.side === 'BUY' && row.by_quantity !== 1;
  const rest = byAmount ? new Big(0) : new Big(row.volume).minus(row.deal_volume);
  return { preventedMatchId, preventedQuantity: rest.toFixed(spec.volumePrecision) };
}

/**
 * The matches an order's self-trade prevention stopped as the taker, as a FULL order answer lists them: only an
 * order expired in match or one of mode EXPIRE_MAKER (which goes on matching) can have any, so others ask nothing.
 */
export async function takerPreventedMatches(db: Kysely<Database>, taker: OrderRow, spec: MarketSpec) {
  if (!expiredInMatch(taker) && taker.stp_mode !== 'EXPIRE_MAKER') return [];
  const rows = await db
    .selectFrom('prevented_matches')
    .selectAll()
    .where('taker_order_id', '=', Number(taker.id))
    .orderBy('id')
    .execute();
  return rows.map((m) => ({
    preventedMatchId: Number(m.id),
    makerOrderId: Number(m.maker_order_id),
    price: new Big(m.price).toFixed(spec.pricePrecision),
    makerPreventedQuantity: new Big(m.maker_prevented_qty).toFixed(spec.volumePrecision),
  }));
}

/** GET /api/v3/myPreventedMatches: one row. */
export function preventedMatchRow(m: PreventedMatchRow, spec: MarketSpec) {
  return {
    symbol: binanceSymbol(spec),
    preventedMatchId: Number(m.id),
    takerOrderId: Number(m.taker_order_id),
    makerSymbol: binanceSymbol(spec),
    makerOrderId: Number(m.maker_order_id),
    tradeGroupId: -1,
    selfTradePreventionMode: m.stp_mode,
    price: new Big(m.price).toFixed(spec.pricePrecision),
    makerPreventedQuantity: new Big(m.maker_prevented_qty).toFixed(spec.volumePrecision),
    transactTime: Number(m.created_at),
  };
}
