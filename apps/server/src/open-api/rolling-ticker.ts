import Big from 'big.js';
import type { MarketSpec } from '../core/market-spec.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { binanceSymbol } from './market-format.ts';

/**
 * GET /api/v3/ticker: price change statistics over a rolling window of `windowSize` (1m-59m, 1h-23h, 1d-7d;
 * default 1d). As on Binance the window opens on a minute (openTime) and closes now: prices and volumes come from
 * the one-minute candles inside it, trade ids and the count from the trades themselves.
 */
const MINUTE_MS = 60_000;
const WINDOW = /^(\d{1,2})([mhd])$/;
const UNITS = {
  m: { ms: MINUTE_MS, max: 59 },
  h: { ms: 60 * MINUTE_MS, max: 23 },
  d: { ms: 1440 * MINUTE_MS, max: 7 },
};

/** The window's length in ms; -1100 for anything Binance would not take. */
export function windowSizeMs(text: string | undefined): number {
  if (text === undefined) return UNITS.d.ms;
  const match = WINDOW.exec(text);
  const unit = match && UNITS[match[2] as keyof typeof UNITS];
  const count = match ? Number(match[1]) : 0;
  if (!unit || count < 1 || count > unit.max) throw binanceErrors.illegal('windowSize');
  return count * unit.ms;
}

export async function rollingTicker(services: Services, spec: MarketSpec, windowMs: number, full: boolean) {
  const now = services.clock.now();
  const openTime = Math.floor((now - windowMs) / MINUTE_MS) * MINUTE_MS;
  const minutes = windowMs / MINUTE_MS + 1;
  const [candles, trades] = await Promise.all([
    services.marketData.klineHistory(spec.symbol, '1min', undefined, minutes),
    services.database.db
      .selectFrom('trades')
      .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last'), eb.fn.countAll().as('count')])
      .where('symbol', '=', spec.symbol)
      .where('created_at', '>=', openTime)
      .executeTakeFirst(),
  ]);
  const inside = candles.filter((c) => c.id * 1000 >= openTime);
  const zeroPrice = new Big(0).toFixed(spec.pricePrecision);
  const first = inside[0];
  const last = inside[inside.length - 1];
  const open = new Big(first?.open ?? 0);
  const close = new Big(last?.close ?? 0);
  let high = new Big(first?.high ?? 0);
  let low = new Big(first?.low ?? 0);
  let volume = new Big(0);
  let quoteVolume = new Big(0);
  for (const c of inside) {
    if (high.lt(c.high)) high = new Big(c.high);
    if (low.gt(c.low)) low = new Big(c.low);
    volume = volume.plus(c.vol);
    quoteVolume = quoteVolume.plus(c.amount);
  }
  const count = Number(trades?.count ?? 0);
  const stats = {
    symbol: binanceSymbol(spec),
    openPrice: open.toFixed(spec.pricePrecision),
    highPrice: high.toFixed(spec.pricePrecision),
    lowPrice: low.toFixed(spec.pricePrecision),
    lastPrice: close.toFixed(spec.pricePrecision),
    volume: volume.toFixed(spec.volumePrecision),
    quoteVolume: quoteVolume.toFixed(spec.pricePrecision + spec.volumePrecision),
    openTime,
    closeTime: now,
    firstId: count > 0 ? Number(trades?.first) : -1,
    lastId: count > 0 ? Number(trades?.last) : -1,
    count,
  };
  if (!full) return stats;
  const { symbol, ...rest } = stats;
  return {
    symbol,
    priceChange: close.minus(open).toFixed(spec.pricePrecision),
    priceChangePercent: open.eq(0) ? '0.000' : close.minus(open).div(open).times(100).toFixed(3),
    weightedAvgPrice: volume.eq(0) ? zeroPrice : quoteVolume.div(volume).toFixed(spec.pricePrecision),
    ...rest,
  };
}
