import { openOrderStatuses } from '@opex/contract/calls/order';
import { OrderKind, SelfTradePrevention, Side, TimeInForce, TriggerKind } from '@opex/engine/commands';
import type { OrderBook } from '@opex/engine/order-book';
import { packFlags } from '@opex/engine/order-flags';
import { restore, type SnapshotOrder } from '@opex/engine/snapshot';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SYSTEM_OWNER } from '../ledger/accounts.ts';
import { BalanceCache } from './balance-cache.ts';
import { toUnits } from './decimal-units.ts';
import { type FeeCoinConfig, type LastPrice, loadFeeCoinConfig } from './fee-coin.ts';
import { engineRules, loadMarketSpecs, type MarketSpec } from './market-spec.ts';
import { type OrderState, orderFromRow } from './order-state.ts';

/**
 * Everything the core holds in memory, and how it is rebuilt from the database (on start, and after a failed
 * write): books from the open orders in id order (their time priority), balances of every owner with an open
 * order, id counters past the highest stored ids, the users who pay fees in the platform coin and its settings.
 */
export interface Market {
  spec: MarketSpec;
  book: OrderBook;
}

export class CoreState {
  readonly markets = new Map<string, Market>();
  readonly open = new Map<number, OrderState>();
  readonly balances = new BalanceCache();
  /** Users whose fees are charged in the platform coin when they hold enough (user/update_fee_coin_open). */
  readonly feeCoinUsers = new Set<number>();
  /** The operator's platform coin and discount; null: fees are always the usual ones. */
  feeCoin: FeeCoinConfig | null = null;
  /** Markets by `${base}/${quote}`, to find the price of the platform coin in a fee's coin. */
  private readonly byCoins = new Map<string, Market>();
  nextOrderId = 1;
  nextTradeId = 1;

  static async load(db: Kysely<Database>): Promise<CoreState> {
    const state = new CoreState();
    const specs = await loadMarketSpecs(db);
    state.feeCoin = await loadFeeCoinConfig(db);
    const feeCoinUsers = await db
      .selectFrom('user_security')
      .select('user_id')
      .where('fee_coin_open', '=', 1)
      .execute();
    for (const row of feeCoinUsers) state.feeCoinUsers.add(Number(row.user_id));
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', [...openOrderStatuses])
      .orderBy('id')
      .execute();
    for (const spec of specs) {
      const last = await db
        .selectFrom('trades')
        .select('price')
        .where('symbol', '=', spec.symbol)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const lastTicks = last ? toUnits(last.price, spec.pricePrecision) : undefined;
      const orders = rows.filter((r) => r.symbol === spec.symbol).map((r) => orderFromRow(r, spec));
      for (const o of orders) state.open.set(o.id, o);
      state.addMarket({
        spec,
        book: restore({
          version: 1,
          rules: engineRules(spec),
          seq: orders.length,
          lastPrice: lastTicks?.ok ? lastTicks.units : 0,
          orders: orders.map(toSnapshotOrder),
          triggers: [],
        }),
      });
    }
    const orphans = rows.filter((r) => !state.markets.has(r.symbol));
    if (orphans.length)
      throw new Error(`open orders in unknown markets: ${[...new Set(orphans.map((r) => r.symbol))]}`);
    await state.balances.load(db, [SYSTEM_OWNER, ...new Set(rows.map((r) => r.user_id))]);
    const maxOrder = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const maxTrade = await db
      .selectFrom('trades')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    state.nextOrderId = Number(maxOrder?.id ?? 0) + 1;
    state.nextTradeId = Number(maxTrade?.id ?? 0) + 1;
    return state;
  }

  /** Adds markets listed since the start and takes status, minimums and fees of known ones (not precision). */
  refreshMarkets(specs: MarketSpec[]): void {
    for (const spec of specs) {
      const market = this.markets.get(spec.symbol);
      if (!market) {
        this.addMarket({ spec, book: restore(emptySnapshot(spec)) });
        continue;
      }
      // Open orders are in the old units: a precision change takes effect on the next start, when it is checked.
      Object.assign(market.spec, {
        ...spec,
        pricePrecision: market.spec.pricePrecision,
        volumePrecision: market.spec.volumePrecision,
      });
    }
  }

  /** The last trade price of the market base/quote, if it is listed. */
  lastPrice(base: string, quote: string): LastPrice | undefined {
    const market = this.byCoins.get(`${base}/${quote}`);
    return market ? { ticks: market.book.lastPrice, precision: market.spec.pricePrecision } : undefined;
  }

  private addMarket(market: Market): void {
    this.markets.set(market.spec.symbol, market);
    this.byCoins.set(`${market.spec.base}/${market.spec.quote}`, market);
  }
}

function toSnapshotOrder(o: OrderState, index: number): SnapshotOrder {
  const side = o.side === 'BUY' ? Side.Buy : Side.Sell;
  return {
    id: o.id,
    owner: o.userId,
    price: o.ticks,
    remaining: o.lots - o.dealLots,
    seq: index + 1,
    flags: packFlags(side, OrderKind.Limit, TimeInForce.GTC, false, SelfTradePrevention.None, TriggerKind.None, false),
    triggerPrice: 0,
  };
}

function emptySnapshot(spec: MarketSpec) {
  return { version: 1 as const, rules: engineRules(spec), seq: 0, lastPrice: 0, orders: [], triggers: [] };
}
