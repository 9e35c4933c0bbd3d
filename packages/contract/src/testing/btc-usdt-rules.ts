import type { SpotMarketRules } from '../spot-order-rules.ts';

/**
 * The demo BTC/USDT market's order rules, for tests: 2 price and 6 volume decimals, a 5 USDT minimum order value
 * and a 10% price band each way.
 */
export const btcUsdtRules = {
  pricePrecision: 2,
  volumePrecision: 6,
  limitPriceMin: '0.01',
  limitVolumeMin: '0.000001',
  marketBuyMin: '5',
  marketSellMin: '0.0001',
  minNotional: '5',
  priceBandUp: '10',
  priceBandDown: '10',
} as const satisfies SpotMarketRules;
