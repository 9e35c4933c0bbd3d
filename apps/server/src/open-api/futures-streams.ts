import type { Candle } from '@opex/contract/realtime';
import type Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import type { CoreEvent } from '../core/core-events.ts';
import type { MarketDataUpdate } from '../market-data/market-data.ts';
import type { Fanout } from '../realtime/fanout.ts';
import type { Services } from '../services.ts';
import { aggregate, type Fill } from './aggregate-trades.ts';
import type { DepthDiff } from './depth-book.ts';
import { type FuturesDeps, futuresTicker } from './futures-market-routes.ts';
import { type FuturesMarket, futuresMarkets, quantityOf } from './futures-markets.ts';
import { premiumIndex } from './futures-price-routes.ts';
import { futuresStreamAccount } from './futures-user-events.ts';
import { baseVolumes, candleVolumes } from './futures-volume.ts';
import {
  intervalOfPeriod,
  isKlineInterval,
  type KlineInterval,
  klineCloseTime,
  klineStreamBody,
} from './market-format.ts';
import { mergeDiffs } from './market-streams.ts';
import type { StreamChannel } from './stream-names.ts';
import { serveBinanceStreams } from './streams.ts';
import type { StreamDeps } from './user-stream.ts';

/**
 * A futures family's market streams on Binance's futures stream paths (`/fstream/ws`, `/fstream/stream`, and the
 * same under `/fstream/public` and `/fstream/market`, for /fapi; `/dstream/...` for /dapi), in Binance's futures shapes: `<symbol>@markPrice` (every 3 s, `@1s` every second) and
 * `!markPrice@arr`, `@trade`, diff depth `@depth` (250 ms), `@depth@500ms`, `@depth@100ms` with U, u and pu (the previous
 * event's u, so a client syncing from the REST snapshot sees no gap), partial depth `@depth<5|10|20>` at the same
 * speeds, `@aggTrade`, `@kline_<interval>`, `@ticker` (every second) and `@bookTicker`. Quantities in the family's
 * unit (futures-markets.ts).
 */
type Route =
  | { kind: 'markPrice'; symbol: string; fast: boolean }
  | { kind: 'allMarkPrices'; fast: boolean }
  | { kind: 'depth'; symbol: string; ms: number }
  | { kind: 'partialDepth'; symbol: string; levels: number; ms: number }
  | { kind: 'trade' | 'aggTrade' | 'ticker' | 'bookTicker'; symbol: string }
  | { kind: 'kline'; symbol: string; interval: KlineInterval };
interface Parsed {
  name: string;
  route: Route;
}

const SPEEDS = [100, 250, 500] as const;
const MARK_SLOW_MS = 3000;
const symbolStream =
  /^([A-Za-z0-9_]{2,40})@(trade|aggTrade|ticker|bookTicker|markPrice(@1s)?|kline_(\w{2,3})|depth(5|10|20)?(@100ms|@250ms|@500ms)?)$/;

export function parseFuturesStream(text: string): Parsed | null {
  const all = /^!markPrice@arr(@1s)?$/.exec(text);
  if (all) return { name: text, route: { kind: 'allMarkPrices', fast: all[1] !== undefined } };
  const m = symbolStream.exec(text);
  if (!m) return null;
  const symbol = (m[1] as string).toLowerCase();
  const stream = m[2] as string;
  const name = `${symbol}@${stream}`;
  if (m[4] !== undefined)
    return isKlineInterval(m[4]) ? { name, route: { kind: 'kline', symbol, interval: m[4] } } : null;
  if (stream.startsWith('markPrice')) return { name, route: { kind: 'markPrice', symbol, fast: m[3] !== undefined } };
  if (stream.startsWith('depth')) {
    const ms = m[6] ? Number(m[6].slice(1, -2)) : 250;
    if (m[5] === undefined) return { name, route: { kind: 'depth', symbol, ms } };
    return { name, route: { kind: 'partialDepth', symbol, levels: Number(m[5]), ms } };
  }
  return { name, route: { kind: stream as 'aggTrade', symbol } };
}

