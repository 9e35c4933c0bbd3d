import { describe, expect, it } from 'vitest';
import { OrderKind, SelfTradePrevention, Side, TimeInForce, TriggerKind } from './commands.ts';
import { depth } from './depth.ts';
import { BookFixture, kinds, trades } from './testing/book-fixture.ts';

describe('limit orders', () => {
  it('rest when they do not cross and show in depth', () => {
    const f = new BookFixture();
    expect(kinds(f.buy(1, 99, 5))).toEqual(['accepted']);
    expect(kinds(f.sell(2, 101, 7))).toEqual(['accepted']);
    expect(depth(f.book, 1)).toMatchObject({ bids: [[99, 5]], asks: [[101, 7]] });
  });

  it('trade at the maker price with both ids and remainders, and rest the rest', () => {
    const f = new BookFixture();
    f.sell(1, 100, 3, { owner: 7 });
    const events = f.buy(2, 105, 5, { owner: 8 });
    expect(events[1]).toMatchObject({
      type: 'trade',
      makerId: 1,
      takerId: 2,
      makerOwner: 7,
      takerOwner: 8,
      takerSide: 'buy',
      price: 100,
      qty: 3,
      makerRemaining: 0,
      takerRemaining: 2,
    });
    expect(depth(f.book, 1)).toMatchObject({ bids: [[105, 2]], asks: [] });
  });

  it('match in price-time priority and never beyond the limit', () => {
    const f = new BookFixture();
    f.sell(1, 101, 1);
    f.sell(2, 100, 1);
    f.sell(3, 100, 1);
    f.sell(4, 102, 1);
    expect(trades(f.buy(5, 101, 10))).toEqual([
      [2, 5, 100, 1],
      [3, 5, 100, 1],
      [1, 5, 101, 1],
    ]);
    expect(depth(f.book, 1)).toMatchObject({ bids: [[101, 7]], asks: [[102, 1]] });
  });

  it('IOC cancels what it cannot fill at once', () => {
    const f = new BookFixture();
    f.sell(1, 100, 2);
    const events = f.buy(2, 100, 5, { tif: TimeInForce.IOC });
    expect(kinds(events)).toEqual(['accepted', 'trade', 'cancelled:unfilled']);
    expect(events[2]).toMatchObject({ qty: 3 });
    expect(f.book.bids.size).toBe(0);
  });

  it('FOK fills completely or not at all', () => {
    const f = new BookFixture();
    f.sell(1, 100, 2);
    f.sell(2, 101, 2);
    expect(kinds(f.buy(3, 101, 5, { tif: TimeInForce.FOK }))).toEqual(['accepted', 'cancelled:fok_unfilled']);
    expect(depth(f.book, 1).asks).toEqual([
      [100, 2],
      [101, 2],
    ]);
    expect(trades(f.buy(4, 101, 4, { tif: TimeInForce.FOK }))).toEqual([
      [1, 4, 100, 2],
      [2, 4, 101, 2],
    ]);
  });

  it('post-only is rejected when it would take, and rests otherwise', () => {
    const f = new BookFixture();
    f.sell(1, 100, 2);
    expect(kinds(f.buy(2, 100, 1, { postOnly: true }))).toEqual(['rejected:post_only']);
    expect(kinds(f.buy(3, 99, 1, { postOnly: true }))).toEqual(['accepted']);
  });
});

