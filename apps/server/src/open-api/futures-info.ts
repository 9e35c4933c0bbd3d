import Big from 'big.js';
import { MAX_TICKS } from '../core/market-spec.ts';
import type { Services } from '../services.ts';
import { orderRateLimits } from './exchange-info.ts';
import { type FuturesFamily, type FuturesMarket, futuresMarkets, priceOf, quantityOf } from './futures-markets.ts';

/**
 * `/fapi/v1/exchangeInfo` and `/dapi/v1/exchangeInfo`: the family's contracts in Binance's shape, their filters from
 * each contract's tick, order sizes, least market value and price range (futures-markets.ts names them and states
 * quantities). No open-order cap exists here, so no MAX_NUM_ORDERS filter is sent.
 */

/** Order types of the futures book and its triggers, and time-in-force values (GTX: post-only). */
export const FUTURES_ORDER_TYPES = [
  'LIMIT',
  'MARKET',
  'STOP',
  'STOP_MARKET',
  'TAKE_PROFIT',
  'TAKE_PROFIT_MARKET',
  'TRAILING_STOP_MARKET',
] as const;
export const FUTURES_TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'GTX'] as const;
/** Binance prints a coin's precision as 8 where it does not say more. */
const ASSET_PRECISION = 8;

/** Binance's futures statuses: a halted contract takes no orders until it resumes. */
const statusOf = (m: FuturesMarket) => (m.contract.status === 'listed' ? 'TRADING' : 'CLOSE');

export function futuresFilters(m: FuturesMarket): object[] {
  const c = m.contract;
  const tick = new Big(1).div(new Big(10).pow(c.price_precision));
  const range = new Big(c.price_range || '0');
  const lot = {
    minQty: quantityOf(m, c.min_order_volume),
    maxQty: quantityOf(m, c.max_limit_volume),
    stepSize: quantityOf(m, 1),
  };
  const filters: object[] = [
    {
      filterType: 'PRICE_FILTER',
      minPrice: priceOf(m, tick),
      maxPrice: priceOf(m, tick.times(MAX_TICKS)),
      tickSize: priceOf(m, tick),
    },
    { filterType: 'LOT_SIZE', ...lot },
    { filterType: 'MARKET_LOT_SIZE', ...lot },
  ];
  if (m.family === 'fapi') filters.push({ filterType: 'MIN_NOTIONAL', notional: new Big(c.min_order_money).toFixed() });
  if (range.gt(0)) {
    const digits = Math.max(4, range.c.length - range.e - 1);
    filters.push({
      filterType: 'PERCENT_PRICE',
      multiplierUp: new Big(1).plus(range).toFixed(digits),
      multiplierDown: new Big(1).minus(range).toFixed(digits),
      multiplierDecimal: String(digits),
    });
  }
  return filters;
}

export function futuresSymbolInfo(services: Services, m: FuturesMarket) {
  const c = m.contract;
  const spec = services.core.market(m.book);
  const common = {
    symbol: m.symbol,
    pair: m.pair,
    contractType: m.contractType,
    deliveryDate: m.deliveryDate,
    onboardDate: c.created_at,
  };
  const body = {
    baseAsset: c.base.toUpperCase(),
    quoteAsset: c.quote.toUpperCase(),
    marginAsset: c.margin_coin.toUpperCase(),
    pricePrecision: c.price_precision,
    quantityPrecision: m.qtyDigits,
    baseAssetPrecision: spec?.baseScale ?? ASSET_PRECISION,
    quotePrecision: spec?.quoteScale ?? ASSET_PRECISION,
    underlyingType: 'COIN',
    underlyingSubType: [] as string[],
    filters: futuresFilters(m),
    orderTypes: [...FUTURES_ORDER_TYPES],
    timeInForce: [...FUTURES_TIME_IN_FORCE],
  };
  // COIN-M names the status contractStatus and states the contract's face value.
  return m.family === 'fapi'
    ? { ...common, status: statusOf(m), ...body }
    : { ...common, contractStatus: statusOf(m), contractSize: Number(c.multiplier), ...body };
}

export async function futuresExchangeInfo(services: Services, family: FuturesFamily) {
  const markets = await futuresMarkets(services, family);
  const marginAssets = [...new Set(markets.map((m) => m.contract.margin_coin.toUpperCase()))];
  return {
    timezone: 'UTC',
    serverTime: services.clock.now(),
    ...(family === 'fapi' ? { futuresType: 'U_MARGINED' } : {}),
    rateLimits: orderRateLimits(services.config.orderRate),
    exchangeFilters: [] as object[],
    ...(family === 'fapi'
      ? { assets: marginAssets.map((asset) => ({ asset, marginAvailable: true, autoAssetExchange: null })) }
      : {}),
    symbols: markets.map((m) => futuresSymbolInfo(services, m)),
  };
}
