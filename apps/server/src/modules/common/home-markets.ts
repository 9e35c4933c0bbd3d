import { listMarkets, marketName } from '../../catalog/markets.ts';
import type { Services } from '../../services.ts';

/**
 * The home page's market overview: every shown market in sort order with its rolling 24 h ticker. A market that
 * never traded answers the contract's "no trade yet" values ('--' prices, '0' change and volume).
 */
export async function homeMarkets(services: Services) {
  const markets = await listMarkets(services.database.db);
  return markets
    .filter((m) => m.is_show === 1)
    .map((m) => {
      const t = services.marketData.ticker(m.symbol);
      return {
        symbol: m.symbol,
        name: marketName(m),
        base: m.base,
        quote: m.quote,
        close: t?.close ?? '--',
        open: t?.open ?? '--',
        high: t?.high ?? '--',
        low: t?.low ?? '--',
        rose: t?.rose ?? '0',
        vol: t?.vol ?? '0',
        amount: t?.amount ?? '0',
      };
    });
}
