import { ledgerText } from '../ledger/ledger-units.ts';
import type { Services } from '../services.ts';
import type { ContractPrice } from './contract-prices.ts';

/**
 * Futures' risk watch: each second's new marks go to the core as one risk check (core/futures/futures-liquidation.ts),
 * which liquidates what they put underwater within that price event. Checks that would overlap are merged: while one
 * is in the core, the next second's marks wait and go together with any later ones (the latest mark per contract).
 */
export function watchFuturesRisk(services: Services): () => void {
  const waiting = new Map<string, string>();
  let running = false;
  const flush = async () => {
    if (running || waiting.size === 0) return;
    running = true;
    const marks = [...waiting].map(([symbol, mark]) => ({ symbol, mark }));
    waiting.clear();
    try {
      await services.core.execute('futuresRiskCheck', { marks });
    } finally {
      running = false;
      if (waiting.size) void flush().catch((error) => console.error('futures risk watch', error));
    }
  };
  const onPrices = (changes: readonly ContractPrice[]) => {
    for (const change of changes) if (change.mark !== null) waiting.set(change.symbol, ledgerText(change.mark));
    void flush().catch((error) => console.error('futures risk watch', error));
  };
  return services.contractPrices.subscribe(onPrices);
}
