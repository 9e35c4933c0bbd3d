import { listMarkets, marketName } from '../../catalog/markets.ts';
import type { Services } from '../../platform/services.ts';

/**
 * The home page's market overview: every shown market in sort order. There are no trades yet, so each market
 * answers the contract's "no trade yet" values ('--' prices, '0' change and volume) rather than invented numbers;
 * the trading issue fills these from its tickers.
 */
export async function homeMarkets(services: Services) {
  const markets = await listMarkets(services.database.db);
  return markets
    .filter((m) => m.is_show === 1)
    .map((m) => ({
      symbol: m.symbol,
      name: marketName(m),
      base: m.base,
      quote: m.quote,
      close: '--',
      open: '--',
      high: '--',
      low: '--',
      rose: '0',
      vol: '0',
      amount: '0',
    }));
}
