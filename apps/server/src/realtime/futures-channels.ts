import { channels, type MarkPriceTick } from '@opex/contract/realtime';
import type { TradingCore } from '../core/trading-core.ts';
import { shownPrice } from '../futures/contract-prices.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import { type MarketKeys, registerMarketChannels } from './market-channels.ts';
import type { OriginalChannel, OriginalProtocol } from './original-protocol.ts';

/**
 * The futures socket's channels (contract-notes-products.md §1.7): spot's market channels with a contract's book
 * named by its key `{contractType}_{base}{quote}` (e_btcusdt), and `market_{key}_mark_price`, each contract's mark
 * and index price, pushed when they change (worked out each second).
 */
const KEY = '[a-z]_[a-z0-9]{2,40}';

/** A contract's key from its name: E-BTC-USDT -> e_btcusdt. */
export const contractKey = (contractName: string) => {
  const [type, base, quote] = contractName.toLowerCase().split('-');
  return `${type}_${base}${quote}`;
};

const futuresKeys = (core: TradingCore): MarketKeys => ({
  pattern: KEY,
  keyOf: (symbol) => {
    const rules = core.market(symbol)?.futures;
    return rules ? contractKey(rules.contractName) : null;
  },
  symbolOf: (key) => {
    for (const spec of core.markets())
      if (spec.futures && contractKey(spec.futures.contractName) === key) return spec.symbol;
    return null;
  },
});

export function registerFuturesChannels(fanout: Fanout, protocol: OriginalProtocol, services: Services): void {
  const { core, contractPrices } = services;
  const keys = futuresKeys(core);
  registerMarketChannels(fanout, protocol, services, keys);

  const pattern = new RegExp(`^market_(${KEY})_mark_price$`);
  const tickOf = (symbol: string): MarkPriceTick | null => {
    const digits = core.market(symbol)?.pricePrecision;
    if (digits === undefined) return null;
    return {
      markPrice: shownPrice(contractPrices.markOf(symbol), digits),
      indexPrice: shownPrice(contractPrices.indexOf(symbol), digits),
    };
  };
  const markPrice: OriginalChannel<{ symbol: string | null }> = {
    protocol: protocol.name,
    match: (name) => {
      const m = pattern.exec(name);
      return m ? { symbol: keys.symbolOf(m[1] as string) } : null;
    },
    refusal: (route) => (route.symbol === null ? 'unknown market' : ''),
    snapshot: (route) => (route.symbol === null ? null : tickOf(route.symbol)),
  };
  fanout.register(markPrice);

  const changed = new Set<string>();
  fanout.own(
    contractPrices.subscribe((changes) => {
      for (const c of changes) changed.add(c.symbol);
    }),
  );
  fanout.every(MARK_MS, (batch) => {
    for (const symbol of changed) {
      // A contract's book is named by the contract (e-btc-usdt), so its key reads from the symbol.
      const channel = channels.markPrice(contractKey(symbol));
      const tick = fanout.listened(channel) ? tickOf(symbol) : null;
      if (tick) protocol.pushIfChanged(batch, channel, tick);
    }
    changed.clear();
  });
}

/** Marks are worked out each second; a push goes within a quarter of it. */
const MARK_MS = 250;
