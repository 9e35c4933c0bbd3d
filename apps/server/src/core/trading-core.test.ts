import { OrderStatus } from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/harness.ts';
import { balanceOf, fund, seedMarket, tradingInvariants } from '../../test/trading-fixtures.ts';
import { creditFromOutside } from '../ledger/ledger.ts';
import { ManualClock } from '../platform/clock.ts';
import { orderListItemOf } from '../read-model/order-view.ts';
import { enqueueMovement, waitForInbox } from './core-inbox.ts';
import type { PlaceCommand } from './spot/order-placement.ts';
import { TradingCore } from './trading-core.ts';

const symbol = 'btcusdt';
const limit = (
  userId: number,
  side: 'BUY' | 'SELL',
  price: string,
  volume: string,
  clientOrderId: string | null = null,
): PlaceCommand => ({
  userId,
  symbol,
  request: { side, type: 1, price, volume },
  clientOrderId,
});
const market = (userId: number, side: 'BUY' | 'SELL', volume: string, byQuantity = false): PlaceCommand => ({
  userId,
  symbol,
  request: { side, type: 2, volume, byQuantity },
  clientOrderId: null,
});

// SQLite on a file too: there the core's batches are written by its writer thread.
const databases = [...testDialects.map((d) => [d, false] as const), ['sqlite', true] as const];

