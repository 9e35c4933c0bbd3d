import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import type { MarketSpec } from '../core/market-spec.ts';
import { binancePaging } from '../db/paging.ts';
import { candleStart } from '../market-data/kline-periods.ts';
import { marketTradePage } from '../read-model/market-trade-reads.ts';
import type { Services } from '../services.ts';
import { aggregateTrades, readAggQuery, TRADES_MAX } from './aggregate-trades.ts';
import { binanceErrors } from './binance-error.ts';
import type { DepthBook } from './depth-book.ts';
import { futuresExchangeInfo } from './futures-info.ts';
import {
  type FuturesFamily,
  type FuturesMarket,
  findFuturesMarket,
  futuresMarkets,
  priceOf,
  quantityOf,
} from './futures-markets.ts';
import { baseQtyOf, baseVolumes, candleVolumes, quoteVolumeOf } from './futures-volume.ts';
import { checkTimeZone, klinesBetween, readKlineQuery } from './kline-query.ts';
import { klineCloseTime, klineIntervals, type TradeRow, ticker24hr, tradeRow } from './market-format.ts';
import { registerPingAndTime, respond } from './market-routes.ts';
import { QueryParams } from './query-params.ts';

/**
 * The futures families' public market data (`/fapi/v1/...` for linear contracts, `/dapi/v1/...` for inverse ones)
 * in Binance's shapes: depth, trades, K-lines and tickers of the contracts' books, quantities in the family's unit
 * (futures-markets.ts). The depth book is the futures streams' too, so update ids agree.
 */
type Query = Record<string, string | string[] | undefined>;

const DEPTH_MAX = 1000;
const KLINES_MAX = 1500;

export interface FuturesDeps {
  services: Services;
  family: FuturesFamily;
  depth: DepthBook;
}

/** The contract's book spec, or -1121 while the core has not loaded it. */
export function bookSpec(services: Services, m: FuturesMarket): MarketSpec {
  const spec = services.core.market(m.book);
  if (!spec) throw binanceErrors.badSymbol();
  return spec;
}

/**
 * The markets a ticker-like endpoint answers for: one with `symbol` (an object on /fapi), else all (/dapi also takes
 * `pair`; it answers with arrays always).
 */
export async function selectFutures(
  services: Services,
  family: FuturesFamily,
  q: QueryParams,
): Promise<{ one: boolean; markets: FuturesMarket[] }> {
  const symbol = q.optional('symbol');
  const pair = family === 'dapi' ? q.optional('pair') : undefined;
  if (symbol !== undefined && pair !== undefined) throw binanceErrors.notRequired('pair');
  if (symbol !== undefined)
    return { one: family === 'fapi', markets: [await findFuturesMarket(services, family, symbol)] };
  const all = await futuresMarkets(services, family);
  if (pair === undefined) return { one: false, markets: all };
  const markets = all.filter((m) => m.pair === pair.toUpperCase());
  if (markets.length === 0) throw binanceErrors.badSymbol();
  return { one: false, markets };
}

