import type { Candle } from '@opex/contract/realtime';
import Big from 'big.js';
import type { CoreEvent, TradeEvent } from '../core/core-events.ts';
import type { MarketDataUpdate } from '../market-data/market-data.ts';
import type { Fanout } from '../realtime/fanout.ts';
import type { Services } from '../services.ts';
import { aggregate, type Fill } from './aggregate-trades.ts';
import type { DepthBook, DepthDiff } from './depth-book.ts';
import { findMarket } from './exchange-info.ts';
import {
  intervalOfPeriod,
  klineCloseTime,
  klineStreamBody,
  miniTickerStreamEvent,
  ticker24hr,
  tickerStreamEvent,
} from './market-format.ts';
import {
  marketOf,
  type ParsedStream,
  parseStream,
  STREAMS_PROTOCOL,
  type StreamChannel,
  type StreamRoute,
  watchedBook,
} from './stream-names.ts';

/**
 * Spot's market data as Binance's market streams (stream-names.ts), one channel of the fan-out: trades from the
 * core's events as they commit, candles from market data, depth by sampling the shared DepthBook every 100 ms
 * (diffs for @100ms, merged per second for @depth), tickers each second. A stream's first listener starts the
 * depth book watching its market, its last stops it.
 */
const FAST_MS = 100;
const SLOW_MS = 1000;
const TICKER_ARRAYS = ['!miniTicker@arr', '!ticker@arr'] as const;

export class MarketStreams implements StreamChannel<ParsedStream> {
  readonly protocol = STREAMS_PROTOCOL;
  /** Per market, the diffs since the last @depth (1000 ms) push, merged at the next one. */
  private readonly slowDiffs = new Map<string, DepthDiff[]>();
  private readonly lastSent = new Map<string, string>();
  /** The last candle pushed per kline stream, so its close (x: true) is sent once its time has passed. */
  private readonly openCandles = new Map<string, Candle>();

  constructor(
    private readonly fanout: Fanout,
    private readonly services: Services,
    private readonly depth: DepthBook,
  ) {
    fanout.own(services.core.bus.subscribe((events) => this.onTrades(events)));
    fanout.own(services.marketData.subscribe((updates) => this.onCandles(updates)));
    fanout.every(FAST_MS, () => this.everyFast());
    fanout.every(SLOW_MS, () => this.everySlow());
  }

  match(name: string): ParsedStream | null {
    return parseStream(name);
  }

  async refusal(stream: ParsedStream): Promise<string | null> {
    const symbol = marketOf(stream.route);
    if (symbol && !(await findMarket(this.services, symbol)))
      return `Invalid request: unknown symbol in '${stream.name}'`;
    return null;
  }

  opened(_name: string, stream: ParsedStream): void {
    const book = watchedBook(stream.route);
    if (book) this.depth.watch(book);
  }

  closed(name: string, { route }: ParsedStream): void {
    this.lastSent.delete(name);
    // An array stream's next listener starts with every ticker again.
    for (const key of this.lastSent.keys()) if (key.startsWith(`${name}|`)) this.lastSent.delete(key);
    this.openCandles.delete(name);
    const book = watchedBook(route);
    if (book) {
      this.depth.unwatch(book);
      this.slowDiffs.delete(book);
    }
  }

  private onTrades(events: readonly CoreEvent[]): void {
    const fills = new Map<string, Fill[]>();
    for (const e of events) {
      if (e.type !== 'trade') continue;
      this.push(`${e.symbol}@trade`, () => this.tradeEvent(e));
      const list = fills.get(e.symbol) ?? [];
      list.push({ ...e, id: e.tradeId });
      fills.set(e.symbol, list);
    }
    for (const [symbol, list] of fills) {
      const name = `${symbol}@aggTrade`;
      if (!this.fanout.listened(name)) continue;
      const digits = this.services.core.market(symbol)?.volumePrecision ?? 0;
      for (const agg of aggregate(list)) {
        const q = new Big(agg.q).toFixed(digits);
        this.push(name, () => ({ e: 'aggTrade', E: this.now(), s: symbol.toUpperCase(), ...agg, q }));
      }
    }
  }

  private tradeEvent(e: TradeEvent) {
    return {
      e: 'trade',
      E: this.now(),
      s: e.symbol.toUpperCase(),
      t: e.tradeId,
      p: e.price,
      q: e.volume,
      T: e.ts,
      m: e.takerSide === 'SELL',
      M: true,
    };
  }

  private onCandles(updates: MarketDataUpdate[]): void {
    for (const u of updates) {
      for (const { period, candle } of u.candles) {
        const name = `${u.symbol}@kline_${intervalOfPeriod(period)}`;
        if (!this.fanout.listened(name)) continue;
        const open = this.openCandles.get(name);
        if (open && open.id !== candle.id) this.pushKline(name, open, true);
        this.openCandles.set(name, candle);
        this.pushKline(name, candle, false);
      }
    }
  }

  private pushKline(name: string, candle: Candle, closed: boolean): void {
    const route = this.routeOf(name);
    if (route?.kind !== 'kline') return;
    const symbol = route.symbol.toUpperCase();
    const k = klineStreamBody(symbol, route.interval, candle, closed);
    this.push(name, () => ({ e: 'kline', E: this.now(), s: symbol, k }));
  }