describe.each(databases)('trading core on %s (on a file: %s)', (dialect, onFile) => {
  let database: TestDatabase;
  let core: TradingCore;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const errors: unknown[] = [];

  const startCore = async () => {
    core = new TradingCore(database, clock, { inboxPollMs: 20, onError: (e) => errors.push(e) });
    await core.start();
  };
  const orderRow = (id: number) =>
    database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const expectInvariants = async () => expect(await tradingInvariants(database.db, core)).toEqual([]);
  /** A row in the way of the next trade id: the next batch that trades fails to write. */
  const blockNextTradeId = () =>
    database.db
      .insertInto('trades')
      .values({
        id: 1,
        symbol,
        price: '1',
        volume: '1',
        amount: '1',
        maker_order_id: 0,
        taker_order_id: 0,
        maker_user_id: 0,
        taker_user_id: 0,
        taker_side: 'BUY',
        buyer_fee: '0',
        seller_fee: '0',
        created_at: 0,
      })
      .execute();
  const placed = async (cmd: PlaceCommand) => {
    const outcome = await core.placeOrder(cmd);
    if (!outcome.ok) throw new Error(`refused: ${outcome.code}`);
    return outcome.orderId;
  };

  beforeEach(async () => {
    errors.length = 0;
    database = await openTestDatabase(dialect, onFile);
    await seedMarket(database.db);
    await startCore();
    await fund(core, 1, 'USDT', '1000');
    await fund(core, 2, 'BTC', '10');
  });
  afterEach(async () => {
    await core.stop();
    await database.drop();
  });

  it('locks a limit buy at price × volume and a sell at its volume, and unlocks them on cancel', async () => {
    const buy = await placed(limit(1, 'BUY', '100.5', '2'));
    const sell = await placed(limit(2, 'SELL', '120', '1.5'));
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '799', locked: '201' });
    expect(await balanceOf(database.db, 2, 'BTC')).toEqual({ available: '8.5', locked: '1.5' });
    expect((await orderRow(buy)).status).toBe(OrderStatus.open);
    await expectInvariants();

    expect(await core.cancelOrder({ userId: 1, orderId: buy, symbol })).toEqual({
      ok: true,
      orderId: buy,
      status: OrderStatus.cancelled,
    });
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '1000', locked: '0' });
    expect(await orderRow(buy)).toMatchObject({ status: OrderStatus.cancelled, reserve: '0' });
    // Someone else's order, and an order that is no longer open, cannot be cancelled.
    expect(await core.cancelOrder({ userId: 1, orderId: sell, symbol })).toEqual({
      ok: false,
      code: ErrorCode.orderNotOpen,
    });
    expect(await core.cancelOrder({ userId: 1, orderId: buy, symbol })).toEqual({
      ok: false,
      code: ErrorCode.orderNotOpen,
    });
    await expectInvariants();
  });

  it('trades at the maker price, takes fees from what each side receives, and releases the unused reserve', async () => {
    const sell = await placed(limit(2, 'SELL', '100', '1'));
    const buy = await placed(limit(1, 'BUY', '101', '0.4'));
    // Buyer (taker, 0.2%) gets 0.4 BTC less 0.0008; seller (maker, 0.1%) gets 40 USDT less 0.04.
    expect(await balanceOf(database.db, 1, 'BTC')).toEqual({ available: '0.3992', locked: '0' });
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '960', locked: '0' });
    expect(await balanceOf(database.db, 2, 'USDT')).toEqual({ available: '39.96', locked: '0' });
    expect(await balanceOf(database.db, 2, 'BTC')).toEqual({ available: '9', locked: '0.6' });
    expect(await balanceOf(database.db, 0, 'BTC', 'fee')).toEqual({ available: '0.0008', locked: '0' });
    expect(await balanceOf(database.db, 0, 'USDT', 'fee')).toEqual({ available: '0.04', locked: '0' });
    expect(await orderRow(buy)).toMatchObject({
      status: OrderStatus.filled,
      deal_volume: '0.4000',
      deal_money: '40',
      fee: '0.0008',
      reserve: '0',
    });
    expect(await orderRow(sell)).toMatchObject({
      status: OrderStatus.partiallyFilled,
      deal_volume: '0.4000',
      reserve: '0.6',
    });
    const trades = await database.db.selectFrom('trades').selectAll().execute();
    expect(trades).toMatchObject([
      {
        price: '100.00',
        volume: '0.4000',
        amount: '40',
        buyer_fee: '0.0008',
        seller_fee: '0.04',
        maker_order_id: sell,
        taker_order_id: buy,
      },
    ]);
    await expectInvariants();
  });

  it('spends a market buy by quote amount; the rest below one lot counts as filled', async () => {
    await placed(limit(2, 'SELL', '30', '1'));
    const buy = await placed(market(1, 'BUY', '10'));
    // 10 USDT at 30 buys 0.3333 BTC for 9.999; 0.001 stays unspent and unlocked.
    expect(await orderRow(buy)).toMatchObject({
      status: OrderStatus.filled,
      deal_volume: '0.3333',
      deal_money: '9.999',
      reserve: '0',
      volume: '10.00',
    });
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '990.001', locked: '0' });
    await expectInvariants();
  });

  it('buys a market quantity at the asks it takes, locking exactly that, and lists it by what it spent', async () => {
    await placed(limit(2, 'SELL', '30', '0.5'));
    await placed(limit(2, 'SELL', '40', '1'));
    // 0.5 at 30 and 0.25 at 40: 25 USDT, the whole reserve, spent.
    const buy = await placed(market(1, 'BUY', '0.75', true));
    const row = await orderRow(buy);
    expect(row).toMatchObject({
      status: OrderStatus.filled,
      by_quantity: 1,
      volume: '0.7500',
      deal_volume: '0.7500',
      deal_money: '25',
      reserve: '0',
    });
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '975', locked: '0' });
    expect(orderListItemOf(row, { base: 'BTC', quote: 'USDT', pricePrecision: 2 })).toMatchObject({
      volume: '25',
      remain_volume: '0',
    });
    // More than the book holds: it takes the 0.75 left at 40 (30 USDT) and the rest is cancelled.
    expect(await core.placeOrder(market(1, 'BUY', '1', true))).toEqual({ ok: true, orderId: expect.any(Number) });
    // Costing more than the balance: refused, nothing locked.
    await placed(limit(2, 'SELL', '5000', '1'));
    expect(await core.placeOrder(market(1, 'BUY', '1', true))).toEqual({
      ok: false,
      code: ErrorCode.insufficientBalance,
    });
    await expectInvariants();
  });

  it('cancels what a market order cannot fill, marked as closed by the exchange', async () => {
    await placed(limit(1, 'BUY', '50', '0.5'));
    const sell = await placed(market(2, 'SELL', '2'));
    expect(await orderRow(sell)).toMatchObject({
      status: OrderStatus.cancelled,
      deal_volume: '0.5000',
      closed_by_exchange: 1,
      reserve: '0',
    });
    expect(await balanceOf(database.db, 2, 'BTC')).toEqual({ available: '9.5', locked: '0' });
    await expectInvariants();
  });

  it('refuses with the rule that failed and writes nothing', async () => {
    const before = await database.db.selectFrom('ledger_entries').select('id').execute();
    const refusals: [PlaceCommand, string][] = [
      [limit(1, 'BUY', '100.001', '1'), ErrorCode.pricePrecision],
      [limit(1, 'BUY', '100', '1.00001'), ErrorCode.volumePrecision],
      [limit(1, 'BUY', '0', '1'), ErrorCode.priceBelowMinimum],
      [limit(1, 'BUY', '100', '0'), ErrorCode.volumeBelowMinimum],
      [market(1, 'BUY', '0.5'), ErrorCode.marketBuyBelowMinimum],
      [market(1, 'BUY', '5.001'), ErrorCode.volumePrecision],
      [limit(1, 'BUY', '100', '11'), ErrorCode.insufficientBalance],
      [limit(1, 'BUY', '99999999999', '1'), ErrorCode.orderTooLarge],
      [{ ...limit(1, 'BUY', '1', '1'), symbol: 'nosuch' }, ErrorCode.marketNotFound],
    ];
    for (const [cmd, code] of refusals)
      expect(await core.placeOrder(cmd), JSON.stringify(cmd)).toEqual({ ok: false, code });
    expect(await database.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await database.db.selectFrom('ledger_entries').select('id').execute()).toEqual(before);
    await expectInvariants();
  });

  it('takes a closed market and new minimums from the catalogue', async () => {
    await database.db.updateTable('markets').set({ market_sell_min: '0.5' }).execute();
    clock.advance(5_000);
    expect(await core.placeOrder(market(2, 'SELL', '0.1'))).toEqual({
      ok: false,
      code: ErrorCode.marketSellBelowMinimum,
    });
    await database.db.updateTable('markets').set({ status: 'closed' }).execute();
    clock.advance(5_000);
    expect(await core.placeOrder(limit(2, 'SELL', '100', '1'))).toEqual({ ok: false, code: ErrorCode.marketClosed });
  });

  it('answers a repeated client order id with the first answer and changes nothing', async () => {
    const first = await core.placeOrder(limit(1, 'BUY', '100', '1', 'abc-1'));
    const [again, concurrent] = await Promise.all([
      core.placeOrder(limit(1, 'BUY', '100', '1', 'abc-1')),
      core.placeOrder(limit(1, 'BUY', '100', '1', 'abc-1')),
    ]);
    expect(again).toEqual(first);
    expect(concurrent).toEqual(first);
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '900', locked: '100' });
    // The same id from another user is another order; a refused order's retry is refused the same way.
    expect((await core.placeOrder(limit(2, 'SELL', '200', '1', 'abc-1'))).ok).toBe(true);
    const refused = await core.placeOrder(limit(1, 'BUY', '100', '50', 'big'));
    expect(refused).toEqual({ ok: false, code: ErrorCode.insufficientBalance });
    await fund(core, 1, 'USDT', '10000');
    expect(await core.placeOrder(limit(1, 'BUY', '100', '50', 'big'))).toEqual(refused);
    expect(await database.db.selectFrom('orders').select('id').execute()).toHaveLength(3);
    await expectInvariants();
  });

  it('knows a market added after its start once told to reload the markets', async () => {
    await seedMarket(database.db, { base: 'ETH' });
    expect(core.market('ethusdt')).toBeUndefined();
    await core.reloadMarkets();
    expect(core.market('ethusdt')).toMatchObject({ symbol: 'ethusdt', base: 'ETH', quote: 'USDT' });
  });

  it('rebuilds books and balances from the database on restart', async () => {
    await placed(limit(2, 'SELL', '100', '1'));
    await placed(limit(2, 'SELL', '100', '2'));
    await placed(limit(1, 'BUY', '90', '1'));
    await placed(limit(1, 'BUY', '100', '0.5'));
    await core.stop();
    await startCore();
    await expectInvariants();
    // Time priority survives: the first 100 sell fills before the second.
    const buy = await placed(limit(1, 'BUY', '100', '1'));
    const trades = await database.db.selectFrom('trades').selectAll().where('taker_order_id', '=', buy).execute();
    expect(trades.map((t) => [t.maker_order_id, t.volume])).toEqual([
      [1, '0.5000'],
      [2, '0.5000'],
    ]);
    expect(core.lastPrice(symbol)).toBe('100.00');
    await expectInvariants();
  });

  it('answers a batch whose write fails as unavailable, keeps nothing of it, and goes on', async () => {
    const sell = await placed(limit(2, 'SELL', '100', '1'));
    await blockNextTradeId();
    expect(await core.placeOrder(limit(1, 'BUY', '100', '1'))).toEqual({
      ok: false,
      code: ErrorCode.tradingUnavailable,
    });
    expect(errors).toHaveLength(1);
    expect(await orderRow(sell)).toMatchObject({ status: OrderStatus.open, deal_volume: '0.0000' });
    expect(await balanceOf(database.db, 1, 'USDT')).toEqual({ available: '1000', locked: '0' });
    // Rebuilt: the sell is still on the book, and the next trade takes the next free id.
    await placed(limit(1, 'BUY', '100', '1'));
    expect(await orderRow(sell)).toMatchObject({ status: OrderStatus.filled });
    await database.db.deleteFrom('trades').where('id', '=', 1).execute();
    const audit = await tradingInvariants(database.db, core);
    expect(audit).toEqual([]);
  });

  it('fails the batches applied after a failed one, answers only what is stored, and rebuilds', async () => {
    await core.stop();
    core = new TradingCore(database, clock, { inboxPollMs: 0, maxBatch: 1, onError: (e) => errors.push(e) });
    await core.start();
    await placed(limit(2, 'SELL', '100', '1'));
    await blockNextTradeId();
    // One command per batch: the crossing buy's batch fails, the resting buys after it are applied on top of it.
    const outcomes = await Promise.all([
      core.placeOrder(limit(1, 'BUY', '100', '1')),
      ...Array.from({ length: 6 }, (_, i) => core.placeOrder(limit(1, 'BUY', `${80 + i}`, '0.1'))),
    ]);
    expect(outcomes[0]).toEqual({ ok: false, code: ErrorCode.tradingUnavailable });
    const acknowledged = outcomes.flatMap((o) => (o.ok ? [o.orderId] : []));
    const unavailable = outcomes.filter((o) => !o.ok && o.code === ErrorCode.tradingUnavailable);
    expect(acknowledged.length + unavailable.length).toBe(outcomes.length);
    const stored = await database.db.selectFrom('orders').select('id').where('user_id', '=', 1).execute();
    expect(stored.map((r) => r.id).sort()).toEqual(acknowledged.sort());
    await database.db.deleteFrom('trades').where('id', '=', 1).execute();
    expect(await tradingInvariants(database.db, core)).toEqual([]);
    // And it goes on.
    await placed(limit(1, 'BUY', '100', '1'));
    await expectInvariants();
  });

  it('applies movements other processes leave in the inbox, once', async () => {
    const id = await enqueueMovement(
      database.db,
      creditFromOutside({ ownerId: 3, coin: 'BTC', amount: '2.5', cause: 'operator_credit', causeId: 'cli-1' }),
      clock.now(),
    );
    expect(await waitForInbox(database.db, id)).toBe('ok');
    expect(await balanceOf(database.db, 3, 'BTC')).toEqual({ available: '2.5', locked: '0' });
    // The core holds user 3's balances now, so they are current for the next order.
    expect((await core.placeOrder(limit(3, 'SELL', '100', '2.5'))).ok).toBe(true);
    const overdraw = await enqueueMovement(
      database.db,
      {
        cause: 'withdrawal',
        causeId: 'w-1',
        postings: [
          { ownerId: 3, account: 'exchange', coin: 'BTC', field: 'available', delta: '-1' },
          { ownerId: 0, account: 'external', coin: 'BTC', field: 'available', delta: '1' },
        ],
      },
      clock.now(),
    );
    expect(await waitForInbox(database.db, overdraw)).toBe('insufficient');
    await expectInvariants();
  });

  it('answers many concurrent orders, all durable, in few transactions', async () => {
    await fund(core, 1, 'USDT', '100000');
    const before = core.stats.batches;
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        core.placeOrder(
          i % 2 ? limit(1, 'BUY', `${90 + (i % 20)}`, '0.01') : limit(2, 'SELL', `${95 + (i % 20)}`, '0.01'),
        ),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const stored = await database.db.selectFrom('orders').select('id').execute();
    expect(stored).toHaveLength(300);
    expect(core.stats.batches - before).toBeLessThan(10);
    await expectInvariants();
  });
});
