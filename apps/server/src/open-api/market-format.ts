import type { Candle, KlinePeriod } from '@opex/contract/realtime';
import Big from 'big.js';
import type { MarketSpec } from '../core/market-spec.ts';
import { amountDigits } from '../market-data/candle.ts';
import { WINDOW_MS } from '../market-data/ticker-window.ts';
import type { Services } from '../services.ts';
import type { DepthBook } from './depth-book.ts';

/**
 * Market data in Binance's shapes, shared by the REST routes and the streams: symbols (BTCUSDT for our btcusdt),
 * K-line intervals mapped onto the stored periods, K-line rows, trades and 24 h tickers. Every number that is money
 * is a decimal string, as Binance sends it.
 */
export const binanceSymbol = (spec: Pick<MarketSpec, 'symbol'>): string => spec.symbol.toUpperCase();

export const klineIntervals = {
  '1m': '1min',
  '5m': '5min',
  '15m': '15min',
  '30m': '30min',
  '1h': '60min',
  '4h': '4h',
  '1d': '1day',
  '1w': '1week',
  '1M': '1month',
} as const satisfies Record<string, KlinePeriod>;
export type KlineInterval = keyof typeof klineIntervals;

export const isKlineInterval = (value: string): value is KlineInterval => Object.hasOwn(klineIntervals, value);

export const intervalOfPeriod = (period: KlinePeriod): KlineInterval =>
  (Object.keys(klineIntervals) as KlineInterval[]).find((i) => klineIntervals[i] === period) as KlineInterval;

const fixedMs: Partial<Record<KlineInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
};

/** The last millisecond a candle opened at `openSec` covers (Binance's close time); months by the calendar. */
export function klineCloseTime(interval: KlineInterval, openSec: number): number {
  const open = openSec * 1000;
  const fixed = fixedMs[interval];
  if (fixed) return open + fixed - 1;
  const d = new Date(open);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1;
}

/**
 * Binance's K-line row. Trade counts and taker-buy volumes are not kept with our candles: they are sent as 0
 * (the OpenAPI document says so).
 */
export function klineRow(c: Candle, interval: KlineInterval): (number | string)[] {
  const t = c.id * 1000;
  return [t, c.open, c.high, c.low, c.close, c.vol, klineCloseTime(interval, c.id), c.amount, 0, '0', '0', '0'];
}

/** The `k` object of a kline stream event. */
export function klineStreamBody(symbol: string, interval: KlineInterval, c: Candle, closed: boolean) {
  return {
    t: c.id * 1000,
    T: klineCloseTime(interval, c.id),
    s: symbol,
    i: interval,
    f: -1,
    L: -1,
    o: c.open,
    c: c.close,
    h: c.high,
    l: c.low,
    v: c.vol,
    n: 0,
    x: closed,
    q: c.amount,
    V: '0',
    Q: '0',
    B: '0',
  };
}

export interface TradeRow {
  id: number;
  price: string;
  volume: string;
  amount: string;
  takerSide: 'BUY' | 'SELL';
  ts: number;
}

/** A trades-table row as the trade endpoints read it. */
export function tradeRow(r: {
  id: number;
  price: string;
  volume: string;
  amount: string;
  taker_side: 'BUY' | 'SELL';
  created_at: number;
}): TradeRow {
  return {
    id: Number(r.id),
    price: r.price,
    volume: r.volume,
    amount: r.amount,
    takerSide: r.taker_side,
    ts: Number(r.created_at),
  };
}

/** A trade as /trades and /historicalTrades answer it; the quote amount at the market's precision. */
export function binanceTrade(t: TradeRow, spec: MarketSpec) {
  return {
    id: t.id,
    price: t.price,
    qty: t.volume,
    quoteQty: quoteAmount(t.amount, spec),
    time: t.ts,
    isBuyerMaker: t.takerSide === 'SELL',
    isBestMatch: true,
  };
}

