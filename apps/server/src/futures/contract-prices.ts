import type { Insertable, Kysely } from 'kysely';
import { type Contract, LIVE, listContracts } from '../catalog/contracts.ts';
import type { FundingContract, FundingMoment } from '../core/futures/funding-commands.ts';
import { intervalMs, MINUTE_MS, nextFundingTime } from '../core/futures/funding-times.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import { addBasis, type BasisWindow, basisAverage, emptyBasis, markPrice } from '../core/futures/mark-price.ts';
import type { TradingCore } from '../core/trading-core.ts';
import type { Database } from '../db/schema.ts';
import type { FuturesPriceKlinesTable, PriceKind } from '../db/tables/futures-prices.ts';
import {
  ledgerFixed,
  ledgerFromBig,
  ledgerFromUnits,
  ledgerOf,
  ledgerText,
  truncateLedger,
} from '../ledger/ledger-units.ts';
import type { Clock } from '../platform/clock.ts';
import { type IndexPriceTable, priceIn, priceInCoin } from '../prices/index-price-table.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import { fundingContract, fundingScheduleOf, lastRates } from './funding-store.ts';
import { barsOfMinute } from './price-bars.ts';

/**
 * Every live contract's index and mark price, worked out each second and held for readers (`indexOf`, `markOf`:
 * ledger units), told to listeners when they change, and kept as one-minute bars. The index is the contract's base
 * coin in its quote from the price index (a quote of USD through the operator's dollar price of the anchors); the
 * mark is core/futures/mark-price.ts's median of the index carried by the last funding rate, the index plus the
 * 30 s average basis of the book's mid, and the last trade (the index while the contract never traded).
 */
export interface ContractPrice {
  /** The contract's book: e-btc-usdt. */
  symbol: string;
  contractId: number;
  index: bigint | null;
  mark: bigint | null;
}
export type ContractPriceListener = (changes: readonly ContractPrice[]) => void;

export interface ContractPricesOptions {
  /** How often the prices are worked out (ms); 0: only when `tick` is called (tests). */
  tickMs: number;
  onError: (error: unknown, context: string) => void;
}

interface LiveContract {
  contract: Contract;
  price: ContractPrice;
  basis: BasisWindow;
}

interface Bar {
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
}

/** A minute sent later than this after it passed is not priced now: the book and index now are not the minute's. */
const LATE_MS = 2 * MINUTE_MS;

