import type { Kysely } from 'kysely';
import { listMarkets } from '../catalog/markets.ts';
import { listAnchors, listFxRates } from '../catalog/price-anchors.ts';
import type { CoreEvent } from '../core/core-events.ts';
import type { TradingCore } from '../core/trading-core.ts';
import type { Database } from '../db/schema.ts';
import type { MarketData } from '../market-data/market-data.ts';
import { bookSnapshots, type IndexedMarket } from './book-snapshots.ts';
import { type AnchorRows, buildIndexTable, type IndexPriceTable } from './index-price-table.ts';
import type { IndexPrice } from './index-prices.ts';

/**
 * The one price index every product reads: each coin's index price, held in memory and recomputed when the books
 * change (the core's trade and book events), when a reader asks (`current`) and on each poll. The operator's anchors,
 * exchange rates and markets live in the database and change from the admin command, another process: `current`
 * reads them again so a reader sees a change at once, as valuations always have; the poll does it for listeners.
 * Listeners hear each coin whose price changed, so margin's risk rate and futures' mark price recompute on it.
 */
export interface PriceChange {
  coin: string;
  /** The new price; null when the coin lost its route to an anchor. */
  price: IndexPrice | null;
}
export type PriceListener = (change: PriceChange) => void;

export interface PriceIndexOptions {
  /** How often the anchors, exchange rates and markets are read again (ms); 0: only when a reader asks. */
  pollMs: number;
  onError: (error: unknown, context: string) => void;
}

const EMPTY_ROWS: AnchorRows = { anchors: [], fx: [] };

export class PriceIndex {
  private markets: readonly IndexedMarket[] = [];
  private rows: AnchorRows = EMPTY_ROWS;
  private table: IndexPriceTable = buildIndexTable([], EMPTY_ROWS);
  /** The books moved since the table was computed. */
  private stale = false;
  /** A recompute for the listeners waits for the next turn of the event loop. */
  private queued = false;
  private readonly listeners = new Set<PriceListener>();
  private unsubscribe: () => void = () => {};
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly core: TradingCore,
    private readonly marketData: MarketData,
    private readonly options: PriceIndexOptions,
  ) {}

  static async start(
    db: Kysely<Database>,
    core: TradingCore,
    marketData: MarketData,
    options: PriceIndexOptions,
  ): Promise<PriceIndex> {
    const index = new PriceIndex(db, core, marketData, options);
    await index.current();
    index.unsubscribe = core.bus.subscribe((events) => index.onCoreEvents(events));
    if (options.pollMs > 0) {
      const poll = () => index.current().catch((error) => options.onError(error, 'price index: poll'));
      index.timer = setInterval(poll, options.pollMs).unref();
    }
    return index;
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
  }

  /** The index with the operator's anchors, exchange rates and markets read again: what a valuation answers with. */
  async current(): Promise<IndexPriceTable> {
    const [markets, anchors, fx] = await Promise.all([
      listMarkets(this.db),
      listAnchors(this.db),
      listFxRates(this.db),
    ]);
    this.markets = markets.filter((m) => m.status === 'open');
    this.rows = { anchors, fx };
    this.recompute();
    return this.table;
  }

  /** The index as of the books now and the sources as last read, without waiting: for the core's synchronous path. */
  latest(): IndexPriceTable {
    if (this.stale) this.recompute();
    return this.table;
  }

  /** The listener hears every coin whose index price changes; returns the unsubscribe function. */
  subscribe(listener: PriceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onCoreEvents(events: readonly CoreEvent[]): void {
    if (!events.some((e) => e.type === 'trade' || e.type === 'book')) return;
    this.stale = true;
    // Once per turn of the event loop however many batches commit in it, and only when someone listens: the
    // core's path sets a flag, and a reader recomputes when it reads.
    if (this.queued || this.listeners.size === 0) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      this.latest();
    });
  }

  private recompute(): void {
    this.stale = false;
    const before = this.table.prices;
    this.table = buildIndexTable(bookSnapshots(this.core, this.marketData, this.markets), this.rows);
    const after = this.table.prices;
    for (const [coin, price] of after) {
      if (!before.get(coin)?.usd.eq(price.usd)) this.tell({ coin, price });
    }
    for (const coin of before.keys()) if (!after.has(coin)) this.tell({ coin, price: null });
  }

  private tell(change: PriceChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.options.onError(error, `price index: listener for ${change.coin}`);
      }
    }
  }
}
