import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import type { MarketSpec } from '../core/market-spec.ts';
import { binancePaging } from '../db/paging.ts';
import { marketTradePage } from '../read-model/market-trade-reads.ts';
import type { Services } from '../services.ts';
import { aggregateTrades, readAggQuery, TRADES_MAX } from './aggregate-trades.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { DepthBook, MAX_DEPTH_LEVELS } from './depth-book.ts';
import { exchangeInfo, findMarket, selectMarkets } from './exchange-info.ts';
import { checkTimeZone, klinesBetween, readKlineQuery } from './kline-query.ts';
import { binanceSymbol, binanceTrade, klineRow, miniTicker, ticker24hr, tradeRow } from './market-format.ts';
import { registerOpenApiDocument } from './openapi-document.ts';
import { QueryParams } from './query-params.ts';
import { rollingTicker, windowSizeMs } from './rolling-ticker.ts';
import { registerOpenApiStreams } from './streams.ts';
import type { StreamDeps } from './user-stream.ts';

/** A symbol's one row, or every symbol's rows when none was named (Binance's ticker and price replies). */
export const respond = <T>(one: boolean, rows: T[]) => (one ? rows[0] : rows);

/** `ping` and `time` under `prefix` (spot: none; futures: `/v1`), which take no parameters. */
export function registerPingAndTime(scope: FastifyInstance, services: Services, prefix: string): void {
  scope.get(`${prefix}/ping`, async (request) => {
    new QueryParams(request.query as Query).done();
    return {};
  });
  scope.get(`${prefix}/time`, async (request) => {
    new QueryParams(request.query as Query).done();
    return { serverTime: services.clock.now() };
  });
}

/**
 * The public market-data half of the Open API (`/api/v3`, Binance's spot endpoints), its WebSocket streams and its
 * OpenAPI document. REST depth and the diff streams share one DepthBook, so their update ids agree.
 */
type Query = Record<string, string | string[] | undefined>;

const AVG_PRICE_MINUTES = 5;

