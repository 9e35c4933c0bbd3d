import { bandMultipliers, leastAmount, leastPrice, stepSize } from '@opex/contract/spot-order-rules';
import { TIME_IN_FORCE_NAMES } from '@opex/contract/spot-order-terms';
import Big from 'big.js';
import { formatUnits } from '../core/decimal-units.ts';
import { loadMarketSpecs, MAX_LOTS, MAX_TICKS, type MarketSpec } from '../core/market-spec.ts';
import { DEFAULT_STP_MODE, STP_MODES } from '../core/self-trade-prevention.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { binanceSymbol } from './market-format.ts';

/**
 * The markets as the Open API lists them (GET /api/v3/exchangeInfo), with Binance's filters computed from each
 * market's tick, lot and minimums by the contract's rules (spot-order-rules.ts), which the trading core checks an
 * order against (order-rules.ts) and the web form too.
 */

/**
 * A spot market by its Binance symbol (case-insensitive): the core's spec, or the catalogue's for one it has not
 * loaded. Futures contracts' books are the futures API's, not this one's.
 */
export async function findMarket(services: Services, symbol: string): Promise<MarketSpec | undefined> {
  const ours = symbol.toLowerCase();
  const spec =
    services.core.market(ours) ?? (await loadMarketSpecs(services.database.db)).find((m) => m.symbol === ours);
  return spec?.futures ? undefined : spec;
}

/** Every spot market, in the catalogue's order, the core's live spec preferred. */
export async function allMarkets(services: Services): Promise<MarketSpec[]> {
  const specs = await loadMarketSpecs(services.database.db);
  return specs.filter((m) => m.futures === null).map((m) => services.core.market(m.symbol) ?? m);
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
export const TIME_IN_FORCE = TIME_IN_FORCE_NAMES;

export function symbolInfo(spec: MarketSpec) {
  const p = spec.pricePrecision;
  const v = spec.volumePrecision;
  const tick = stepSize(p);
  const lot = stepSize(v);
  const maxPrice = formatUnits(MAX_TICKS, p);
  const maxQty = formatUnits(MAX_LOTS, v);
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
    isMarginTradingAllowed: spec.margin !== null,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: decimal(leastPrice(spec), p),
        maxPrice: decimal(maxPrice, p),
        tickSize: decimal(tick, p),
      },
      {
        filterType: 'LOT_SIZE',
        minQty: decimal(leastAmount(spec, 'limit'), v),
        maxQty: decimal(maxQty, v),
        stepSize: decimal(lot, v),
      },
      {
        filterType: 'MARKET_LOT_SIZE',
        minQty: decimal(leastAmount(spec, 'marketSell'), v),
        maxQty: decimal(maxQty, v),
        stepSize: decimal(lot, v),
      },
      ...guardFilters(spec, maxPrice, maxQty),
    ],
    permissions: [] as string[],
    permissionSets: [spec.margin ? ['SPOT', 'MARGIN'] : ['SPOT']],
    defaultSelfTradePreventionMode: DEFAULT_STP_MODE,
    allowedSelfTradePreventionModes: [...STP_MODES],
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

/**
 * The market's guards (market-guards.ts) as Binance's filters, each only when the operator turned it on:
 * NOTIONAL (and the older MIN_NOTIONAL that some clients read) for the minimum order value, applied to market
 * orders at the last price (avgPriceMins 0); PERCENT_PRICE_BY_SIDE for the price band, at the last price. A buy below
 * or a sell above the last price is not bounded by the band: its multipliers there are 0 and MAX_TICKS, which with
 * any last price of at least one tick reaches PRICE_FILTER's maxPrice, so they hold nothing back.
 */
function guardFilters(spec: MarketSpec, maxPrice: string, maxQty: string): object[] {
  const p = spec.pricePrecision;
  const filters: object[] = [];
  if (spec.minNotional.gt(0)) {
    const minNotional = decimal(spec.minNotional, p);
    filters.push(
      {
        filterType: 'NOTIONAL',
        minNotional,
        applyMinToMarket: true,
        maxNotional: decimal(new Big(maxPrice).times(maxQty), p + spec.volumePrecision),
        applyMaxToMarket: false,
        avgPriceMins: 0,
      },
      { filterType: 'MIN_NOTIONAL', minNotional, applyToMarket: true, avgPriceMins: 0 },
    );
  }
  const { buyUp, sellDown } = bandMultipliers(spec);
  if (buyUp !== null || sellDown !== null) {
    const unbounded = String(MAX_TICKS);
    filters.push({
      filterType: 'PERCENT_PRICE_BY_SIDE',
      bidMultiplierUp: buyUp?.toFixed() ?? unbounded,
      bidMultiplierDown: '0',
      askMultiplierUp: unbounded,
      askMultiplierDown: sellDown?.toFixed() ?? '0',
      avgPriceMins: 0,
    });
  }
  return filters;
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