export function registerFuturesMarketRoutes(scope: FastifyInstance, { services, family, depth }: FuturesDeps): void {
  const { db } = services.database;
  const market = (q: QueryParams) => findFuturesMarket(services, family, q.required('symbol'));
  const dapi = family === 'dapi';

  registerPingAndTime(scope, services, '/v1');

  scope.get('/v1/exchangeInfo', async (request) => {
    new QueryParams(request.query as Query).done();
    return futuresExchangeInfo(services, family);
  });

  scope.get('/v1/depth', async (request) => {
    const q = new QueryParams(request.query as Query);
    const m = await market(q);
    const limit = q.integer('limit', { min: 1, max: DEPTH_MAX, fallback: 500 }) as number;
    q.done();
    const { lastUpdateId, bids, asks } = depth.snapshot(m.book, limit);
    const now = services.clock.now();
    return {
      lastUpdateId,
      E: now,
      T: now,
      ...(dapi ? { symbol: m.symbol, pair: m.pair } : {}),
      bids,
      asks,
    };
  });

  const trade = (m: FuturesMarket, t: TradeRow) => ({
    id: t.id,
    price: t.price,
    qty: quantityOf(m, t.volume),
    ...(dapi ? { baseQty: baseQtyOf(m, t.volume, t.price) } : { quoteQty: quoteVolumeOf(m, t.amount) }),
    time: t.ts,
    isBuyerMaker: t.takerSide === 'SELL',
  });
  const trades = async (request: { query: unknown }, historical: boolean) => {
    const q = new QueryParams(request.query as Query);
    const m = await market(q);
    const limit = q.integer('limit', { min: 1, max: TRADES_MAX, fallback: 500 }) as number;
    const fromId = historical ? q.integer('fromId', { min: 0 }) : undefined;
    q.done();
    const rows = await marketTradePage(db, m.book, binancePaging({ fromId, limit }));
    return rows.map(tradeRow).map((t) => trade(m, t));
  };
  scope.get('/v1/trades', (request) => trades(request, false));
  scope.get('/v1/historicalTrades', (request) => trades(request, true));

  scope.get('/v1/aggTrades', async (request) => {
    const q = new QueryParams(request.query as Query);
    const m = await market(q);
    const aggs = await aggregateTrades(db, m.book, 0, readAggQuery(q));
    // Binance's futures aggregates have no M (best match).
    return aggs.map(({ M: _best, ...a }) => ({ ...a, q: quantityOf(m, a.q) }));
  });

  /** K-line rows of the contract's book: volume in the family's unit, then quote (fapi) or base (dapi) volume. */
  const klines = async (m: FuturesMarket, q: QueryParams) => {
    const k = readKlineQuery(q, KLINES_MAX);
    checkTimeZone(q.optional('timeZone'));
    q.done();
    const candles = await klinesBetween(services, m.book, k);
    const first = candles[0];
    const last = candles.at(-1);
    const period = klineIntervals[k.interval];
    const base =
      dapi && first && last
        ? await baseVolumes(services, m, first.id * 1000, klineCloseTime(k.interval, last.id) + 1, (ts) =>
            candleStart(period, ts),
          )
        : new Map<number, Big>();
    return candles.map((c) => {
      const [volume, second] = candleVolumes(m, c, base.get(c.id));
      return [
        c.id * 1000,
        c.open,
        c.high,
        c.low,
        c.close,
        volume,
        klineCloseTime(k.interval, c.id),
        second,
        0,
        '0',
        '0',
        '0',
      ];
    });
  };

  scope.get('/v1/klines', async (request) => {
    const q = new QueryParams(request.query as Query);
    return klines(await market(q), q);
  });

  // A pair's contract of a type (PERPETUAL, CURRENT_QUARTER...): the same candles as its symbol's.
  scope.get('/v1/continuousKlines', async (request) => {
    const q = new QueryParams(request.query as Query);
    const pair = q.required('pair').toUpperCase();
    const contractType = q.required('contractType');
    const m = (await futuresMarkets(services, family)).find((x) => x.pair === pair && x.contractType === contractType);
    if (!m) throw binanceErrors.badSymbol();
    return klines(m, q);
  });

  scope.get('/v1/ticker/24hr', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { one, markets } = await selectFutures(services, family, q);
    q.done();
    const rows = await Promise.all(markets.map((m) => futuresTicker(services, depth, m)));
    return respond(one, rows);
  });

  const lastPrices = async (request: { query: unknown }) => {
    const q = new QueryParams(request.query as Query);
    const { one, markets } = await selectFutures(services, family, q);
    q.done();
    const time = services.clock.now();
    const rows = markets.map((m) => ({
      symbol: m.symbol,
      ...(dapi ? { ps: m.pair } : {}),
      price: services.marketData.recentTrades(m.book, 1)[0]?.price ?? priceOf(m, 0),
      time,
    }));
    return respond(one, rows);
  };
  scope.get('/v1/ticker/price', lastPrices);
  if (!dapi) scope.get('/v2/ticker/price', lastPrices);

  scope.get('/v1/ticker/bookTicker', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { one, markets } = await selectFutures(services, family, q);
    q.done();
    const time = services.clock.now();
    const rows = markets.map((m) => {
      const top = depth.snapshot(m.book, 1);
      return {
        symbol: m.symbol,
        ...(dapi ? { pair: m.pair } : {}),
        bidPrice: top.bids[0]?.[0] ?? priceOf(m, 0),
        bidQty: top.bids[0]?.[1] ?? quantityOf(m, 0),
        askPrice: top.asks[0]?.[0] ?? priceOf(m, 0),
        askQty: top.asks[0]?.[1] ?? quantityOf(m, 0),
        time,
      };
    });
    return respond(one, rows);
  });
}

/** A contract's rolling 24 h ticker in its family's shape. */
export async function futuresTicker(services: Services, depth: DepthBook, m: FuturesMarket) {
  const t = ticker24hr(services, depth, bookSpec(services, m));
  const ticker = {
    symbol: m.symbol,
    ...(m.family === 'dapi' ? { pair: m.pair } : {}),
    priceChange: t.priceChange,
    priceChangePercent: t.priceChangePercent,
    weightedAvgPrice: t.weightedAvgPrice,
    lastPrice: t.lastPrice,
    lastQty: quantityOf(m, t.lastQty),
    openPrice: t.openPrice,
    highPrice: t.highPrice,
    lowPrice: t.lowPrice,
    volume: quantityOf(m, t.volume),
  };
  const second =
    m.family === 'fapi'
      ? { quoteVolume: quoteVolumeOf(m, t.quoteVolume) }
      : {
          baseVolume: (
            (await baseVolumes(services, m, t.openTime, t.closeTime + 1, () => 0)).get(0) ?? new Big(0)
          ).toFixed(8),
        };
  const { openTime, closeTime, firstId, lastId, count } = t;
  return { ...ticker, ...second, openTime, closeTime, firstId, lastId, count };
}