export class ContractPrices {
  private readonly live = new Map<string, LiveContract>();
  /** The running minute's bars, by `${contractId}:${kind}`. */
  private bars = new Map<string, Bar>();
  private minute = -1;
  private readonly listeners = new Set<ContractPriceListener>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly core: TradingCore,
    private readonly prices: PriceIndex,
    private readonly clock: Clock,
    private readonly options: ContractPricesOptions,
  ) {}

  static async start(
    db: Kysely<Database>,
    core: TradingCore,
    prices: PriceIndex,
    clock: Clock,
    options: ContractPricesOptions,
  ): Promise<ContractPrices> {
    const service = new ContractPrices(db, core, prices, clock, options);
    await service.tick();
    if (options.tickMs > 0) {
      const tick = () => service.tick().catch((error) => options.onError(error, 'contract prices: tick'));
      service.timer = setInterval(tick, options.tickMs).unref();
    }
    return service;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** The contract's index price now (ledger units), or null while its coins have none. */
  indexOf(symbol: string): bigint | null {
    return this.live.get(symbol)?.price.index ?? null;
  }

  /** The contract's mark price now (ledger units), or null while it has no index. */
  markOf(symbol: string): bigint | null {
    return this.live.get(symbol)?.price.mark ?? null;
  }

  /** The listener hears the contracts whose index or mark changed, once a tick; returns the unsubscribe function. */
  subscribe(listener: ContractPriceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Funding's command for the moment `at`: every live perpetual with its prices now, unless `at` is long past. */
  fundingMoment(at: number): FundingMoment {
    const fresh = this.clock.now() - at < LATE_MS;
    const contracts: FundingContract[] = [];
    for (const { contract: c, price } of this.live.values()) {
      if (c.delivery_time !== null) continue;
      const text = (v: bigint | null) => (fresh && v !== null ? ledgerText(v) : null);
      contracts.push(fundingContract(c, text(price.index), text(price.mark)));
    }
    return { at, contracts };
  }

  /** Works the prices out now; one round at a time. */
  tick(): Promise<void> {
    this.running ??= this.update().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async update(): Promise<void> {
    const now = this.clock.now();
    const [contracts, rates] = await Promise.all([listContracts(this.db, LIVE), lastRates(this.db)]);
    const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    if (minute !== this.minute) await this.beginMinute(minute);
    const table = this.prices.latest();
    const changes: ContractPrice[] = [];
    const barRows: Insertable<FuturesPriceKlinesTable>[] = [];
    const listed = new Set<string>();
    for (const contract of contracts) {
      const symbol = futuresSymbol(contract.contract_name);
      listed.add(symbol);
      // A dated contract's successor takes its book's name: it starts afresh.
      const held = this.live.get(symbol);
      const before = held?.contract.id === contract.id ? held : undefined;
      const live: LiveContract = before ?? {
        contract,
        price: { symbol, contractId: contract.id, index: null, mark: null },
        basis: emptyBasis,
      };
      live.contract = contract;
      const index = indexPrice(table, contract);
      const mark = this.markNow(live, index, rates.get(contract.id), now);
      if (!before || index !== live.price.index || mark !== live.price.mark) {
        live.price = { symbol, contractId: contract.id, index, mark };
        changes.push(live.price);
      }
      this.live.set(symbol, live);
      for (const [kind, value] of [
        ['index', index],
        ['mark', mark],
      ] as const) {
        const row = value === null ? null : this.barRow(contract.id, kind, minute, value);
        if (row) barRows.push(row);
      }
    }
    for (const symbol of this.live.keys()) if (!listed.has(symbol)) this.live.delete(symbol);
    if (barRows.length) await this.core.writeAlongside({ priceBars: barRows });
    if (changes.length) this.tell(changes);
  }

  /** The mark now, and the basis window with the book's mid now in it. */
  private markNow(live: LiveContract, index: bigint | null, lastRate: string | undefined, now: number): bigint | null {
    const { contract: c, price } = live;
    const book = this.core.book(price.symbol);
    const spec = this.core.market(price.symbol);
    if (index === null) return null;
    const last = live.basis.samples.at(-1);
    if (last && last.at > now) live.basis = emptyBasis; // the clock went back (tests): start the window again
    const tick = (units: number) => ledgerFromUnits(units, spec?.pricePrecision ?? 0);
    const bid = book?.bids.best() ?? -1;
    const ask = book?.asks.best() ?? -1;
    if (book && spec && bid !== -1 && ask !== -1) {
      // Ticks have at most 18 digits, so half their sum is exact in ledger units.
      const mid = (tick(book.bids.price[bid] as number) + tick(book.asks.price[ask] as number)) / 2n;
      live.basis = addBasis(live.basis, now, mid - index);
    }
    const perpetual = c.delivery_time === null;
    const schedule = fundingScheduleOf(c);
    return markPrice({
      index,
      last: book && spec && book.lastPrice > 0 ? tick(book.lastPrice) : index,
      fundingRate: perpetual && lastRate ? ledgerOf(lastRate) : 0n,
      msToFunding: perpetual ? nextFundingTime(schedule, now) - now : 0,
      intervalMs: intervalMs(schedule),
      basis: basisAverage(live.basis, now),
    });
  }

  /** A new minute: its bars start empty, or from what was stored of it before a restart. */
  private async beginMinute(minute: number): Promise<void> {
    const stored = await barsOfMinute(this.db, minute);
    this.bars = new Map(
      stored.map((r) => [
        `${r.contract_id}:${r.kind}`,
        { open: ledgerOf(r.open), high: ledgerOf(r.high), low: ledgerOf(r.low), close: ledgerOf(r.close) },
      ]),
    );
    this.minute = minute;
  }

  /** The bar with `value` taken in, as a row to store; null when it did not change. */
  private barRow(contractId: number, kind: PriceKind, minute: number, value: bigint) {
    const key = `${contractId}:${kind}`;
    const bar = this.bars.get(key);
    if (bar?.close === value) return null;
    const next: Bar = bar
      ? {
          open: bar.open,
          high: value > bar.high ? value : bar.high,
          low: value < bar.low ? value : bar.low,
          close: value,
        }
      : { open: value, high: value, low: value, close: value };
    this.bars.set(key, next);
    return {
      contract_id: contractId,
      kind,
      open_time: minute,
      open: ledgerText(next.open),
      high: ledgerText(next.high),
      low: ledgerText(next.low),
      close: ledgerText(next.close),
    };
  }

  private tell(changes: readonly ContractPrice[]): void {
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (error) {
        this.options.onError(error, 'contract prices: listener');
      }
    }
  }
}

/** The contract's base coin in its quote; a quote of USD is the dollar every index price is in. */
function indexPrice(table: IndexPriceTable, c: Contract): bigint | null {
  const price = c.quote.toUpperCase() === 'USD' ? priceIn(table, c.base, 'usd') : priceInCoin(table, c.base, c.quote);
  return price?.gt(0) ? ledgerFromBig(price) : null;
}

/** A price as pages show it: at the contract's precision, truncated (a mark never shows above what it is); '' for none. */
export const shownPrice = (units: bigint | null, digits: number) =>
  units === null ? '' : ledgerFixed(truncateLedger(units, digits), digits);
