import { btcUsdtRules as demoBtcUsdtRules } from '@opex/contract/testing/btc-usdt-rules';
import type { MarketEntry } from '../../../markets/market-symbol.ts';
import type { MarketRules } from '../order-form.ts';

/**
 * A market as public info lists it, for tests: `name` BTC/USDT, its symbol btcusdt, 2 price and 4 volume digits
 * and small minimums unless `overrides` says otherwise.
 */
export function marketEntry(name: string, overrides: Partial<MarketEntry> = {}): MarketEntry {
  return {
    name,
    symbol: name.replace('/', '').toLowerCase(),
    price: 2,
    volume: 4,
    depth: '0.01,0.1,1',
    limitVolumeMin: '0.0001',
    limitPriceMin: '0.01',
    marketBuyMin: '5',
    marketSellMin: '0.0001',
    minNotional: '0',
    priceBandUp: '0',
    priceBandDown: '0',
    showName: '',
    sort: 1,
    isShow: 1,
    is_open_lever: 0,
    etfOpen: 0,
    newcoinFlag: 0,
    multiple: 0,
    ...overrides,
  };
}

/** The demo BTC/USDT market's rules as the order form reads them. */
export const btcUsdtRules: MarketRules = demoBtcUsdtRules;