export function registerFuturesStreams(
  app: FastifyInstance,
  deps: FuturesDeps,
  fanout: Fanout,
  users: StreamDeps,
): void {
  const protocol = `binance-${deps.family}-streams`;
  const topicPrefix = `${deps.family}|`;
  fanout.register(new FuturesStreams(fanout, deps, protocol, topicPrefix));
  const root = deps.family === 'fapi' ? '/fstream' : '/dstream';
  // Binance also splits the futures streams by category (/public/ws for books, /market/ws for the rest, /private/ws
  // for the user data stream): one here.
  const roots = [root, `${root}/public`, `${root}/market`, `${root}/private`];
  const account = futuresStreamAccount(deps.family);
  serveBinanceStreams(app, deps.services, {
    roots,
    protocol,
    topicPrefix,
    fanout,
    users: { ...users, carries: (owner) => owner === account },
  });
}

class FuturesStreams implements StreamChannel<Parsed> {
  /** The family's markets by lower-case symbol and by book, refreshed each second. */
  private bySymbol = new Map<string, FuturesMarket>();
  private byBook = new Map<string, FuturesMarket>();
  /** Per speed and book, the diffs since that speed's last push. */
  private readonly pending = new Map<string, DepthDiff[]>();
  /** Per stream, the u of its last event: the next one's pu. */
  private readonly lastU = new Map<string, number>();
  private readonly lastSent = new Map<string, string>();
  private readonly openCandles = new Map<string, Candle>();
  private readonly services: Services;
  private readonly depth: FuturesDeps['depth'];

  constructor(
    private readonly fanout: Fanout,
    deps: FuturesDeps,
    readonly protocol: string,
    private readonly prefix: string,
  ) {
    this.services = deps.services;
    this.depth = deps.depth;
    const family = deps.family;
    const refresh = async () => {
      const markets = await futuresMarkets(this.services, family);
      this.bySymbol = new Map(markets.map((m) => [m.symbol.toLowerCase(), m]));
      this.byBook = new Map(markets.map((m) => [m.book, m]));
    };
    const quietly = (work: Promise<unknown>) => work.catch(() => undefined);
    fanout.own(this.services.core.bus.subscribe((events) => this.onTrades(events)));
    fanout.own(this.services.marketData.subscribe((updates) => this.onCandles(updates)));
    fanout.every(100, () => this.everyFast());
    for (const ms of [250, 500]) fanout.every(ms, () => this.flushDepth(ms));
    fanout.every(1000, () => {
      void quietly(refresh());
      void quietly(this.everySecond());
    });
    fanout.every(MARK_SLOW_MS, () => void quietly(this.pushMarks(false)));
  }

  match(name: string): Parsed | null {
    return parseFuturesStream(name);
  }

  async refusal(stream: Parsed): Promise<string | null> {
    if (!('symbol' in stream.route)) return null;
    const markets = await futuresMarkets(this.services, this.familyOf());
    const known = markets.find((m) => m.symbol.toLowerCase() === (stream.route as { symbol: string }).symbol);
    if (!known) return `Invalid request: unknown symbol in '${stream.name}'`;
    this.bySymbol.set(known.symbol.toLowerCase(), known);
    this.byBook.set(known.book, known);
    return null;
  }

  opened(_name: string, { route }: Parsed): void {
    const book = this.watchedBook(route);
    if (book) this.depth.watch(book);
  }

  closed(name: string, { route }: Parsed): void {
    this.lastSent.delete(name);
    this.lastU.delete(name);
    this.openCandles.delete(name);
    const book = this.watchedBook(route);
    if (book) this.depth.unwatch(book);
  }

  private familyOf() {
    return this.prefix === 'fapi|' ? 'fapi' : 'dapi';
  }

  private watchedBook(route: Route): string | null {
    if (route.kind !== 'depth' && route.kind !== 'partialDepth' && route.kind !== 'bookTicker') return null;
    return this.bySymbol.get(route.symbol)?.book ?? null;
  }

