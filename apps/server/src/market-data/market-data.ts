import type { Candle, KlinePeriod, Ticker, TradeTick } from '@opex/contract/realtime';
import { LIVE, listContracts } from '../catalog/contracts.ts';
import type { CoreEvent } from '../core/core-events.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import type { TradingCore } from '../core/trading-core.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../platform/clock.ts';
import { type CandleState, type CandleText, formatCandle, type Precision, parseCandle } from './candle.ts';
import { candleFromRow, KlineStore } from './kline-store.ts';
import { TickerWindow, WINDOW_MS, type WindowTrades } from './ticker-window.ts';
import { type AppliedTrade, appliedTrade, tradeTick } from './trade-record.ts';

/**
 * Market data from the core's trades: rolling 24 h tickers, K-lines of every period (persisted in batches) and the
 * recent trades of each market. Rebuilt from the trades table at start; then fed by the core's trade events, which
 * arrive after commit. Listeners hear each batch's trades and changed candles after they are applied.
 */
export const RECENT_TRADES = 150;
const FLUSH_MS = 1000;
const REPLAY_PAGE = 5000;
const MINUTE_MS = 60_000;

export interface MarketDataUpdate {
  symbol: string;
  trades: TradeTick[];
  candles: { period: KlinePeriod; candle: Candle }[];
}
export type MarketDataListener = (updates: MarketDataUpdate[]) => void;