describe('market orders', () => {
  it('a market sell by quantity sweeps bids best first and cancels what is left', () => {
    const f = new BookFixture();
    f.buy(1, 100, 2);
    f.buy(2, 98, 2);
    const events = f.market(3, Side.Sell, 5);
    expect(trades(events)).toEqual([
      [1, 3, 100, 2],
      [2, 3, 98, 2],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'unfilled', qty: 1 });
  });

  it('a market buy by quantity fills without a price limit', () => {
    const f = new BookFixture();
    f.sell(1, 100, 2);
    f.sell(2, 5000, 2);
    expect(trades(f.market(3, Side.Buy, 3))).toEqual([
      [1, 3, 100, 2],
      [2, 3, 5000, 1],
    ]);
  });

  it('a market buy by quote amount buys the lots it can afford per level and reports the unspent rest', () => {
    const f = new BookFixture();
    f.sell(1, 100, 2);
    f.sell(2, 150, 5);
    const events = f.market(3, Side.Buy, 0, { quote: 555 });
    // 2 lots at 100 = 200, then 355 buys 2 lots at 150 = 300, leaving 55 tick-lots.
    expect(trades(events)).toEqual([
      [1, 3, 100, 2],
      [2, 3, 150, 2],
    ]);
    expect(events[1]).toMatchObject({ takerRemaining: 355 });
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'unfilled', qty: 0, quote: 55 });
  });

  it('a market order on an empty side is accepted and cancelled whole', () => {
    const f = new BookFixture();
    expect(kinds(f.market(1, Side.Buy, 4))).toEqual(['accepted', 'cancelled:unfilled']);
  });

  it('a market order with a protection price takes nothing beyond it and cancels the rest', () => {
    const f = new BookFixture();
    f.sell(1, 100, 1);
    f.sell(2, 105, 1);
    f.sell(3, 106, 1);
    const buy = f.place({ id: 4, side: Side.Buy, kind: OrderKind.Market, qty: 3, price: 105 });
    expect(trades(buy)).toEqual([
      [1, 4, 100, 1],
      [2, 4, 105, 1],
    ]);
    expect(buy.at(-1)).toMatchObject({ type: 'cancelled', reason: 'unfilled', qty: 1 });
    f.buy(5, 90, 2);
    const sell = f.place({ id: 6, side: Side.Sell, kind: OrderKind.Market, qty: 1, price: 91 });
    expect(kinds(sell)).toEqual(['accepted', 'cancelled:unfilled']);
    expect(f.book.asks.size).toBe(1);
  });

  it('rejects a protection price outside the price range', () => {
    const f = new BookFixture({ priceStep: 5 });
    expect(kinds(f.place({ id: 1, side: Side.Buy, kind: OrderKind.Market, qty: 1, price: 7 }))).toEqual([
      'rejected:tick',
    ]);
  });
});

describe('self-trade prevention', () => {
  const setup = (stp: SelfTradePrevention) => {
    const f = new BookFixture();
    f.sell(1, 100, 1, { owner: 5 });
    f.sell(2, 100, 1, { owner: 6 });
    return { f, events: f.buy(3, 100, 2, { owner: 5, stp }) };
  };

  it('cancel newest cancels the taker and keeps the maker', () => {
    const { f, events } = setup(SelfTradePrevention.CancelNewest);
    expect(kinds(events)).toEqual(['accepted', 'cancelled:self_trade']);
    expect(events[1]).toMatchObject({
      orderId: 3,
      qty: 2,
      prevented: { makerId: 1, takerId: 3, price: 100, makerQty: 1 },
    });
    expect(depth(f.book, 1).asks).toEqual([[100, 2]]);
  });

  it('cancel oldest cancels the maker and goes on matching', () => {
    const { f, events } = setup(SelfTradePrevention.CancelOldest);
    expect(kinds(events)).toEqual(['accepted', 'cancelled:self_trade', 'trade']);
    expect(events[1]).toMatchObject({ orderId: 1 });
    expect(depth(f.book, 1)).toMatchObject({ bids: [[100, 1]], asks: [] });
  });

  it('cancel both cancels maker and taker', () => {
    const { f, events } = setup(SelfTradePrevention.CancelBoth);
    const cancelled = events.filter((e) => e.type === 'cancelled');
    expect(cancelled.map((e) => [e.orderId, e.prevented])).toEqual([
      [1, { makerId: 1, takerId: 3, price: 100, makerQty: 1 }],
      [3, { makerId: 1, takerId: 3, price: 100, makerQty: 1 }],
    ]);
    expect(depth(f.book, 1).asks).toEqual([[100, 1]]);
  });

  it('none lets an owner trade with itself', () => {
    const { events } = setup(SelfTradePrevention.None);
    expect(trades(events)).toEqual([
      [1, 3, 100, 1],
      [2, 3, 100, 1],
    ]);
  });
});

