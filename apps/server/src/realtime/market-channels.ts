import { channels, type KlinePeriod, klinePeriods, type TradeTick } from '@opex/contract/realtime';
import type { Services } from '../services.ts';
import { depthStepTicks, depthTick } from './depth-view.ts';
import type { Fanout } from './fanout.ts';
import type { OriginalChannel, OriginalProtocol, ReqParams } from './original-protocol.ts';

/**
 * Spot's market data on the original protocol: `review` (req), and per market its ticker, trades, depth per merge
 * step and K-lines. Throttled as the original's worker did: tickers every 500 ms; trades, K-lines and depth (when
 * the book changed) every 50 ms, in one batch.
 */
const TICKER_MS = 500;
const FAST_MS = 50;
const MAX_TRADES_PER_PUSH = 150;

type Market = { symbol: string };

/** A channel named `market_{sym}_{suffix}`, its route read from the suffix's groups. */
function marketName<R extends Market>(suffix: string, route: (symbol: string, groups: string[]) => R | null) {
  const pattern = new RegExp(`^market_([a-z0-9]{2,40})_${suffix}$`);
  return (name: string): R | null => {
    const m = pattern.exec(name);
    return m ? route(m[1] as string, m.slice(2)) : null;
  };
}

export function registerMarketChannels(fanout: Fanout, protocol: OriginalProtocol, services: Services): void {
  const { core, marketData } = services;
  const unknownMarket = (route: Market) => (core.market(route.symbol) ? '' : 'unknown market');

  const review: OriginalChannel<true> = {
    protocol: protocol.name,
    match: (name) => (name === channels.review ? true : null),
    refusal: () => '',
    reqOnly: 'review is req only',
    answer: () => Promise.resolve(marketData.review()),
  };
  const ticker: OriginalChannel<Market> = {
    protocol: protocol.name,
    match: marketName('ticker', (symbol) => ({ symbol })),
    refusal: unknownMarket,
    snapshot: (route) => marketData.ticker(route.symbol),
  };
  const trades: OriginalChannel<Market> = {
    protocol: protocol.name,
    match: marketName('trade_ticker', (symbol) => ({ symbol })),
    refusal: unknownMarket,
    answer: (route, params: ReqParams) => Promise.resolve(marketData.recentTrades(route.symbol, params.top ?? 100)),
  };
  const depth: OriginalChannel<Market & { step: number }> = {
    protocol: protocol.name,
    match: marketName('depth_step(\\d{1,2})', (symbol, [step]) => ({ symbol, step: Number(step) })),
    refusal: (route) =>
      unknownMarket(route) || (depthStepTicks(core, route.symbol, route.step) === null ? 'unknown depth step' : ''),
    snapshot: (route) => {
      const step = depthStepTicks(core, route.symbol, route.step);
      return step === null ? null : depthTick(core, route.symbol, step);
    },
  };
  const kline: OriginalChannel<Market & { period: KlinePeriod }> = {
    protocol: protocol.name,
    match: marketName('kline_([0-9a-z]{2,6})', (symbol, [period]) =>
      klinePeriods.includes(period as KlinePeriod) ? { symbol, period: period as KlinePeriod } : null,
    ),
    refusal: unknownMarket,
    snapshot: (route) => marketData.latestCandle(route.symbol, route.period),
    answer: (route, params) =>
      marketData.klineHistory(route.symbol, route.period, params.endIdx, params.pageSize ?? 300),
  };
  for (const channel of [review, ticker, trades, depth, kline]) fanout.register(channel);

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
        const list = pendingTrades.get(u.symbol) ?? [];
        list.push(...u.trades);
        pendingTrades.set(u.symbol, list);
        for (const c of u.candles) pendingCandles.set(channels.kline(u.symbol, c.period), c.candle);
      }
    }),
  );

  // Tickers change with trades and as old trades leave the window: recomputed for watched markets.
  fanout.every(TICKER_MS, (batch) => {
    for (const [topic, { channel, route }] of fanout.topics()) {
      if (channel !== ticker) continue;
      const tick = marketData.ticker((route as Market).symbol);
      if (tick) protocol.pushIfChanged(batch, topic, tick);
    }
  });
  fanout.every(FAST_MS, (batch) => {
    for (const [symbol, list] of pendingTrades) {
      protocol.push(batch, channels.trades(symbol), { data: list.slice(-MAX_TRADES_PER_PUSH) });
    }
    pendingTrades.clear();
    for (const [channel, candle] of pendingCandles) protocol.push(batch, channel, candle);
    pendingCandles.clear();
    for (const symbol of dirtyBooks) {
      const steps = core.market(symbol)?.depthSteps.length ?? 0;
      for (let n = 0; n < steps; n++) {
        const channel = channels.depth(symbol, n);
        if (!fanout.listened(channel)) continue;
        const step = depthStepTicks(core, symbol, n);
        const tick = step === null ? null : depthTick(core, symbol, step);
        if (tick) protocol.pushIfChanged(batch, channel, tick);
      }
    }
    dirtyBooks.clear();
  });
}
