import { channels, type KlinePeriod, klinePeriods, type TradeTick } from '@opex/contract/realtime';
import type { TradingCore } from '../core/trading-core.ts';
import type { Services } from '../services.ts';
import { depthStepTicks, depthTick } from './depth-view.ts';
import type { Fanout } from './fanout.ts';
import type { OriginalChannel, OriginalProtocol, ReqParams } from './original-protocol.ts';

/**
 * Market data on the original protocol: `review` (req), and per market its ticker, trades, depth per merge step and
 * K-lines. Spot's socket names a market by its symbol (btcusdt), the futures socket by its contract's key
 * (e_btcusdt): the channels are the same, read through the socket's MarketKeys. Throttled as the original's worker did: tickers every 500 ms; trades, K-lines and depth (when
 * the book changed) every 50 ms, in one batch.
 */
const TICKER_MS = 500;
const FAST_MS = 50;
const MAX_TRADES_PER_PUSH = 150;

/** How a socket names the core's markets in its channels. */
export interface MarketKeys {
  /** A key in a channel name, as a regular expression without groups. */
  pattern: string;
  /** The core market a key names, or null when it names none this socket serves. */
  symbolOf(key: string): string | null;
  /** A core market's key on this socket, or null when the socket does not serve it. */
  keyOf(symbol: string): string | null;
}

/** Spot's socket: a spot market by its symbol. */
export const spotKeys = (core: TradingCore): MarketKeys => {
  const spot = (symbol: string) => (core.market(symbol)?.futures ? null : symbol);
  return { pattern: '[a-z0-9]{2,40}', symbolOf: spot, keyOf: spot };
};

/** A channel's market: its key on the socket and the core market it names (null: unknown). */
type Market = { key: string; symbol: string | null };

export function registerMarketChannels(
  fanout: Fanout,
  protocol: OriginalProtocol,
  services: Services,
  keys: MarketKeys = spotKeys(services.core),
): void {
  const { core, marketData } = services;
  const unknownMarket = (route: Market) => (route.symbol !== null && core.market(route.symbol) ? '' : 'unknown market');
  /** A channel named `market_{key}_{suffix}`, its route read from the suffix's groups. */
  const marketName = <R extends Market>(suffix: string, route: (market: Market, groups: string[]) => R | null) => {
    const pattern = new RegExp(`^market_(${keys.pattern})_${suffix}$`);
    return (name: string): R | null => {
      const m = pattern.exec(name);
      if (!m) return null;
      const key = m[1] as string;
      return route({ key, symbol: keys.symbolOf(key) }, m.slice(2));
    };
  };
  /** The market's symbol, known to exist once the channel's refusal passed. */
  const symbolOf = (route: Market) => route.symbol as string;

  const review: OriginalChannel<true> = {
    protocol: protocol.name,
    match: (name) => (name === channels.review ? true : null),
    refusal: () => '',
    reqOnly: 'review is req only',
    answer: () => Promise.resolve(reviewByKey()),
  };
  const ticker: OriginalChannel<Market> = {
    protocol: protocol.name,
    match: marketName('ticker', (market) => market),
    refusal: unknownMarket,
    snapshot: (route) => marketData.ticker(symbolOf(route)),
  };
  const trades: OriginalChannel<Market> = {
    protocol: protocol.name,
    match: marketName('trade_ticker', (market) => market),
    refusal: unknownMarket,
    answer: (route, params: ReqParams) => Promise.resolve(marketData.recentTrades(symbolOf(route), params.top ?? 100)),
  };
  const depth: OriginalChannel<Market & { step: number }> = {
    protocol: protocol.name,
    match: marketName('depth_step(\\d{1,2})', (market, [step]) => ({ ...market, step: Number(step) })),
    refusal: (route) =>
      unknownMarket(route) || (depthStepTicks(core, symbolOf(route), route.step) === null ? 'unknown depth step' : ''),
    snapshot: (route) => {
      const step = depthStepTicks(core, symbolOf(route), route.step);
      return step === null ? null : depthTick(core, symbolOf(route), step);
    },
  };
  const kline: OriginalChannel<Market & { period: KlinePeriod }> = {
    protocol: protocol.name,
    match: marketName('kline_([0-9a-z]{2,6})', (market, [period]) =>
      klinePeriods.includes(period as KlinePeriod) ? { ...market, period: period as KlinePeriod } : null,
    ),
    refusal: unknownMarket,
    snapshot: (route) => marketData.latestCandle(symbolOf(route), route.period),
    answer: (route, params) =>
      marketData.klineHistory(symbolOf(route), route.period, params.endIdx, params.pageSize ?? 300),
  };
  for (const channel of [review, ticker, trades, depth, kline]) fanout.register(channel);

  /** Every traded market this socket serves, by its key. */
  const reviewByKey = () => {
    const out: ReturnType<typeof marketData.review> = {};
    for (const [symbol, tick] of Object.entries(marketData.review())) {
      const key = keys.keyOf(symbol);
      if (key !== null) out[key] = tick;
    }
    return out;
  };

  const pendingTrades = new Map<string, TradeTick[]>();
  const pendingCandles = new Map<string, unknown>();
  const dirtyBooks = new Set<string>();
  fanout.own(
    core.bus.subscribe((events) => {
      for (const e of events) if (e.type === 'book') dirtyBooks.add(e.symbol);
    }),
  );
  fanout.own(
    marketData.subscribe((updates) => {
      for (const u of updates) {
        const key = keys.keyOf(u.symbol);
        if (key === null) continue;
        const list = pendingTrades.get(key) ?? [];
        list.push(...u.trades);
        pendingTrades.set(key, list);
        for (const c of u.candles) pendingCandles.set(channels.kline(key, c.period), c.candle);
      }
    }),
  );

  // Tickers change with trades and as old trades leave the window: recomputed for watched markets.
  fanout.every(TICKER_MS, (batch) => {
    for (const [topic, { channel, route }] of fanout.topics()) {
      if (channel !== ticker) continue;
      const tick = marketData.ticker(symbolOf(route as Market));
      if (tick) protocol.pushIfChanged(batch, topic, tick);
    }
  });
  fanout.every(FAST_MS, (batch) => {
    for (const [key, list] of pendingTrades) {
      protocol.push(batch, channels.trades(key), { data: list.slice(-MAX_TRADES_PER_PUSH) });
    }
    pendingTrades.clear();
    for (const [channel, candle] of pendingCandles) protocol.push(batch, channel, candle);
    pendingCandles.clear();
    for (const symbol of dirtyBooks) {
      const key = keys.keyOf(symbol);
      const steps = key === null ? 0 : (core.market(symbol)?.depthSteps.length ?? 0);
      for (let n = 0; n < steps; n++) {
        const channel = channels.depth(key as string, n);
        if (!fanout.listened(channel)) continue;
        const step = depthStepTicks(core, symbol, n);
        const tick = step === null ? null : depthTick(core, symbol, step);
        if (tick) protocol.pushIfChanged(batch, channel, tick);
      }
    }
    dirtyBooks.clear();
  });
}
