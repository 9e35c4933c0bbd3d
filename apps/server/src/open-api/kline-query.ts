import type { Candle } from '@opex/contract/realtime';
import { candleStart } from '../market-data/kline-periods.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { isKlineInterval, type KlineInterval, klineCloseTime, klineIntervals } from './market-format.ts';
import type { QueryParams } from './query-params.ts';

/** The K-line endpoints' parameters (spot's and the futures families' alike) and the candles they select. */
const KLINES_MAX = 1000;

export interface KlineQuery {
  interval: KlineInterval;
  startTime: number | undefined;
  endTime: number | undefined;
  limit: number;
}

/** interval, startTime, endTime and limit (up to `max`) as Binance reads them; -1120 for an unknown interval. */
export function readKlineQuery(q: QueryParams, max = KLINES_MAX): KlineQuery {
  const interval = q.required('interval');
  if (!isKlineInterval(interval)) throw new BinanceError(BinanceCode.badInterval, 'Invalid interval.');
  const startTime = q.integer('startTime', { min: 0 });
  const endTime = q.integer('endTime', { min: 0 });
  const limit = q.integer('limit', { min: 1, max, fallback: 500 }) as number;
  if (startTime !== undefined && endTime !== undefined && startTime > endTime)
    throw new BinanceError(BinanceCode.invalidParameter, 'startTime cannot be after endTime.');
  return { interval, startTime, endTime, limit };
}

/** Candles are cut at UTC boundaries only: a timeZone other than UTC is refused. */
export function checkTimeZone(timeZone: string | undefined): void {
  if (timeZone !== undefined && !/^[+-]?0{1,2}(:00)?$/.test(timeZone)) throw binanceErrors.illegal('timeZone');
}

/** The open (epoch seconds) of the candle after the one opened at `openSec`. */
export const nextOpen = (interval: KlineInterval, openSec: number) => (klineCloseTime(interval, openSec) + 1) / 1000;

/**
 * A book's candles opening within [startTime, endTime], the first `limit` of them when startTime is sent, else the
 * last. The store reads "the newest n before a time", so a start is turned into the open of the n-th candle after it.
 */
export async function klinesBetween(services: Services, symbol: string, k: KlineQuery): Promise<Candle[]> {
  const period = klineIntervals[k.interval];
  let before = k.endTime === undefined ? undefined : Math.floor(k.endTime / 1000) + 1;
  let first: number | undefined;
  if (k.startTime !== undefined) {
    first = candleStart(period, k.startTime);
    if (first * 1000 < k.startTime) first = nextOpen(k.interval, first);
    let bound = first;
    for (let i = 0; i < k.limit; i++) bound = nextOpen(k.interval, bound);
    before = before === undefined ? bound : Math.min(before, bound);
  }
  const candles = await services.marketData.klineHistory(symbol, period, before, k.limit);
  return first === undefined ? candles : candles.filter((c) => c.id >= (first as number));
}
