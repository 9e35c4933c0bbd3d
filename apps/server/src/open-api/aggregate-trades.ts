import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Paging } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import { marketTradePage } from '../read-model/market-trade-reads.ts';
import { binanceErrors } from './binance-error.ts';
import type { QueryParams } from './query-params.ts';

/**
 * Binance's aggregate trades: the fills of one taker order at one price, in one piece. A taker order's fills get
 * consecutive trade ids (the core matches an order in one go), so an aggregate is a run of trades with consecutive
 * ids, the same taker order and the same price; its id is its first trade's id. The trades stream groups a
 * batch's trade events by the same rule, so REST and stream agree.
 */
export interface AggTrade {
  a: number;
  p: string;
  q: string;
  f: number;
  l: number;
  T: number;
  m: boolean;
  M: true;
}

export interface Fill {
  id: number;
  price: string;
  volume: string;
  takerOrderId: number;
  takerSide: 'BUY' | 'SELL';
  ts: number;
}

/** Folds fills (ascending ids) into aggregates. */
export function aggregate(fills: Iterable<Fill>): AggTrade[] {
  const out: AggTrade[] = [];
  let takerOrder = -1;
  for (const fill of fills) {
    const last = out[out.length - 1];
    if (last && takerOrder === fill.takerOrderId && last.p === fill.price && last.l + 1 === fill.id) {
      last.q = new Big(last.q).plus(fill.volume).toFixed();
      last.l = fill.id;
      continue;
    }
    takerOrder = fill.takerOrderId;
    out.push({
      a: fill.id,
      p: fill.price,
      q: fill.volume,
      f: fill.id,
      l: fill.id,
      T: fill.ts,
      m: fill.takerSide === 'SELL',
      M: true,
    });
  }
  return out;
}

export interface AggQuery {
  fromId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  limit: number;
}

/** The most trades a trades or aggTrades request may ask for. */
export const TRADES_MAX = 1000;

/** aggTrades' parameters (spot's and the futures families' alike): fromId, or a time window, and a limit. */
export function readAggQuery(q: QueryParams): AggQuery {
  const limit = q.integer('limit', { min: 1, max: TRADES_MAX, fallback: 500 }) as number;
  const fromId = q.integer('fromId', { min: 0 });
  const startTime = q.integer('startTime', { min: 0 });
  const endTime = q.integer('endTime', { min: 0 });
  q.done();
  if (fromId !== undefined && (startTime !== undefined || endTime !== undefined))
    throw binanceErrors.notRequired('fromId');
  return { fromId, startTime, endTime, limit };
}

const PAGE = 1000;

/**
 * GET /api/v3/aggTrades: from fromId or startTime forwards; else the most recent (up to endTime when sent).
 * Quantities keep the market's volume digits.
 */
export async function aggregateTrades(
  db: Kysely<Database>,
  symbol: string,
  volumeDigits: number,
  q: AggQuery,
): Promise<AggTrade[]> {
  const forwards = q.fromId !== undefined || q.startTime !== undefined;
  const from = q.fromId ?? 0;
  const fills: Fill[] = [];
  // Forwards from fromId, the trade before it is read too: it shows whether fromId continues an earlier aggregate
  // (which then is not returned: its id is below fromId).
  let paging: Paging = {
    order: forwards ? 'oldest' : 'newest',
    fromId: q.fromId === undefined ? undefined : Math.max(0, q.fromId - 1),
    startTime: q.startTime,
    endTime: q.endTime,
    limit: PAGE,
  };
  for (;;) {
    const rows = await marketTradePage(db, symbol, paging);
    for (const r of rows) {
      fills.push({
        id: Number(r.id),
        price: r.price,
        volume: r.volume,
        takerOrderId: Number(r.taker_order_id),
        takerSide: r.taker_side,
        ts: Number(r.created_at),
      });
    }
    const exhausted = rows.length < PAGE;
    const groups = aggregate(forwards ? fills : [...fills].reverse()).filter((g) => g.a >= from);
    // An aggregate is whole once a fill of the next has been read: so read on until limit + 1 have begun.
    if (exhausted || groups.length > q.limit) {
      const whole = groups.map((g) => ({ ...g, q: new Big(g.q).toFixed(volumeDigits) }));
      if (forwards) return whole.slice(0, q.limit);
      // Newest first was read: the oldest aggregate may go on in older trades, unless none are left.
      return (exhausted ? whole : whole.slice(1)).slice(-q.limit);
    }
    const last = fills[fills.length - 1] as Fill;
    paging = forwards ? { ...paging, fromId: last.id + 1 } : { ...paging, beforeId: last.id };
  }
}
