import { openOrderStatuses } from '@opex/contract/calls/order';
import { OrderKind, SelfTradePrevention, Side, TimeInForce, TriggerKind } from '@opex/engine/commands';
import type { OrderBook } from '@opex/engine/order-book';
import { packFlags } from '@opex/engine/order-flags';
import { restore } from '@opex/engine/snapshot';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SYSTEM_OWNER } from '../ledger/accounts.ts';
import { BalanceCache } from './balance-cache.ts';
import { toUnits } from './decimal-units.ts';
import { type FeeCoinConfig, type LastPrice, loadFeeCoinConfig } from './fee-coin.ts';
import { isFuturesUserAccount } from './futures/futures-rules.ts';
import { FuturesState } from './futures/futures-state.ts';
import { LiquidationIndex } from './futures/liquidation-index.ts';
import { MarginLoans } from './margin/margin-loans.ts';
import { engineRules, loadMarketSpecs, type MarketSpec } from './market-spec.ts';
import { openOrdersQuery } from './open-order-columns.ts';
import { OpenOrders } from './open-orders.ts';

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
  readonly open = new OpenOrders();
  readonly balances = new BalanceCache();

  constructor() {
    // A cross position's liquidation line moves with its account's balance.
    this.balances.onMove = (ownerId, account) => {
      if (isFuturesUserAccount(account)) this.futures.movedUsers.add(ownerId);
    };
  }

  /** Open margin loans; their holders' balances are always loaded. */
  loans = new MarginLoans();
  /** Futures positions and what each open futures order is to them. */
  futures = new FuturesState();
  /** Where each futures position liquidates (rebuilt from the positions with the state). */
  readonly liquidationIndex = new LiquidationIndex();
  /** Open margin orders that repay their pair's loans from each fill (auto-repay). */
  readonly autoRepay = new Set<number>();
  /** Users whose fees are charged in the platform coin when they hold enough (user/update_fee_coin_open). */
  readonly feeCoinUsers = new Set<number>();
  /** The operator's platform coin and discount; null: fees are always the usual ones. */
  feeCoin: FeeCoinConfig | null = null;
  /** Markets by `${base}/${quote}`, to find the price of the platform coin in a fee's coin. */
  private readonly byCoins = new Map<string, Market>();
  nextOrderId = 1;
  nextTradeId = 1;

  /** `sqlite`: the better-sqlite3 connection under `db`, when it is SQLite, for reading the open orders fast. */
  static async load(db: Kysely<Database>, sqlite?: SQLite.Database): Promise<CoreState> {
    const state = new CoreState();
    const specs = await loadMarketSpecs(db);
    state.feeCoin = await loadFeeCoinConfig(db);
    const feeCoinUsers = await db
      .selectFrom('user_security')
      .select('user_id')
      .where('fee_coin_open', '=', 1)
      .execute();
    for (const row of feeCoinUsers) state.feeCoinUsers.add(Number(row.user_id));
    // Open orders in id order (their time priority), one text per row, into compact columns: streamed from SQLite
    // (rows never all in memory at once), in one read from PostgreSQL (streaming there needs a cursor).
    const loader = OpenOrders.loader(specs);
    const query = openOrdersQuery(db);
    if (sqlite) {
      const compiled = query.compile();
      const statement = sqlite.prepare(compiled.sql).pluck(true);
      for (const line of statement.iterate(...compiled.parameters) as Iterable<string>) loader.add(line);
    } else {
      for (const row of await query.execute()) loader.add(row.line);
    }
    if (loader.unknownMarkets.size) throw new Error(`open orders in unknown markets: ${[...loader.unknownMarkets]}`);
    for (const [m, spec] of specs.entries()) {
      const last = await db
        .selectFrom('trades')
        .select('price')
        .where('symbol', '=', spec.symbol)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const lastTicks = last ? toUnits(last.price, spec.pricePrecision) : undefined;
      // One market's snapshot objects at a time: they are garbage as soon as its book is built.
      const { orders, triggers } = loader.bookOrders(m, BUY_FLAGS, SELL_FLAGS, waitingFlags);
      state.addMarket({
        spec,
        book: restore({
          version: 1,
          rules: engineRules(spec),
          seq: orders.length + triggers.length,
          lastPrice: lastTicks?.ok ? lastTicks.units : 0,
          orders,
          triggers,
        }),
      });
    }
    loader.finish(state.open);
    state.loans = await MarginLoans.load(db);
    state.futures = await FuturesState.load(db);
    const autoRepay = await db
      .selectFrom('orders')
      .select('id')
      .where('auto_repay', '=', 1)
      .where('status', 'in', [...openOrderStatuses])
      .execute();
    for (const row of autoRepay) state.autoRepay.add(Number(row.id));
    // Balances of every owner with an open order, an open margin loan or an open futures position.
    const owners = [...new Set([SYSTEM_OWNER, ...loader.owners, ...state.loans.owners(), ...state.futures.owners()])];
    for (let i = 0; i < owners.length; i += LOAD_PAGE) await state.balances.load(db, owners.slice(i, i + LOAD_PAGE));
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

/** Owners per balance query (a statement takes a bounded number of parameters). */
const LOAD_PAGE = 10_000;
const restingFlags = (side: Side) =>
  packFlags(side, OrderKind.Limit, TimeInForce.GTC, false, SelfTradePrevention.None, TriggerKind.None, false);
const BUY_FLAGS = restingFlags(Side.Buy);
const SELL_FLAGS = restingFlags(Side.Sell);
/** A stop-limit order still waiting: a limit order with its time in force, post-only flag and trigger kind. */
const waitingFlags = (sell: boolean, triggerKind: number, timeInForce: number, postOnly: boolean) =>
  packFlags(
    sell ? Side.Sell : Side.Buy,
    OrderKind.Limit,
    timeInForce as TimeInForce,
    postOnly,
    SelfTradePrevention.None,
    triggerKind as TriggerKind,
    false,
  );

function emptySnapshot(spec: MarketSpec) {
  return { version: 1 as const, rules: engineRules(spec), seq: 0, lastPrice: 0, orders: [], triggers: [] };
}