  private onTrades(events: readonly CoreEvent[]): void {
    const fills = new Map<string, Fill[]>();
    for (const e of events) {
      const m = e.type === 'trade' ? this.byBook.get(e.symbol) : undefined;
      if (e.type !== 'trade' || !m) continue;
      this.push(`${m.symbol.toLowerCase()}@trade`, () => ({
        e: 'trade',
        E: this.now(),
        T: e.ts,
        s: m.symbol,
        t: e.tradeId,
        p: e.price,
        q: quantityOf(m, e.volume),
        X: 'MARKET',
        m: e.takerSide === 'SELL',
      }));
      const list = fills.get(e.symbol) ?? [];
      list.push({ ...e, id: e.tradeId });
      fills.set(e.symbol, list);
    }
    for (const [book, list] of fills) {
      const m = this.byBook.get(book) as FuturesMarket;
      for (const { M: _best, ...agg } of aggregate(list)) {
        this.push(`${m.symbol.toLowerCase()}@aggTrade`, () => ({
          e: 'aggTrade',
          E: this.now(),
          s: m.symbol,
          ...agg,
          q: quantityOf(m, agg.q),
        }));
      }
    }
  }

  private onCandles(updates: MarketDataUpdate[]): void {
    for (const u of updates) {
      const m = this.byBook.get(u.symbol);
      if (!m) continue;
      for (const { period, candle } of u.candles) {
        const interval = intervalOfPeriod(period);
        const name = `${m.symbol.toLowerCase()}@kline_${interval}`;
        if (!this.fanout.listened(this.prefix + name)) continue;
        const open = this.openCandles.get(name);
        if (open && open.id !== candle.id) this.pushKline(m, name, interval, open, true);
        this.openCandles.set(name, candle);
        this.pushKline(m, name, interval, candle, false);
      }
    }
  }

  /**
   * A K-line push. dapi's second volume is in the base coin, which candles do not keep: it is summed from the bar's
   * trades, so dapi's pushes are queued one after another to keep a closed bar ahead of the next one.
   */
  private pushKline(m: FuturesMarket, name: string, interval: KlineInterval, c: Candle, closed: boolean): void {
    const send = (base: Big | undefined) => {
      const [v, q] = candleVolumes(m, c, base);
      const k = { ...klineStreamBody(m.symbol, interval, c, closed), v, q };
      this.push(name, () => ({ e: 'kline', E: this.now(), s: m.symbol, k }));
    };
    if (m.family === 'fapi') {
      send(undefined);
      return;
    }
    const open = c.id * 1000;
    this.klines = this.klines
      .then(async () => {
        const sums = await baseVolumes(this.services, m, open, klineCloseTime(interval, c.id) + 1, () => open);
        send(sums.get(open));
      })
      .catch(() => undefined);
  }
  private klines = Promise.resolve();

  private everyFast(): void {
    for (const diff of this.depth.sample()) {
      for (const ms of SPEEDS) {
        const key = `${ms}|${diff.symbol}`;
        this.pending.set(key, [...(this.pending.get(key) ?? []), diff]);
      }
    }
    this.flushDepth(100);
    for (const [name, route] of this.streams())
      if (route.kind === 'bookTicker') this.pushBookTicker(name, route.symbol);
  }

  /** The diffs of one speed since its last push, merged, and that speed's partial books. */
  private flushDepth(ms: number): void {
    for (const [key, diffs] of this.pending) {
      if (!key.startsWith(`${ms}|`)) continue;
      this.pending.delete(key);
      const merged = mergeDiffs(diffs);
      const m = merged && this.byBook.get(merged.symbol);
      if (!merged || !m) continue;
      const name = `${m.symbol.toLowerCase()}@depth${ms === 250 ? '' : `@${ms}ms`}`;
      this.push(name, () => this.depthEvent(m, merged.firstId - 1, merged));
    }
    for (const [name, route] of this.streams()) {
      if (route.kind !== 'partialDepth' || route.ms !== ms) continue;
      const m = this.bySymbol.get(route.symbol);
      if (!m) continue;
      const top = this.depth.snapshot(m.book, route.levels);
      const pu = this.lastU.get(name) ?? top.lastUpdateId;
      this.lastU.set(name, top.lastUpdateId);
      const diff = { symbol: m.book, firstId: top.lastUpdateId, lastId: top.lastUpdateId, ...top };
      this.push(name, () => this.depthEvent(m, pu, diff));
    }
  }