describe('cancel and amend', () => {
  it('cancel removes a resting order and reports its remainder; an unknown id is rejected', () => {
    const f = new BookFixture();
    f.buy(1, 100, 4);
    expect(f.cancel(1)[0]).toMatchObject({ type: 'cancelled', reason: 'user', orderId: 1, qty: 4 });
    expect(f.book.bids.size).toBe(0);
    expect(kinds(f.cancel(1))).toEqual(['rejected:unknown_order']);
  });

  it('a smaller quantity keeps the order its place', () => {
    const f = new BookFixture();
    f.sell(1, 100, 5);
    f.sell(2, 100, 5);
    expect(f.amend(1, 100, 2)[0]).toMatchObject({ type: 'amended', keptPriority: true, qty: 2, previousQty: 5 });
    expect(trades(f.buy(3, 100, 1))).toEqual([[1, 3, 100, 1]]);
    expect(depth(f.book, 1).asks).toEqual([[100, 6]]);
  });

  it('a new price or a larger quantity loses the place', () => {
    const f = new BookFixture();
    f.sell(1, 100, 5);
    f.sell(2, 100, 5);
    expect(f.amend(1, 100, 6)[0]).toMatchObject({ keptPriority: false });
    expect(trades(f.buy(3, 100, 1))).toEqual([[2, 3, 100, 1]]);
    f.sell(4, 101, 1);
    f.amend(2, 101, 4);
    expect(trades(f.buy(5, 101, 2))).toEqual([[1, 5, 100, 2]]);
    expect(trades(f.buy(6, 101, 5))).toEqual([
      [1, 6, 100, 4],
      [4, 6, 101, 1],
    ]);
  });

  it('an amend to a crossing price trades at once', () => {
    const f = new BookFixture();
    f.sell(1, 101, 2);
    f.buy(2, 99, 2);
    expect(kinds(f.amend(2, 101, 2))).toEqual(['amended', 'trade']);
  });

  it('rejects amends of unknown orders and amends that break a rule', () => {
    const f = new BookFixture({ minQty: 2 });
    f.buy(1, 100, 4);
    expect(kinds(f.amend(9, 100, 2))).toEqual(['rejected:unknown_order']);
    expect(kinds(f.amend(1, 100, 1))).toEqual(['rejected:min_qty']);
  });
});