export async function registerOpenApiMarketRoutes(
  scope: FastifyInstance,
  services: Services,
  users: StreamDeps,
): Promise<void> {
  const depth = new DepthBook(services.core);
  const unsubscribe = services.core.bus.subscribe((events) => depth.onCoreEvents(events));
  scope.addHook('onClose', async () => unsubscribe());
  registerOpenApiStreams(scope, services, depth, users);
  registerOpenApiDocument(scope, services.config.basePath);

  const { db } = services.database;
  const market = async (q: QueryParams): Promise<MarketSpec> => {
    const spec = await findMarket(services, q.required('symbol'));
    if (!spec) throw binanceErrors.badSymbol();
    return spec;
  };
  /** One market with `symbol`, several with `symbols`, or all when neither is sent. */
  const markets = async (q: QueryParams): Promise<{ one: boolean; specs: MarketSpec[] }> => {
    const symbol = q.optional('symbol');
    const symbols = q.symbolList('symbols');
    if (symbol !== undefined && symbols !== undefined) throw binanceErrors.notRequired('symbols');
    if (symbol !== undefined) return { one: true, specs: [await market(q)] };
    return { one: false, specs: await selectMarkets(services, symbols ?? null) };
  };

  registerPingAndTime(scope, services, '');

  scope.get('/exchangeInfo', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { specs } = await markets(q);
    // Read so that clients which send Binance's newer filters are served: every market is SPOT.
    const permissions = q.optional('permissions');
    q.optional('showPermissionSets');
    const status = q.optional('symbolStatus');
    q.done();
    const info = exchangeInfo(services, specs);
    const spot = permissions === undefined || permissions.includes('SPOT');
    info.symbols = info.symbols.filter((s) => spot && (status === undefined || s.status === status));
    return info;
  });

  scope.get('/depth', async (request) => {
    const q = new QueryParams(request.query as Query);
    const spec = await market(q);
    const limit = q.integer('limit', { min: 1, max: MAX_DEPTH_LEVELS, fallback: 100 }) as number;
    q.done();
    return depth.snapshot(spec.symbol, limit);
  });

  const recentTrades = async (spec: MarketSpec, limit: number, fromId?: number) => {
    const rows = await marketTradePage(db, spec.symbol, binancePaging({ fromId, limit }));
    return rows.map(tradeRow);
  };

  scope.get('/trades', async (request) => {
    const q = new QueryParams(request.query as Query);
    const spec = await market(q);
    const limit = q.integer('limit', { min: 1, max: TRADES_MAX, fallback: 500 }) as number;
    q.done();
    return (await recentTrades(spec, limit)).map((t) => binanceTrade(t, spec));
  });

  scope.get('/historicalTrades', async (request) => {
    const q = new QueryParams(request.query as Query);
    const spec = await market(q);
    const limit = q.integer('limit', { min: 1, max: TRADES_MAX, fallback: 500 }) as number;
    const fromId = q.integer('fromId', { min: 0 });
    q.done();
    return (await recentTrades(spec, limit, fromId)).map((t) => binanceTrade(t, spec));
  });

  scope.get('/aggTrades', async (request) => {
    const q = new QueryParams(request.query as Query);
    const spec = await market(q);
    return aggregateTrades(db, spec.symbol, spec.volumePrecision, readAggQuery(q));
  });

  const klines = async (request: { query: unknown }) => {
    const q = new QueryParams(request.query as Query);
    const spec = await market(q);
    const k = readKlineQuery(q);
    const timeZone = q.optional('timeZone');
    q.done();
    checkTimeZone(timeZone);
    const candles = await klinesBetween(services, spec.symbol, k);
    return candles.map((c) => klineRow(c, k.interval));
  };
  scope.get('/klines', klines);
  // Binance's UI K-lines are the same candles.
  scope.get('/uiKlines', klines);

  scope.get('/avgPrice', async (request) => {
    const q = new QueryParams(request.query as Query);
    const spec = await market(q);
    q.done();
    const now = services.clock.now();
    const from = Math.floor((now - AVG_PRICE_MINUTES * 60_000) / 1000);
    const minutes = (await services.marketData.klineHistory(spec.symbol, '1min', undefined, AVG_PRICE_MINUTES)).filter(
      (c) => c.id > from,
    );
    const vol = minutes.reduce((sum, c) => sum.plus(c.vol), new Big(0));
    const amount = minutes.reduce((sum, c) => sum.plus(c.amount), new Big(0));
    const last = services.marketData.recentTrades(spec.symbol, 1)[0];
    const price = vol.gt(0) ? amount.div(vol) : new Big(last?.price ?? 0);
    return { mins: AVG_PRICE_MINUTES, price: price.toFixed(spec.pricePrecision), closeTime: last?.ts ?? now };
  });

  scope.get('/ticker/24hr', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { one, specs } = await markets(q);
    const type = q.optional('type');
    q.done();
    if (type !== undefined && type !== 'FULL' && type !== 'MINI') throw binanceErrors.illegal('type');
    const tickers = specs.map((spec) => ticker24hr(services, depth, spec));
    return respond(one, type === 'MINI' ? tickers.map(miniTicker) : tickers);
  });

  scope.get('/ticker', async (request) => {
    const q = new QueryParams(request.query as Query);
    if (q.optional('symbol') === undefined && q.optional('symbols') === undefined)
      throw new BinanceError(
        BinanceCode.mandatoryParam,
        "Param 'symbol' or 'symbols' must be sent, but both were empty/null!",
      );
    const { one, specs } = await markets(q);
    const windowMs = windowSizeMs(q.optional('windowSize'));
    const type = q.optional('type');
    q.done();
    if (type !== undefined && type !== 'FULL' && type !== 'MINI') throw binanceErrors.illegal('type');
    const tickers = await Promise.all(specs.map((spec) => rollingTicker(services, spec, windowMs, type !== 'MINI')));
    return respond(one, tickers);
  });

  scope.get('/ticker/price', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { one, specs } = await markets(q);
    q.done();
    return respond(
      one,
      specs.map((spec) => ({
        symbol: binanceSymbol(spec),
        price: services.marketData.recentTrades(spec.symbol, 1)[0]?.price ?? new Big(0).toFixed(spec.pricePrecision),
      })),
    );
  });

  scope.get('/ticker/bookTicker', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { one, specs } = await markets(q);
    q.done();
    return respond(
      one,
      specs.map((spec) => {
        const top = depth.snapshot(spec.symbol, 1);
        const zeroPrice = new Big(0).toFixed(spec.pricePrecision);
        const zeroQty = new Big(0).toFixed(spec.volumePrecision);
        return {
          symbol: binanceSymbol(spec),
          bidPrice: top.bids[0]?.[0] ?? zeroPrice,
          bidQty: top.bids[0]?.[1] ?? zeroQty,
          askPrice: top.asks[0]?.[0] ?? zeroPrice,
          askQty: top.asks[0]?.[1] ?? zeroQty,
        };
      }),
    );
  });
}