export const quoteAmount = (amount: string, spec: MarketSpec) =>
  new Big(amount).toFixed(amountDigits({ price: spec.pricePrecision, volume: spec.volumePrecision }));

/** GET /api/v3/ticker/24hr for one market: the rolling 24 h window, the last trade and the best bid and ask. */
export function ticker24hr(services: Services, depth: DepthBook, spec: MarketSpec) {
  const now = services.clock.now();
  const zeroPrice = new Big(0).toFixed(spec.pricePrecision);
  const zeroVolume = new Big(0).toFixed(spec.volumePrecision);
  const t = services.marketData.ticker(spec.symbol);
  const trades = services.marketData.tickerTrades(spec.symbol);
  const last = services.marketData.recentTrades(spec.symbol, 1)[0];
  const top = depth.snapshot(spec.symbol, 1);
  const open = new Big(t?.open ?? 0);
  const close = new Big(t?.close ?? 0);
  const vol = new Big(t?.vol ?? 0);
  return {
    symbol: binanceSymbol(spec),
    priceChange: close.minus(open).toFixed(spec.pricePrecision),
    priceChangePercent: open.eq(0) ? '0.000' : close.minus(open).div(open).times(100).toFixed(3),
    weightedAvgPrice: vol.eq(0) ? zeroPrice : new Big(t?.amount ?? 0).div(vol).toFixed(spec.pricePrecision),
    // The window opens at the last price before it: what Binance calls the previous close.
    prevClosePrice: t?.open ?? zeroPrice,
    lastPrice: t?.close ?? zeroPrice,
    lastQty: last?.vol ?? zeroVolume,
    bidPrice: top.bids[0]?.[0] ?? zeroPrice,
    bidQty: top.bids[0]?.[1] ?? zeroVolume,
    askPrice: top.asks[0]?.[0] ?? zeroPrice,
    askQty: top.asks[0]?.[1] ?? zeroVolume,
    openPrice: t?.open ?? zeroPrice,
    highPrice: t?.high ?? zeroPrice,
    lowPrice: t?.low ?? zeroPrice,
    volume: t?.vol ?? zeroVolume,
    quoteVolume: t?.amount ?? new Big(0).toFixed(spec.pricePrecision + spec.volumePrecision),
    openTime: now - WINDOW_MS,
    closeTime: now,
    firstId: trades?.firstId ?? -1,
    lastId: trades?.lastId ?? -1,
    count: trades?.count ?? 0,
  };
}
export type Ticker24hr = ReturnType<typeof ticker24hr>;

/** GET /api/v3/ticker/24hr?type=MINI: the ticker without changes, averages and the book. */
export function miniTicker(t: Ticker24hr) {
  const { symbol, openPrice, highPrice, lowPrice, lastPrice, volume, quoteVolume } = t;
  const { openTime, closeTime, firstId, lastId, count } = t;
  return {
    symbol,
    openPrice,
    highPrice,
    lowPrice,
    lastPrice,
    volume,
    quoteVolume,
    openTime,
    closeTime,
    firstId,
    lastId,
    count,
  };
}

/** The same ticker as the `<symbol>@ticker` stream sends it. */
export function tickerStreamEvent(t: Ticker24hr, eventTime: number) {
  return {
    e: '24hrTicker',
    E: eventTime,
    s: t.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    w: t.weightedAvgPrice,
    x: t.prevClosePrice,
    c: t.lastPrice,
    Q: t.lastQty,
    b: t.bidPrice,
    B: t.bidQty,
    a: t.askPrice,
    A: t.askQty,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
    O: t.openTime,
    C: t.closeTime,
    F: t.firstId,
    L: t.lastId,
    n: t.count,
  };
}

export function miniTickerStreamEvent(t: Ticker24hr, eventTime: number) {
  return {
    e: '24hrMiniTicker',
    E: eventTime,
    s: t.symbol,
    c: t.lastPrice,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
  };
}
