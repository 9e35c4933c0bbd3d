import type { CoreEvent } from '../../core/core-events.ts';
import { marketOfAccount } from '../../ledger/accounts.ts';
import { type MarginReader, marginMarket, pairPrice, priceText } from '../../margin/margin-reads.ts';
import type { PriceChange } from '../../prices/price-index.ts';
import type { Services } from '../../services.ts';

/**
 * Margin's risk watch: each index price change of a margin pair's coin sends the core a risk check of the pair at the
 * new price (it announces every borrower's risk rate and liquidates at the line, within that price event); a change
 * of a margin account (a fill, a cancel) checks that account, so its risk reaches the trader live. Checks asked for
 * in one turn of the event loop go as one per pair (or account).
 */
export function watchMarginRisk(services: Services, reader: MarginReader): () => void {
  const { core } = services;
  const pairs = new Set<string>();
  const accounts = new Map<string, { userId: number; symbol: string }>();
  let queued = false;
  const flush = async () => {
    queued = false;
    const checks = [
      ...[...pairs].map((symbol) => ({ symbol })),
      ...[...accounts.values()].filter((a) => !pairs.has(a.symbol)),
    ];
    pairs.clear();
    accounts.clear();
    for (const check of checks) {
      const spec = marginMarket(reader, check.symbol);
      if (!spec) continue;
      await core.execute('marginCheck', { ...check, price: priceText(pairPrice(reader, spec)) });
    }
  };
  const queue = () => {
    if (queued) return;
    queued = true;
    setImmediate(() => void flush().catch((error) => console.error('margin risk watch', error)));
  };
  const onPrice = (change: PriceChange) => {
    for (const m of core.markets()) {
      if (m.margin && (m.base === change.coin || m.quote === change.coin)) pairs.add(m.symbol);
    }
    if (pairs.size) queue();
  };
  const onCore = (events: readonly CoreEvent[]) => {
    for (const e of events) {
      if (e.type !== 'balance' || !e.account.startsWith('lever:')) continue;
      const symbol = (marketOfAccount(e.account) as string).toLowerCase();
      accounts.set(`${e.ownerId}/${symbol}`, { userId: e.ownerId, symbol });
    }
    if (accounts.size) queue();
  };
  const stopPrices = services.prices.subscribe(onPrice);
  const stopCore = core.bus.subscribe(onCore);
  return () => {
    stopPrices();
    stopCore();
  };
}