  private depthEvent(m: FuturesMarket, pu: number, d: DepthDiff) {
    const now = this.now();
    const pair = m.family === 'dapi' ? { ps: m.pair } : {};
    return {
      e: 'depthUpdate',
      E: now,
      T: now,
      s: m.symbol,
      ...pair,
      U: d.firstId,
      u: d.lastId,
      pu,
      b: d.bids,
      a: d.asks,
    };
  }

  private pushBookTicker(name: string, symbol: string): void {
    const m = this.bySymbol.get(symbol);
    if (!m) return;
    const top = this.depth.snapshot(m.book, 1);
    const [bid, ask] = [top.bids[0], top.asks[0]];
    const body = { s: m.symbol, b: bid?.[0], B: bid?.[1], a: ask?.[0], A: ask?.[1] };
    const text = JSON.stringify(body);
    if (this.lastSent.get(name) === text) return;
    this.lastSent.set(name, text);
    if (!bid && !ask) return;
    const now = this.now();
    const pair = m.family === 'dapi' ? { ps: m.pair } : {};
    this.push(name, () => ({ e: 'bookTicker', u: top.lastUpdateId, E: now, T: now, ...pair, ...body }));
  }

  private async everySecond(): Promise<void> {
    const now = this.now();
    for (const [name, route] of this.streams()) {
      if (route.kind === 'ticker') {
        const m = this.bySymbol.get(route.symbol);
        if (m) {
          const t = await futuresTicker(this.services, this.depth, m);
          this.push(name, () => tickerEvent(t, now));
        }
      }
      if (route.kind === 'kline') {
        const candle = this.openCandles.get(name);
        const m = this.bySymbol.get(route.symbol);
        if (!candle || !m || klineCloseTime(route.interval, candle.id) >= now) continue;
        this.openCandles.delete(name);
        this.pushKline(m, name, route.interval, candle, true);
      }
    }
    await this.pushMarks(true);
  }

  /** The mark price streams of one speed: each watched contract's, and every contract's in the array stream. */
  private async pushMarks(fast: boolean): Promise<void> {
    const suffix = fast ? '@1s' : '';
    const arrayName = `!markPrice@arr${suffix}`;
    const everyMarket = this.fanout.listened(this.prefix + arrayName);
    const events: object[] = [];
    for (const [key, m] of this.bySymbol) {
      const name = `${key}@markPrice${suffix}`;
      if (!everyMarket && !this.fanout.listened(this.prefix + name)) continue;
      const p = await premiumIndex(this.services, m);
      const event = {
        e: 'markPriceUpdate',
        E: this.now(),
        s: m.symbol,
        p: p.markPrice,
        i: p.indexPrice,
        P: p.estimatedSettlePrice,
        r: p.lastFundingRate,
        T: p.nextFundingTime,
      };
      this.push(name, () => event);
      events.push(event);
    }
    if (everyMarket && events.length) this.push(arrayName, () => events);
  }

  private *streams(): IterableIterator<[string, Route]> {
    for (const [topic, { channel, route }] of this.fanout.topics()) {
      if (channel === this) yield [topic.slice(this.prefix.length), (route as Parsed).route];
    }
  }

  private push(name: string, data: () => unknown): void {
    this.fanout.publish(this.prefix + name, data);
  }

  private now(): number {
    return this.services.clock.now();
  }
}

/** The 24 h ticker as the `@ticker` stream sends it. */
function tickerEvent(t: Awaited<ReturnType<typeof futuresTicker>>, eventTime: number) {
  const second = 'quoteVolume' in t ? { q: t.quoteVolume } : { ps: t.pair, q: t.baseVolume };
  return {
    e: '24hrTicker',
    E: eventTime,
    s: t.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    w: t.weightedAvgPrice,
    c: t.lastPrice,
    Q: t.lastQty,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    ...second,
    O: t.openTime,
    C: t.closeTime,
    F: t.firstId,
    L: t.lastId,
    n: t.count,
  };
}
