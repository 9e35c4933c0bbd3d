import Big from 'big.js';
import { formatUnits } from '../core/decimal-units.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { ledgerFromUnits } from '../ledger/ledger-units.ts';
import type { Services } from '../services.ts';
import type { MarketProduct, QuotedBook, Side } from './market-product.ts';

/**
 * Spot books for the market maker: every open market, the mid on its own walk, orders on the exchange account
 * (whose balances bound what the bots can do, so no other bound is needed).
 */
export class SpotProduct implements MarketProduct {
  readonly accounts = ['exchange'] as const;

  constructor(private readonly services: Services) {}

  /** The spot bots are funded with every coin when they are made (bot-accounts.ts ensureBot). */
  async prepare(): Promise<void> {}

  /**
   * The open markets among those open when the maker started: a spot market an operator opens later is theirs to
   * make a market in (and tests' own quiet markets stay quiet); one closed since is left.
   */
  async symbols(): Promise<string[]> {
    const rows = await this.services.database.db
      .selectFrom('markets')
      .select('symbol')
      .where('status', '=', 'open')
      .execute();
    const open = rows.map((m) => m.symbol);
    this.atStart ??= new Set(open);
    const known = this.atStart;
    return open.filter((symbol) => known.has(symbol));
  }

  /** The markets open at the first read. */
  private atStart: Set<string> | null = null;

  anchor(): string | null {
    return null;
  }

  reference(spec: MarketSpec, usdPrices: Map<string, Big>): string | null {
    return usdRatio(spec, usdPrices);
  }

  /** Quote: price × volume. */
  tradeValue(spec: MarketSpec, lots: number, ticks: number): bigint {
    return ledgerFromUnits(BigInt(lots) * BigInt(ticks), spec.pricePrecision + spec.volumePrecision);
  }

  lotUsd(spec: MarketSpec, price: Big, usdPrices: Map<string, Big>): Big {
    return price.times(new Big(10).pow(-spec.volumePrecision)).times(usdPrices.get(spec.quote) ?? new Big(1));
  }

  async makerRoom(): Promise<null> {
    return null;
  }

  async place(userId: number, spec: MarketSpec, side: Side, price: string, lots: number): Promise<number | null> {
    const outcome = await this.services.core.placeOrder({
      userId,
      symbol: spec.symbol,
      request: { side, type: 1, price, volume: formatUnits(lots, spec.volumePrecision) },
      clientOrderId: null,
    });
    return outcome.ok ? outcome.orderId : null;
  }

  async cancel(userId: number, symbol: string, orderId: number): Promise<void> {
    await this.services.core.cancelOrder({ userId, orderId, symbol });
  }

  async takerSide(_book: QuotedBook, _lots: number, random: { chance(percent: number): boolean }): Promise<Side> {
    return random.chance(50) ? 'BUY' : 'SELL';
  }

  /** A market order: a buy spends quote, a sell gives base. */
  async take(userId: number, { spec, midPrice }: QuotedBook, side: Side, lots: number): Promise<boolean> {
    const base = formatUnits(lots, spec.volumePrecision);
    const volume =
      side === 'SELL'
        ? base
        : new Big(base).times(midPrice).round(spec.pricePrecision, Big.roundDown).toFixed(spec.pricePrecision);
    const outcome = await this.services.core.placeOrder({
      userId,
      symbol: spec.symbol,
      request: { side, type: 2, volume },
      clientOrderId: null,
    });
    return outcome.ok;
  }
}

/** The base coin in the quote coin from the operator's US dollar rates, when both are set (USD itself is 1). */
export function usdRatio(spec: MarketSpec, usdPrices: Map<string, Big>): string | null {
  const usd = (coin: string) => (coin === 'USD' ? new Big(1) : usdPrices.get(coin));
  const base = usd(spec.base);
  const quote = usd(spec.quote);
  if (!base || !quote || quote.eq(0)) return null;
  return base.div(quote).round(spec.pricePrecision, Big.roundDown).toFixed(spec.pricePrecision);
}