describe('trigger orders', () => {
  it('a stop buy waits off the book until the last price rises to its trigger', () => {
    const f = new BookFixture();
    f.sell(1, 100, 1);
    f.sell(2, 105, 5);
    expect(kinds(f.buy(3, 105, 2, { trigger: TriggerKind.Stop, triggerPrice: 101 }))).toEqual(['accepted']);
    expect(f.book.bids.size).toBe(0);
    f.buy(4, 100, 1);
    const events = f.buy(5, 105, 1);
    expect(kinds(events)).toEqual(['accepted', 'trade', 'triggered', 'trade']);
    expect(events[2]).toMatchObject({ orderId: 3, triggerPrice: 101, lastPrice: 105 });
    expect(trades(events)[1]).toEqual([2, 3, 105, 2]);
  });

  it('a take-profit sell fires when the price rises, a stop sell when it falls', () => {
    const f = new BookFixture();
    f.buy(1, 100, 10);
    f.sell(2, 100, 1);
    f.market(3, Side.Sell, 1, { trigger: TriggerKind.TakeProfit, triggerPrice: 102 });
    f.market(4, Side.Sell, 1, { trigger: TriggerKind.Stop, triggerPrice: 99 });
    f.sell(5, 103, 1);
    expect(kinds(f.buy(6, 103, 1))).toEqual(['accepted', 'trade', 'triggered', 'trade']);
    f.buy(7, 98, 10);
    expect(kinds(f.market(8, Side.Sell, 10))).toEqual(['accepted', 'trade', 'trade', 'triggered', 'trade']);
  });

  it('triggers fired by one trade enter by trigger price, then sequence', () => {
    const f = new BookFixture();
    f.sell(1, 100, 1);
    f.buy(2, 100, 1);
    for (const [id, trigger] of [
      [10, 103],
      [11, 102],
      [12, 103],
    ] as const) {
      f.market(id, Side.Buy, 1, { trigger: TriggerKind.Stop, triggerPrice: trigger });
    }
    f.sell(3, 104, 1);
    const fired = f.buy(4, 104, 1).filter((e) => e.type === 'triggered');
    expect(fired.map((e) => e.orderId)).toEqual([11, 10, 12]);
  });

  it('rejects a trigger the last price has already reached, and can be cancelled while waiting', () => {
    const f = new BookFixture();
    f.sell(1, 100, 1);
    f.buy(2, 100, 1);
    expect(kinds(f.buy(3, 101, 1, { trigger: TriggerKind.Stop, triggerPrice: 100 }))).toEqual([
      'rejected:trigger_crossed',
    ]);
    f.buy(4, 101, 1, { trigger: TriggerKind.Stop, triggerPrice: 101 });
    expect(f.cancel(4)[0]).toMatchObject({ type: 'cancelled', reason: 'user', qty: 1 });
    expect(f.book.orderCount).toBe(0);
  });

  it('a fired limit outside the price band is cancelled naming the band', () => {
    const f = new BookFixture({ bandBps: 100 });
    f.sell(1, 1000, 1);
    f.buy(2, 1000, 1);
    f.sell(3, 900, 1, { trigger: TriggerKind.Stop, triggerPrice: 999 });
    f.buy(4, 999, 1);
    const events = f.sell(5, 999, 1);
    expect(kinds(events)).toEqual(['accepted', 'trade', 'triggered', 'cancelled:price_band']);
  });
});

describe('market rules', () => {
  const f = new BookFixture({ priceStep: 5, qtyStep: 2, minQty: 4, maxQty: 1000, minNotional: 1000, bandBps: 1000 });
  f.sell(1, 200, 10);
  f.buy(2, 200, 10);
  it.each([
    ['price_range', () => f.buy(10, 0, 10)],
    ['price_range', () => f.buy(11, 2 ** 31, 10)],
    ['tick', () => f.buy(12, 201, 10)],
    ['qty_range', () => f.buy(13, 200, 1002)],
    ['qty_range', () => f.buy(14, 200, 1.5)],
    ['lot', () => f.buy(15, 200, 5)],
    ['min_qty', () => f.buy(16, 200, 2)],
    ['min_notional', () => f.buy(17, 195, 4)],
    ['min_notional', () => f.market(18, Side.Buy, 0, { quote: 999 })],
    ['price_band', () => f.buy(19, 225, 10)],
    ['invalid', () => f.market(20, Side.Sell, 0, { quote: 5000 })],
    ['invalid', () => f.buy(-1, 200, 10)],
  ])('rejects with reason %s', (reason, act) => {
    expect(kinds(act())).toEqual([`rejected:${reason}`]);
  });

  it('rejects a duplicate live id', () => {
    f.buy(30, 190, 10);
    expect(kinds(f.buy(30, 190, 10))).toEqual(['rejected:duplicate_id']);
  });
});

describe('event stream', () => {
  it('numbers events gaplessly across commands and stamps the command time', () => {
    const f = new BookFixture();
    const all = [...f.sell(1, 100, 1), ...f.buy(2, 101, 3), ...f.cancel(9), ...f.cancel(2)];
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(all.map((e) => e.ts)).toEqual([1, 2, 2, 3, 4]);
  });

  it('maps database-sized ids', () => {
    const f = new BookFixture();
    const big = 2 ** 52 + 12345;
    f.sell(big, 100, 1);
    expect(f.buy(2 ** 40, 100, 1)[1]).toMatchObject({ makerId: big, takerId: 2 ** 40 });
  });
});
