import { orderCancelAll, orderCreate, orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import { snapshot } from '@opex/engine/snapshot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BatchEffects } from '../src/core/batch-effects.ts';
import { CoreState } from '../src/core/core-state.ts';
import { placeOrder } from '../src/core/spot/order-placement.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * Stop-limit orders (locked when placed, waiting off the book, kept over a restart, triggered by a trade through
 * their price, then filled as limit orders), IOC, FOK and post-only through order/create's types, and
 * order/cancel_all, through the real server and database.
 */
describe.each(testDialects)('stop-limit orders, time in force and cancel all on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  const db = () => server.services.database.db;
  const ALICE = 201;
  const BOB = 202;
  const CAROL = 203;
  const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const place = (client: TestClient, input: Record<string, unknown>) =>
    client.call(orderCreate, { symbol: 'btcusdt', ...input } as Parameters<typeof client.call<typeof orderCreate>>[1]);
  const placed = async (client: TestClient, input: Record<string, unknown>) => {
    const reply = await place(client, input);
    expect(reply.code, JSON.stringify(reply)).toBe('0');
    return reply.data.order_id;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db());
    await seedMarket(db(), { base: 'ETH', quote: 'USDT' });
    await fund(server.services.core, ALICE, 'USDT', '1000');
    await fund(server.services.core, BOB, 'BTC', '10');
    await fund(server.services.core, CAROL, 'USDT', '1000');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
    carol = await loginAs(server, CAROL);
    // A last price of 100.
    await placed(bob, { side: 'SELL', type: 1, price: '100', volume: '0.1' });
    await placed(carol, { side: 'BUY', type: 1, price: '100', volume: '0.1' });
  });
  afterEach(async () => expect(await tradingInvariants(db(), server.services.core)).toEqual([]));
  afterAll(() => server.close());

  it('refuses a trigger price that breaks a rule, naming it, and changes nothing', async () => {
    const before = await db().selectFrom('orders').select('id').execute();
    const atLast = await place(alice, { side: 'BUY', type: 1, price: '101', volume: '1', triggerPrice: '100' });
    expect(atLast).toMatchObject({ code: ErrorCode.triggerAtLastPrice, msg: expect.stringMatching(/^Trigger price/) });
    const precision = await place(alice, { side: 'BUY', type: 1, price: '111', volume: '1', triggerPrice: '110.001' });
    expect(precision.code).toBe(ErrorCode.triggerPricePrecision);
    const noTrade = await place(alice, {
      symbol: 'ethusdt',
      side: 'BUY',
      type: 1,
      price: '11',
      volume: '1',
      triggerPrice: '10',
    });
    expect(noTrade.code).toBe(ErrorCode.triggerNoLastPrice);
    const market = await place(alice, { side: 'BUY', type: 2, volume: '10', triggerPrice: '110' });
    expect(market).toMatchObject({ code: ErrorCode.badRequest, msg: expect.stringContaining('triggerPrice') });
    expect(await db().selectFrom('orders').select('id').execute()).toEqual(before);
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '1000', locked: '0' });
  });

  it('places a stop-limit buy locked and waiting, keeps it over a restart, fires it when a trade reaches its trigger', async () => {
    const stop = await placed(alice, { side: 'BUY', type: 1, price: '112', volume: '1', triggerPrice: '110' });
    expect(await order(stop)).toMatchObject({ status: 8, trigger_price: '110.00', trigger_kind: 1, reserve: '112' });
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '888', locked: '112' });
    const open = await alice.call(orderListNew, { symbol: 'btcusdt' });
    expect(open.data.orderList).toEqual([
      expect.objectContaining({ id: stop, status: 8, triggerPrice: '110.00', orderType: 1, price: '112.00' }),
    ]);
    // Not in the public book while it waits.
    expect(snapshot(server.services.core.book('btcusdt') as never).orders.map((o) => o.id)).not.toContain(stop);

    // A restart reads it back waiting for the same trigger.
    const reloaded = await CoreState.load(db(), server.services.database.sqlite);
    const book = reloaded.markets.get('btcusdt')?.book;
    expect(book && snapshot(book).triggers).toEqual([
      expect.objectContaining({ id: stop, price: 11200, triggerPrice: 11000, remaining: 10000 }),
    ]);
    expect(reloaded.open.get(stop)).toMatchObject({ status: 8, triggerTicks: 11000, triggerKind: 1 });
    // And fires there: the same trades applied to the rebuilt memory (not written) fill it.
    await reloaded.balances.load(db(), [BOB, CAROL]);
    const replay = new BatchEffects();
    const now = server.clock.now();
    const apply = (userId: number, side: 'BUY' | 'SELL', volume: string) =>
      placeOrder(
        reloaded,
        replay,
        { userId, symbol: 'btcusdt', request: { side, type: 1, price: '110', volume }, clientOrderId: null },
        now,
      );
    expect(apply(BOB, 'SELL', '1.5').ok).toBe(true);
    expect(apply(CAROL, 'BUY', '0.5').ok).toBe(true);
    expect(replay.orders.get(stop)).toMatchObject({ status: 2, dealLots: 10000 });

    // Bob offers 1.5 at 110; Carol's buy of 0.5 trades at 110, the last price reaches the trigger, and Alice's
    // order enters as a limit buy at 112 that takes Bob's remaining 1 at 110.
    const ask = await placed(bob, { side: 'SELL', type: 1, price: '110', volume: '1.5' });
    expect((await order(stop)).status).toBe(8);
    await placed(carol, { side: 'BUY', type: 1, price: '110', volume: '0.5' });
    expect(await order(stop)).toMatchObject({ status: 2, deal_volume: '1.0000', deal_money: '110', reserve: '0' });
    expect((await order(ask)).status).toBe(2);
    // 110 spent, the 2 locked above it unlocked; 1 BTC less the taker fee (0.2%).
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '890', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'BTC')).toEqual({ available: '0.998', locked: '0' });
  });

  it('places a stop-limit sell that waits for a fall, and fills it when the price falls through it', async () => {
    // Last price 110: a sell triggered at 105 is a stop-loss (falling).
    const stop = await placed(bob, { side: 'SELL', type: 1, price: '104', volume: '0.5', triggerPrice: '105' });
    expect(await order(stop)).toMatchObject({ status: 8, trigger_kind: 1 });
    expect(await balanceOf(db(), BOB, 'BTC')).toMatchObject({ locked: '0.5' });
    // A take-profit sell (triggered above the last price) waits the other way.
    const takeProfit = await placed(bob, { side: 'SELL', type: 1, price: '130', volume: '0.1', triggerPrice: '125' });
    expect(await order(takeProfit)).toMatchObject({ status: 8, trigger_kind: 2 });

    // Carol bids 104 for 1; Bob sells 0.1 into it at 104: the price falls through 105 and the stop sells 0.5 at 104.
    const bid = await placed(carol, { side: 'BUY', type: 1, price: '104', volume: '1' });
    await placed(bob, { side: 'SELL', type: 1, price: '104', volume: '0.1' });
    expect(await order(stop)).toMatchObject({ status: 2, deal_volume: '0.5000' });
    expect(await order(bid)).toMatchObject({ status: 3, deal_volume: '0.6000' });
    expect((await order(takeProfit)).status).toBe(8);
  });

  it('IOC fills what it can and cancels the rest; FOK fills whole or not at all; post-only never takes', async () => {
    const ask = await placed(bob, { side: 'SELL', type: 1, price: '115', volume: '0.3' });
    const fok = await placed(alice, { side: 'BUY', type: 4, price: '120', volume: '1' });
    expect(await order(fok)).toMatchObject({ status: 4, deal_volume: '0.0000', time_in_force: 'FOK', reserve: '0' });
    expect((await order(ask)).deal_volume).toBe('0.0000');

    const takesOnly = await place(alice, { side: 'BUY', type: 5, price: '116', volume: '0.1' });
    expect(takesOnly).toMatchObject({ code: ErrorCode.postOnlyWouldTake, msg: expect.stringMatching(/^Post-only/) });
    const maker = await placed(alice, { side: 'BUY', type: 5, price: '101', volume: '0.1' });
    expect(await order(maker)).toMatchObject({ status: 1, post_only: 1 });

    const ioc = await placed(alice, { side: 'BUY', type: 3, price: '120', volume: '1' });
    expect(await order(ioc)).toMatchObject({ status: 4, deal_volume: '0.3000', closed_by_exchange: 1, reserve: '0' });
    const history = await alice.call(orderEntrustHistory, { symbol: 'btcusdt' });
    expect(history.data.orderList.find((o) => o.id === ioc)).toMatchObject({ orderType: 3 });
    expect(history.data.orderList.find((o) => o.id === fok)).toMatchObject({ orderType: 4 });
  });

  it("cancel all cancels only the caller's orders, in one market or all, and unlocks their funds", async () => {
    await fund(server.services.core, ALICE, 'USDT', '100');
    const a1 = await placed(alice, { side: 'BUY', type: 1, price: '90', volume: '0.2' });
    const a2 = await placed(alice, { side: 'BUY', type: 1, price: '99', volume: '0.1', triggerPrice: '125' });
    const a3 = await placed(alice, { symbol: 'ethusdt', side: 'BUY', type: 1, price: '10', volume: '1' });
    const b1 = await placed(bob, { side: 'SELL', type: 1, price: '150', volume: '0.2' });

    const one = await alice.call(orderCancelAll, { symbol: 'btcusdt' });
    expect(one).toMatchObject({ code: '0', data: { count: 3 } }); // a1, a2 and the post-only maker of the last test
    for (const id of [a1, a2]) expect(await order(id)).toMatchObject({ status: 4, reserve: '0' });
    expect((await order(a3)).status).toBe(1);
    expect((await order(b1)).status).toBe(1);
    expect((await alice.call(orderListNew, { symbol: 'btcusdt' })).data.count).toBe(0);

    const rest = await alice.call(orderCancelAll, {});
    expect(rest.data.count).toBe(1);
    expect(await balanceOf(db(), ALICE, 'USDT')).toMatchObject({ locked: '0' });
    expect((await order(b1)).status).toBe(1);
    expect((await alice.call(orderCancelAll, {})).data.count).toBe(0);
    const anonymous = await server.client().call(orderCancelAll, {});
    expect(anonymous.code).toBe(ErrorCode.sessionEnded);
  });
});