export class MarketData {
  private readonly tickers = new Map<string, TickerWindow>();
  private readonly recent = new Map<string, TradeTick[]>();
  private readonly listeners = new Set<MarketDataListener>();
  private lastTickerTrade = 0;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly core: TradingCore,
    private readonly klines: KlineStore,
  ) {}

  static async start(database: DatabaseHandle, clock: Clock, core: TradingCore): Promise<MarketData> {
    // Subscribed before reading, so a trade committed during the load is either read or buffered (never lost);
    // trades are applied once by id.
    const buffered: CoreEvent[] = [];
    let live: MarketData | null = null;
    const unsubscribe = core.bus.subscribe((events) => {
      if (live) live.onEvents(events);
      else buffered.push(...events);
    });
    try {
      const db = database.db;
      // Spot markets and live contracts' books (a contract's candles, ticker and recent trades survive a restart too).
      const [markets, contracts] = await Promise.all([
        db.selectFrom('markets').select('symbol').execute(),
        listContracts(db, LIVE),
      ]);
      const symbols = [...markets.map((m) => m.symbol), ...contracts.map((c) => futuresSymbol(c.contract_name))];
      const klines = await KlineStore.load(db, symbols, (candles) => core.writeAlongside({ candles }));
      const data = new MarketData(database, clock, core, klines);
      await data.loadTickersAndRecent(symbols);
      await data.replayKlines();
      data.onEvents(buffered);
      live = data;
      data.unsubscribe = unsubscribe;
      data.timer = setInterval(() => void data.flush().catch(() => {}), FLUSH_MS).unref();
      return data;
    } catch (error) {
      unsubscribe();
      throw error;
    }
  }

  private unsubscribe: () => void = () => {};

  /** Stops listening and writes what is pending. */
  async stop(): Promise<void> {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  flush(): Promise<void> {
    return this.klines.flush(this.clock.now());
  }

  subscribe(listener: MarketDataListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The market's precision, or undefined for an unknown market. */
  precision(symbol: string): Precision | undefined {
    const spec = this.core.market(symbol);
    return spec && { price: spec.pricePrecision, volume: spec.volumePrecision };
  }

  /** The rolling 24 h ticker; null for an unknown market or one that never traded. */
  ticker(symbol: string): Ticker | null {
    const p = this.precision(symbol);
    return (p && this.tickers.get(symbol)?.ticker(this.clock.now(), p)) ?? null;
  }

  /** The first and last trade id and the count of the rolling 24 h window; null when it holds no trade. */
  tickerTrades(symbol: string): WindowTrades | null {
    return this.tickers.get(symbol)?.trades(this.clock.now()) ?? null;
  }

  /** symbol -> ticker for every market that has traded. */
  review(): Record<string, Ticker> {
    const out: Record<string, Ticker> = {};
    for (const symbol of this.tickers.keys()) {
      const t = this.ticker(symbol);
      if (t) out[symbol] = t;
    }
    return out;
  }

  /** The newest `top` trades, newest first. */
  recentTrades(symbol: string, top: number): TradeTick[] {
    return (this.recent.get(symbol) ?? []).slice(-top).reverse();
  }

  latestCandle(symbol: string, period: KlinePeriod): Candle | null {
    const p = this.precision(symbol);
    const c = this.klines.latestCandle(symbol, period);
    return p && c ? formatCandle(c, p) : null;
  }

  klineHistory(symbol: string, period: KlinePeriod, endIdx: number | undefined, pageSize: number): Promise<Candle[]> {
    const p = this.precision(symbol);
    return p ? this.klines.history(symbol, period, p, endIdx, pageSize) : Promise.resolve([]);
  }

  /** Whether the market has a candle at all (from its trades or a seeded past). */
  hasHistory(symbol: string): boolean {
    return this.klines.latestCandle(symbol, '1month') !== undefined;
  }

  /**
   * A past no trade made (the demo's), for a market with no history yet: its candles are written through the
   * core's writer with the next flush, and its last 24 h of one-minute candles open the market's ticker window.
   */
  seedHistory(symbol: string, byPeriod: Map<KlinePeriod, CandleText[]>): void {
    if (this.hasHistory(symbol)) return;
    this.klines.seed(symbol, byPeriod);
    const from = this.clock.now() - WINDOW_MS;
    const minutes = byPeriod.get('1min') ?? [];
    const before = minutes.filter((c) => c.id * 1000 < from);
    const window = new TickerWindow(before[before.length - 1]?.close ?? null);
    for (const c of minutes) if (c.id * 1000 >= from) window.addMinute(parseCandle(c));
    this.tickers.set(symbol, window);
  }

  private onEvents(events: readonly CoreEvent[]): void {
    const bySymbol = new Map<string, { update: MarketDataUpdate; candles: Map<KlinePeriod, CandleState> }>();
    for (const e of events) {
      if (e.type !== 'trade') continue;
      const trade = appliedTrade({
        id: e.tradeId,
        symbol: e.symbol,
        price: e.price,
        volume: e.volume,
        amount: e.amount,
        takerSide: e.takerSide,
        ts: e.ts,
      });
      let changes = bySymbol.get(e.symbol);
      if (!changes) {
        changes = { update: { symbol: e.symbol, trades: [], candles: [] }, candles: new Map() };
        bySymbol.set(e.symbol, changes);
      }
      const tick = this.applyTickerAndRecent(trade);
      if (tick) changes.update.trades.push(tick);
      for (const { period, candle } of this.klines.apply(trade)) changes.candles.set(period, candle);
    }
    if (bySymbol.size === 0) return;
    // Each period's candle once per batch, as it stands after the batch's last trade.
    const updates: MarketDataUpdate[] = [];
    for (const [symbol, { update, candles }] of bySymbol) {
      const p = this.precision(symbol);
      if (p) for (const [period, candle] of candles) update.candles.push({ period, candle: formatCandle(candle, p) });
      updates.push(update);
    }
    for (const listener of this.listeners) {
      try {
        listener(updates);
      } catch {
        // A subscriber's failure must not stop market data.
      }
    }
  }

  private applyTickerAndRecent(trade: AppliedTrade): TradeTick | null {
    if (trade.id <= this.lastTickerTrade) return null;
    this.lastTickerTrade = trade.id;
    let window = this.tickers.get(trade.symbol);
    if (!window) {
      window = new TickerWindow(null);
      this.tickers.set(trade.symbol, window);
    }
    window.add(trade);
    const tick = tradeTick(trade, this.precision(trade.symbol));
    const list = this.recent.get(trade.symbol) ?? [];
    list.push(tick);
    if (list.length > RECENT_TRADES) list.splice(0, list.length - RECENT_TRADES);
    this.recent.set(trade.symbol, list);
    return tick;
  }

  private async loadTickersAndRecent(symbols: string[]): Promise<void> {
    const db = this.database.db;
    const from = this.clock.now() - WINDOW_MS - 60_000;
    for (const symbol of symbols) {
      const prior = await db
        .selectFrom('trades')
        .select(['id', 'price'])
        .where('symbol', '=', symbol)
        .where('created_at', '<', from)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const inWindow = await db
        .selectFrom('trades')
        .selectAll()
        .where('symbol', '=', symbol)
        .where('created_at', '>=', from)
        .orderBy('id')
        .execute();
      // Minutes of the window before its first kept trade have candles but no trades (a seeded or pruned past).
      const firstTrade = inWindow[0] ? Number(inWindow[0].created_at) : this.clock.now();
      const minutes = await db
        .selectFrom('klines')
        .selectAll()
        .where('symbol', '=', symbol)
        .where('period', '=', '1min')
        .where('open_time', '>=', Math.ceil(from / 1000))
        .where('open_time', '<', Math.floor(firstTrade / MINUTE_MS) * 60)
        .orderBy('open_time')
        .execute();
      const priorMinute = prior
        ? undefined
        : await db
            .selectFrom('klines')
            .select('close')
            .where('symbol', '=', symbol)
            .where('period', '=', '1min')
            .where('open_time', '<', Math.ceil(from / 1000))
            .orderBy('open_time', 'desc')
            .limit(1)
            .executeTakeFirst();
      const window = new TickerWindow(prior?.price ?? priorMinute?.close ?? null);
      for (const row of minutes) window.addMinute(candleFromRow(row));
      for (const row of inWindow) window.add(fromRow(row));
      if (prior || priorMinute || minutes.length || inWindow.length) this.tickers.set(symbol, window);
      const recent = await db
        .selectFrom('trades')
        .selectAll()
        .where('symbol', '=', symbol)
        .orderBy('id', 'desc')
        .limit(RECENT_TRADES)
        .execute();
      if (recent.length)
        this.recent.set(
          symbol,
          recent.reverse().map((r) => tradeTick(fromRow(r), this.precision(symbol))),
        );
      const maxId = Number(recent[recent.length - 1]?.id ?? 0);
      if (maxId > this.lastTickerTrade) this.lastTickerTrade = maxId;
    }
  }

  private async replayKlines(): Promise<void> {
    const db = this.database.db;
    for (;;) {
      const rows = await db
        .selectFrom('trades')
        .selectAll()
        .where('id', '>', this.klines.appliedUpTo)
        .orderBy('id')
        .limit(REPLAY_PAGE)
        .execute();
      for (const row of rows) this.klines.apply(fromRow(row));
      if (rows.length < REPLAY_PAGE) return;
    }
  }
}

function fromRow(row: {
  id: number;
  symbol: string;
  price: string;
  volume: string;
  amount: string;
  taker_side: 'BUY' | 'SELL';
  created_at: number;
}): AppliedTrade {
  return appliedTrade({
    id: Number(row.id),
    symbol: row.symbol,
    price: row.price,
    volume: row.volume,
    amount: row.amount,
    takerSide: row.taker_side,
    ts: Number(row.created_at),
  });
}