  private everyFast(): void {
    for (const diff of this.depth.sample()) {
      this.push(`${diff.symbol}@depth@100ms`, () => this.diffEvent(diff));
      const pending = this.slowDiffs.get(diff.symbol) ?? [];
      pending.push(diff);
      this.slowDiffs.set(diff.symbol, pending);
    }
    for (const [name, route] of this.streams()) {
      if (route.kind === 'partialDepth' && route.fast) this.pushPartial(name, route.symbol, route.levels);
      if (route.kind === 'bookTicker') this.pushBookTicker(name, route.symbol);
    }
  }

  private everySlow(): void {
    for (const [symbol, diffs] of this.slowDiffs) {
      const merged = mergeDiffs(diffs);
      if (merged) {
        this.push(`${symbol}@depth`, () => this.diffEvent(merged));
        this.push(`${symbol}@depth@1000ms`, () => this.diffEvent(merged));
      }
    }
    this.slowDiffs.clear();
    const now = this.now();
    this.pushTickers(now);
    for (const [name, route] of this.streams()) {
      if (route.kind === 'partialDepth' && !route.fast) this.pushPartial(name, route.symbol, route.levels);
    }
    for (const [name, candle] of this.openCandles) {
      const route = this.routeOf(name);
      if (route?.kind !== 'kline' || klineCloseTime(route.interval, candle.id) >= now) continue;
      this.openCandles.delete(name);
      this.pushKline(name, candle, true);
    }
  }

  /**
   * A market's ticker streams push every second; the array streams carry only the tickers that changed since
   * their last push (as Binance's do).
   */
  private pushTickers(now: number): void {
    const changed: Record<(typeof TICKER_ARRAYS)[number], object[]> = { '!miniTicker@arr': [], '!ticker@arr': [] };
    const watched = TICKER_ARRAYS.filter((name) => this.fanout.listened(name));
    for (const symbol of this.tickerMarkets(watched.length > 0)) {
      const spec = this.services.core.market(symbol);
      if (!spec) continue;
      const ticker = ticker24hr(this.services, this.depth, spec);
      const mini = miniTickerStreamEvent(ticker, now);
      const full = tickerStreamEvent(ticker, now);
      this.push(`${symbol}@miniTicker`, () => mini);
      this.push(`${symbol}@ticker`, () => full);
      for (const name of watched) {
        const event = name === '!miniTicker@arr' ? mini : full;
        if (this.changed(`${name}|${symbol}`, event)) changed[name].push(event);
      }
    }
    for (const name of watched) if (changed[name].length) this.push(name, () => changed[name]);
  }

  /** Markets whose tickers someone watches: every market for the array streams, else the subscribed ones. */
  private tickerMarkets(everyMarket: boolean): Set<string> {
    const symbols = new Set<string>();
    if (everyMarket) for (const s of Object.keys(this.services.marketData.review())) symbols.add(s);
    for (const [, route] of this.streams()) {
      if (route.kind === 'ticker' || route.kind === 'miniTicker') symbols.add(route.symbol);
    }
    return symbols;
  }

  /** Whether anything but the event time and window bounds changed since this key's last push. */
  private changed(key: string, event: { E: number }): boolean {
    const text = JSON.stringify({ ...event, E: 0, O: 0, C: 0 });
    if (this.lastSent.get(key) === text) return false;
    this.lastSent.set(key, text);
    return true;
  }

  private diffEvent(diff: DepthDiff) {
    return {
      e: 'depthUpdate',
      E: this.now(),
      s: diff.symbol.toUpperCase(),
      U: diff.firstId,
      u: diff.lastId,
      b: diff.bids,
      a: diff.asks,
    };
  }

  private pushPartial(name: string, symbol: string, levels: number): void {
    this.push(name, () => this.depth.snapshot(symbol, levels));
  }

  private pushBookTicker(name: string, symbol: string): void {
    const top = this.depth.snapshot(symbol, 1);
    const [bid, ask] = [top.bids[0], top.asks[0]];
    const body = { s: symbol.toUpperCase(), b: bid?.[0], B: bid?.[1], a: ask?.[0], A: ask?.[1] };
    const text = JSON.stringify(body);
    if (this.lastSent.get(name) === text) return;
    this.lastSent.set(name, text);
    if (!bid && !ask) return;
    this.push(name, () => ({ u: top.lastUpdateId, ...body }));
  }

  /** The streams someone listens to, with their routes. */
  private *streams(): IterableIterator<[string, StreamRoute]> {
    for (const [name, { channel, route }] of this.fanout.topics()) {
      if (channel === this) yield [name, (route as ParsedStream).route];
    }
  }

  private routeOf(name: string): StreamRoute | null {
    const open = this.fanout.routeOf(name);
    return open?.channel === this ? (open.route as ParsedStream).route : null;
  }

  /** Binance's streams send at once (text frames, no batch). */
  private push(name: string, data: () => unknown): void {
    this.fanout.publish(name, data);
  }

  private now(): number {
    return this.services.clock.now();
  }
}

/** Successive diffs as one: the later quantity of a level wins; ids span them all. */
export function mergeDiffs(diffs: DepthDiff[]): DepthDiff | null {
  const first = diffs[0];
  const last = diffs[diffs.length - 1];
  if (!first || !last) return null;
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  for (const d of diffs) {
    for (const [p, q] of d.bids) bids.set(p, q);
    for (const [p, q] of d.asks) asks.set(p, q);
  }
  const byPrice = (a: [string, string], b: [string, string]) => new Big(a[0]).cmp(b[0]);
  return {
    symbol: first.symbol,
    firstId: first.firstId,
    lastId: last.lastId,
    bids: [...bids].sort((a, b) => byPrice(b, a)),
    asks: [...asks].sort(byPrice),
  };
}
