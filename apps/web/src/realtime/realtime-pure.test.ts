import type { TradeTick } from '@opex/contract/realtime';
import { describe, expect, it } from 'vitest';
import {
  appendUpdate,
  mergeTrades,
  type NumberedUpdate,
  nextValue,
  TRADES_KEPT,
  UPDATES_KEPT,
} from './channel-values.ts';
import { FrameCoalescer } from './frame-coalescer.ts';
import { SeqTracker } from './seq-tracker.ts';
import { SubscriptionCounts } from './subscription-counts.ts';

const trade = (id: number): TradeTick => ({ id, side: 'BUY', price: '1.5', vol: '2', amount: '3', ts: id * 1000 });

describe('SubscriptionCounts', () => {
  it('subscribes on the first holder and unsubscribes on the last', () => {
    const counts = new SubscriptionCounts();
    expect(counts.acquire('market_btcusdt_ticker')).toBe(true);
    expect(counts.acquire('market_btcusdt_ticker')).toBe(false);
    expect(counts.release('market_btcusdt_ticker')).toBe(false);
    expect(counts.has('market_btcusdt_ticker')).toBe(true);
    expect(counts.release('market_btcusdt_ticker')).toBe(true);
    expect(counts.has('market_btcusdt_ticker')).toBe(false);
    expect(counts.release('market_btcusdt_ticker')).toBe(false);
  });

  it('re-acquiring after the last release subscribes again', () => {
    const counts = new SubscriptionCounts();
    counts.acquire('a');
    counts.acquire('b');
    counts.release('a');
    expect(counts.acquire('a')).toBe(true);
    expect(counts.channels().sort()).toEqual(['a', 'b']);
  });
});

describe('SeqTracker', () => {
  it('takes the first frame as the base and flags a skipped number per channel', () => {
    const seqs = new SeqTracker();
    expect(seqs.accept('a', 41)).toBe('ok');
    expect(seqs.accept('a', 42)).toBe('ok');
    expect(seqs.accept('b', 7)).toBe('ok');
    expect(seqs.accept('a', 44)).toBe('gap');
    expect(seqs.accept('a', 45)).toBe('ok');
  });

  it('accepts a resubscription snapshot at the current seq, and a reset starts a new base', () => {
    const seqs = new SeqTracker();
    seqs.accept('a', 10);
    expect(seqs.accept('a', 10)).toBe('ok');
    seqs.reset('a');
    expect(seqs.accept('a', 90)).toBe('ok');
    seqs.clear();
    expect(seqs.accept('a', 200)).toBe('ok');
  });
});

describe('channel values', () => {
  it('trades merge newest first without duplicates and keep the latest 50', () => {
    const seed = Array.from({ length: TRADES_KEPT }, (_, i) => trade(100 - i));
    const merged = mergeTrades(seed, [trade(100), trade(101), trade(102)]);
    expect(merged).toHaveLength(TRADES_KEPT);
    expect(merged.slice(0, 4).map((t) => t.id)).toEqual([102, 101, 100, 99]);
    expect(merged.at(-1)?.id).toBe(53);
  });

  it('a trades push (newest last) lands newest first; a seed arriving late fills in behind', () => {
    const pushed = nextValue('market_btcusdt_trade_ticker', undefined, { data: [trade(5), trade(6)] });
    expect((pushed as TradeTick[]).map((t) => t.id)).toEqual([6, 5]);
    const seeded = mergeTrades(pushed as TradeTick[], [trade(5), trade(4), trade(3)]);
    expect(seeded.map((t) => t.id)).toEqual([6, 5, 4, 3]);
  });

  it('order and balance pushes are kept numbered, the latest UPDATES_KEPT, so none is lost within a frame', () => {
    const first = nextValue('user_orders', undefined, { orderId: 1 }, 1);
    const second = nextValue('user_orders', first, { orderId: 2 }, 2);
    expect(second).toEqual([
      { n: 1, update: { orderId: 1 } },
      { n: 2, update: { orderId: 2 } },
    ]);
    const many = Array.from({ length: UPDATES_KEPT + 5 }, (_, i) => ({ n: i + 1, update: i }));
    const kept = many.reduce<NumberedUpdate<number>[]>((list, push) => appendUpdate(list, push), []);
    expect([kept.length, kept[0]?.n, kept.at(-1)?.n]).toEqual([UPDATES_KEPT, 6, UPDATES_KEPT + 5]);
  });

  it('depth, ticker and kline pushes are whole state: the latest replaces', () => {
    const book = { asks: [['10.5', '1']], buys: [['10.4', '2']] };
    expect(nextValue('market_btcusdt_depth_step0', { asks: [], buys: [] }, book)).toBe(book);
    expect(nextValue('market_e_btcusdt_trade_ticker', undefined, { data: [trade(1)] })).toEqual([trade(1)]);
    // Every contract type's trades merge the same: simulated (s_) and dated (q_) contracts too.
    expect(nextValue('market_s_btcusdt_trade_ticker', [trade(1)], { data: [trade(2)] })).toEqual([trade(2), trade(1)]);
    expect(nextValue('market_q_btcusd_trade_ticker', undefined, { data: [trade(3)] })).toEqual([trade(3)]);
  });
});

describe('FrameCoalescer', () => {
  it('delivers the latest value per channel once per frame', () => {
    const frames: (() => void)[] = [];
    const delivered: Record<string, unknown>[] = [];
    const outbox = new FrameCoalescer(
      (callback) => frames.push(callback),
      (ticks) => delivered.push(ticks),
    );
    outbox.set('depth', 1);
    outbox.set('depth', 2);
    outbox.set('ticker', 'a');
    outbox.set('gone', 'x');
    outbox.drop('gone');
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(delivered).toEqual([{ depth: 2, ticker: 'a' }]);
    outbox.set('depth', 3);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(delivered.at(-1)).toEqual({ depth: 3 });
  });

  it('a frame with nothing left (all dropped) posts nothing', () => {
    const frames: (() => void)[] = [];
    const delivered: unknown[] = [];
    const outbox = new FrameCoalescer(
      (callback) => frames.push(callback),
      (ticks) => delivered.push(ticks),
    );
    outbox.set('a', 1);
    outbox.drop('a');
    frames.shift()?.();
    expect(delivered).toEqual([]);
  });
});
