import Big from 'big.js';
import { formatUnits } from '../core/decimal-units.ts';
import { loadMarketSpecs, MAX_LOTS, MAX_TICKS, type MarketSpec } from '../core/market-spec.ts';
import type { Services } from '../platform/services.ts';
import { binanceErrors } from './binance-error.ts';
import { binanceSymbol } from './market-format.ts';

/**
 * The markets as the Open API lists them (GET /api/v3/exchangeInfo), with Binance's filters computed from each
 * market's tick, lot and minimums, the same rules the trading core checks an order against (order-rules.ts).
 */

/** A market by its Binance symbol (case-insensitive): the core's spec, or the catalogue's for one it has not loaded. */
export async function findMarket(services: Services, symbol: string): Promise<MarketSpec | undefined> {
  const ours = symbol.toLowerCase();
  return services.core.market(ours) ?? (await loadMarketSpecs(services.database.db)).find((m) => m.symbol === ours);
}

/** Every market, in the catalogue's order, the core's live spec preferred. */
export async function allMarkets(services: Services): Promise<MarketSpec[]> {
  const specs = await loadMarketSpecs(services.database.db);
  return specs.map((m) => services.core.market(m.symbol) ?? m);
}

/** The markets named by `symbol` or `symbols` (a JSON array), or all; an unknown name is -1121. */
export async function selectMarkets(services: Services, names: string[] | null): Promise<MarketSpec[]> {
  const all = await allMarkets(services);
  if (names === null) return all;
  const bySymbol = new Map(all.map((m) => [binanceSymbol(m), m]));
  return names.map((name) => {
    const spec = bySymbol.get(name.toUpperCase());
    if (!spec) throw binanceErrors.badSymbol();
    return spec;
  });
}

/** Binance prints filter values with 8 decimals (more when the market's step is finer). */
const decimal = (value: Big | string, digits: number) => new Big(value).toFixed(Math.max(8, digits));

/** Order types and time-in-force values the Open API accepts (its order endpoint and the OpenAPI document agree). */
export const ORDER_TYPES = ['LIMIT', 'LIMIT_MAKER', 'MARKET'] as const;
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;

export function symbolInfo(spec: MarketSpec) {
  const p = spec.pricePrecision;
  const v = spec.volumePrecision;
  const tick = formatUnits(1, p);
  const lot = formatUnits(1, v);
  const maxPrice = formatUnits(MAX_TICKS, p);
  const maxQty = formatUnits(MAX_LOTS, v);
  // A minimum of 0 in the catalogue means one tick or one lot: the smallest the core accepts anyway.
  const atLeast = (min: Big, unit: string) => (min.gt(unit) ? min : new Big(unit));
  return {
    symbol: binanceSymbol(spec),
    status: spec.open ? 'TRADING' : 'BREAK',
    baseAsset: spec.base,
    baseAssetPrecision: spec.baseScale,
    quoteAsset: spec.quote,
    quotePrecision: spec.quoteScale,
    quoteAssetPrecision: spec.quoteScale,
    baseCommissionPrecision: spec.baseScale,
    quoteCommissionPrecision: spec.quoteScale,
    orderTypes: [...ORDER_TYPES],
    timeInForce: [...TIME_IN_FORCE],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: decimal(atLeast(spec.limitPriceMin, tick), p),
        maxPrice: decimal(maxPrice, p),
        tickSize: decimal(tick, p),
      },
      {
        filterType: 'LOT_SIZE',
        minQty: decimal(atLeast(spec.limitVolumeMin, lot), v),
        maxQty: decimal(maxQty, v),
        stepSize: decimal(lot, v),
      },
      {
        filterType: 'MARKET_LOT_SIZE',
        minQty: decimal(atLeast(spec.marketSellMin, lot), v),
        maxQty: decimal(maxQty, v),
        stepSize: decimal(lot, v),
      },
      // The core holds a notional minimum for market buys by quote amount only; limit orders have none.
      {
        filterType: 'NOTIONAL',
        minNotional: decimal(spec.marketBuyMin, p),
        applyMinToMarket: true,
        maxNotional: decimal(new Big(maxPrice).times(maxQty), p + v),
        applyMaxToMarket: false,
        avgPriceMins: 0,
      },
      { filterType: 'MIN_NOTIONAL', minNotional: decimal(spec.marketBuyMin, p), applyToMarket: true, avgPriceMins: 0 },
    ],
    permissions: [] as string[],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'NONE',
    allowedSelfTradePreventionModes: ['NONE'],
  };
}

/**
 * The order-entry bucket every order and cancel draws on (ORDER_RATE_BURST at once, refilled at ORDER_RATE_PER_S) as
 * Binance's ORDERS limit: `limit` orders per the seconds it takes to refill; none when it is off. No request-weight
 * limit is enforced, so none is announced.
 */
export function orderRateLimits({ perSecond, burst }: { perSecond: number; burst: number }) {
  if (perSecond <= 0) return [];
  const intervalNum = Math.max(1, Math.ceil(burst / perSecond));
  return [{ rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum, limit: burst }];
}

export function exchangeInfo(services: Services, markets: MarketSpec[]) {
  return {
    timezone: 'UTC',
    serverTime: services.clock.now(),
    rateLimits: orderRateLimits(services.config.orderRate),
    exchangeFilters: [] as object[],
    symbols: markets.map(symbolInfo),
  };
}
