import { coTransfer } from '@opex/contract/calls/co-account';
import { coOrderCancel, coOrderCreate, coUserOrderCount } from '@opex/contract/calls/co-order';
import { coAssetsList } from '@opex/contract/calls/co-position';
import {
  coOrderTpslCancel,
  coOrderTpslCreate,
  coTakeProfitStopLoss,
  coTriggerOrderList,
  coHistoryTriggerOrderList as historyList,
} from '@opex/contract/calls/co-trigger';
import { createCoId, editUserPageConfig, levelEdit, marginModelEdit } from '@opex/contract/calls/co-user';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { type TriggerRow, triggerClientOrderId } from '../src/futures/trigger-store.ts';
import { addBtcAndUsdt, BTC_BRACKETS, btcPriceTo, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, loginAs, tradingInvariants } from './trading-fixtures.ts';

const [ALICE, BOB, CAROL] = [611, 612, 613];
const DAY = 86_400_000;
/** Time for the trigger watch to see what just happened (where a test checks that nothing fired). */
const pause = () => new Promise((r) => setTimeout(r, 100));

/**
 * Futures conditional orders through the real server: a linear BTC contract (0.001 BTC a contract, price to 0.1,
 * 5% price range). Bob and Carol trade single contracts with each other to move the last price; the mark price is
 * driven through the price index (the contract's book kept one-sided, so the mark is the index). Alice's triggers
 * fire through the trigger watch, which runs beside the calls; the tests wait for its answers in storage.
 */
describe.each(testDialects)('futures conditional orders on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let contractId: number;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const db = () => server.services.database.db;
  const order = (client: TestClient, fields: Record<string, unknown>) =>
    client.call(coOrderCreate, { contractId, side: 'BUY', open: 'OPEN', type: 1, volume: '1', ...fields });
  const trigger = (client: TestClient, fields: Record<string, unknown>) =>
    order(client, { type: 2, isConditionOrder: true, ...fields });
  /** Bob sells one contract to Carol at `price`: the last price moves there. */
  const trade = async (price: string) => {
    expect((await order(bob, { side: 'SELL', price })).code).toBe('0');
    expect((await order(carol, { side: 'BUY', price })).code).toBe('0');
  };
  /** The trigger's row once `done` holds of it (the watch answers after the trade's events). */
  const settled = async (id: string, done: (row: TriggerRow) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const row = await db()
        .selectFrom('futures_trigger_orders')
        .selectAll()
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow();
      if (done(row)) return row;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`trigger ${id} did not settle`);
  };
  const ended = (id: string) => settled(id, (r) => r.status !== 0);
  const positions = async (client: TestClient) =>
    ((await client.call(coAssetsList, {})).data?.positionList ?? []).map((p) => [
      p.orderSide,
      p.positionVolume,
      p.openAvgPrice,
    ]);
  /** The operator prices BTC in dollars (USDT at 1): the index, and with a one-sided book the mark, follow. */
  const btcAt = (price: string) => btcPriceTo(server, admin, price);
  const login = async () => {
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
    carol = await loginAs(server, CAROL);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd());
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', BTC_BRACKETS);
    contractId = Number((await db().selectFrom('contracts').select('id').executeTakeFirstOrThrow()).id);
    await login();
    for (const [id, client] of [
      [ALICE, alice],
      [BOB, bob],
      [CAROL, carol],
    ] as const) {
      await fund(server.services.core, id, 'USDT', '10000');
      const transfer = { transferType: 'wallet_to_contract', amount: '10000', coinSymbol: 'USDT' };
      expect((await client.call(coTransfer, transfer)).code).toBe('0');
      expect((await client.call(createCoId, {})).code).toBe('0');
      expect((await client.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
    }
  });
  afterAll(() => server.close());

  it('opens and closes a position with stop-market orders fired by trades at the last price', async () => {
    expect((await trigger(alice, { triggerPrice: '20500' })).code).toBe(ErrorCode.futuresTriggerNoPrice);
    await trade('20000');
    // At the price now it would fire at once; a limit price 7.3% from its trigger is too far.
    expect((await trigger(alice, { triggerPrice: '20000', volume: '2' })).code).toBe(ErrorCode.futuresTriggerWouldFire);
    expect((await trigger(alice, { type: 1, price: '22000', triggerPrice: '20500' })).code).toBe(
      ErrorCode.futuresTriggerPriceRange,
    );
    expect((await trigger(alice, { triggerPrice: '20500.05' })).code).toBe(ErrorCode.triggerPricePrecision);
    expect((await trigger(alice, { triggerPrice: '20500', volume: '100001' })).code).toBe(
      ErrorCode.futuresVolumeAboveMax,
    );
    expect((await trigger(alice, { side: 'SELL', open: 'CLOSE', triggerPrice: '19000' })).code).toBe(
      ErrorCode.futuresNoPosition,
    );
    const buy = await trigger(alice, { triggerPrice: '20500', volume: '2' });
    expect(buy.code).toBe('0');
    const id = String(buy.data?.orderId);
    const listed = await alice.call(coTriggerOrderList, { contractId });
    expect(listed.data).toEqual({
      count: 1,
      trigOrderList: [
        expect.objectContaining({
          id,
          side: 'BUY',
          open: 'OPEN',
          type: 2,
          triggerType: 3,
          triggerPriceType: 1,
          triggerPrice: '20500.0',
          price: '0',
          volume: '2',
          status: 0,
          memo: 0,
          orderId: '',
          leverageLevel: 10,
          timeInForce: 7,
          expireTime: server.clock.now() + 7 * DAY,
        }),
      ],
    });
    expect((await alice.call(coUserOrderCount, { contractId })).data).toEqual({ orderCount: 0, triggerOrderCount: 1 });
    // Off the book: a trade below its trigger leaves it waiting.
    expect((await order(bob, { side: 'SELL', price: '20600', volume: '5' })).code).toBe('0');
    await trade('20400');
    await trade('20500');
    const fired = await ended(id);
    expect(fired).toMatchObject({ status: 2, memo: 0 });
    expect(await positions(alice)).toEqual([['BUY', '2', '20600.0']]);

    // Its stop-loss: a sell waiting for a fall (one above the price now would fire at once).
    const stop = { side: 'SELL', open: 'CLOSE', volume: '2', triggerType: 1 };
    expect((await trigger(alice, { ...stop, triggerPrice: '21000' })).code).toBe(ErrorCode.futuresTriggerWouldFire);
    const sl = await trigger(alice, { ...stop, triggerPrice: '20000' });
    expect(sl.code).toBe('0');
    expect((await order(bob, { side: 'BUY', price: '19900', volume: '2' })).code).toBe('0');
    await trade('20000');
    expect(await ended(String(sl.data?.orderId))).toMatchObject({ status: 2 });
    expect(await positions(alice)).toEqual([]);
    const history = await alice.call(historyList, { contractId, beginTime: 0, endTime: Date.now() * 2 });
    expect(history.data?.trigOrderList.map((t) => [t.triggerType, t.status, t.orderId !== ''])).toEqual([
      [1, 2, true],
      [3, 2, true],
    ]);
    expect(history.data?.trigOrderList[1]?.orderId).toBe(String(fired.order_id));
    for (const client of [bob, carol]) expect((await client.call(coOrderCancel, { contractId })).code).toBe('0');
  });

  it('takes profit when the mark price reaches the trigger, and cancels the stop-loss of the closed position', async () => {
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await btcAt('20000');
    expect(server.services.contractPrices.markOf('e-btc-usdt')).toBe(20_000n * 10n ** 18n);
    expect((await order(bob, { side: 'SELL', price: '20000' })).code).toBe('0');
    expect((await order(alice, { price: '20000' })).code).toBe('0');
    const created = await alice.call(coOrderTpslCreate, {
      contractId,
      side: 'SELL',
      orderList: [
        { triggerType: 2, type: 2, price: '0', volume: '1', triggerPrice: '20400' },
        { triggerType: 1, type: 2, price: '0', volume: '1', triggerPrice: '19600' },
      ],
    });
    expect(created.code).toBe('0');
    const [tp, sl] = (created.data?.respList ?? []).map((r) => r.id);
    expect((await alice.call(coTriggerOrderList, { contractId })).data?.trigOrderList).toMatchObject([
      { id: sl, triggerType: 1, triggerPriceType: 2, open: 'CLOSE' },
      { id: tp, triggerType: 2, triggerPriceType: 2, open: 'CLOSE' },
    ]);
    // A last price above the trigger does not fire a mark-price trigger, nor a mark below it: median(index
    // 20399.9, index + no basis sample, last 20450) = 20399.9.
    expect((await order(bob, { side: 'BUY', price: '20300' })).code).toBe('0');
    await trade('20450');
    await btcAt('20399.9');
    expect(server.services.contractPrices.markOf('e-btc-usdt')).toBe(203_999n * 10n ** 17n);
    await pause();
    expect((await settled(String(tp), () => true)).status).toBe(0);
    // Mark = median(20400, 20400, 20450) = 20400: the take-profit sells into Bob's bid.
    await btcAt('20400');
    expect(await ended(String(tp))).toMatchObject({ status: 2 });
    expect(await positions(alice)).toEqual([]);
    expect(await ended(String(sl))).toMatchObject({ status: 4, memo: 4 });
    await btcAt('20000');
  });

  it('checks each take-profit and stop-loss against the mark, liquidation and closable volume', async () => {
    // Isolated long of 10 at 20000, 10x: liquidated at 18072.3 (co-trading.test.ts works it out).
    expect((await alice.call(marginModelEdit, { marginModel: 2, contractId })).code).toBe('0');
    expect((await order(bob, { side: 'SELL', price: '20000', volume: '10' })).code).toBe('0');
    expect((await order(alice, { price: '20000', volume: '10' })).code).toBe('0');
    const position = (await alice.call(coAssetsList, {})).data?.positionList[0];
    expect(position).toMatchObject({ positionVolume: '10', indexPrice: '20000.0', reducePrice: '18072.3' });
    const tpsl = (orderList: Record<string, unknown>[], side = 'SELL', client = alice) =>
      client.call(coOrderTpslCreate, {
        contractId,
        side,
        orderList: orderList.map((o) => ({ type: 2, price: '0', volume: '10', ...o })),
      });
    const refusals: [Record<string, unknown>, string][] = [
      [{ triggerType: 2, triggerPrice: '19900' }, ErrorCode.futuresTakeProfitSide],
      [{ triggerType: 1, triggerPrice: '20100' }, ErrorCode.futuresStopLossSide],
      [{ triggerType: 1, triggerPrice: '18000' }, ErrorCode.futuresStopLossLiquidation],
      [{ triggerType: 2, triggerPrice: '20400', type: 1, price: '21500' }, ErrorCode.futuresTriggerPriceRange],
      [{ triggerType: 1, triggerPrice: '19700', type: 1, price: '18700' }, ErrorCode.futuresTriggerPriceRange],
      [{ triggerType: 2, triggerPrice: '20400', volume: '11' }, ErrorCode.futuresCloseAboveClosable],
      [{ triggerType: 2, triggerPrice: '20400', volume: '1.5' }, ErrorCode.volumePrecision],
    ];
    for (const [fields, code] of refusals) {
      const reply = await tpsl([fields]);
      expect(reply.code, JSON.stringify(fields)).toBe(code);
      expect(reply.data).toEqual({ respList: [{ code, msg: reply.msg, id: '' }] });
    }
    // All or none: one refusal keeps the other from being stored; each sub-order has its answer.
    const mixed = await tpsl([
      { triggerType: 2, triggerPrice: '20400' },
      { triggerType: 1, triggerPrice: '20100' },
    ]);
    expect(mixed.code).toBe(ErrorCode.futuresStopLossSide);
    expect(mixed.data?.respList.map((r) => r.code)).toEqual(['0', ErrorCode.futuresStopLossSide]);
    // No short to close.
    expect((await tpsl([{ triggerType: 2, triggerPrice: '19000' }], 'BUY')).code).toBe(ErrorCode.futuresNoPosition);
    const noneYet = await alice.call(coTakeProfitStopLoss, { contractId, orderSide: 'BUY' });
    expect(noneYet.data).toMatchObject({ takeProfitCount: 0, stopLossCount: 0 });

    // A limit take-profit within 5% of its trigger living one day; a market stop-loss living the user's 7 days.
    const created = await tpsl([
      { triggerType: 2, triggerPrice: '20400', type: 1, price: '20500', expiredTime: 1 },
      { triggerType: 1, triggerPrice: '19000' },
    ]);
    expect(created.code).toBe('0');
    const [tp, sl] = (created.data?.respList ?? []).map((r) => r.id);
    expect((await alice.call(coTakeProfitStopLoss, { contractId, orderSide: 'BUY' })).data).toEqual({
      takeProfitCount: 1,
      stopLossCount: 1,
      takeProfitList: [{ id: tp, triggerPrice: '20400.0', price: '20500.0', volume: '10' }],
      stopLossList: [{ id: sl, triggerPrice: '19000.0', price: '0', volume: '10' }],
    });
    const now = server.clock.now();
    const active = (await alice.call(coTriggerOrderList, { contractId })).data?.trigOrderList ?? [];
    expect(active.map((t) => [t.id, t.timeInForce, t.expireTime])).toEqual([
      [sl, 7, now + 7 * DAY],
      [tp, 1, now + DAY],
    ]);

    // Only the owner reads or cancels them.
    expect((await bob.call(coTriggerOrderList, { contractId })).data?.count).toBe(0);
    expect((await bob.call(historyList, { contractId, beginTime: 0, endTime: Date.now() * 2 })).data?.count).toBe(0);
    expect((await bob.call(coTakeProfitStopLoss, { contractId, orderSide: 'BUY' })).data?.takeProfitCount).toBe(0);
    expect((await bob.call(coOrderTpslCancel, { contractId, orderIds: `${tp},${sl}` })).code).toBe(
      ErrorCode.futuresTriggerNotActive,
    );
    expect((await bob.call(coOrderCancel, { contractId, orderId: tp, isConditionOrder: true })).code).toBe(
      ErrorCode.futuresTriggerNotActive,
    );
    expect((await bob.call(coOrderCancel, { contractId, isConditionOrder: true })).code).toBe('0');
    expect((await alice.call(coUserOrderCount, { contractId })).data?.triggerOrderCount).toBe(2);

    expect((await alice.call(coOrderTpslCancel, { contractId, orderIds: String(sl) })).code).toBe('0');
    expect((await alice.call(coOrderCancel, { contractId, isConditionOrder: true })).code).toBe('0');
    expect((await alice.call(coTriggerOrderList, { contractId })).data?.count).toBe(0);
    const history = await alice.call(historyList, { contractId, beginTime: now, endTime: now });
    expect(history.data?.trigOrderList.slice(0, 2).map((t) => [t.id, t.status, t.memo])).toEqual([
      [sl, 4, 1],
      [tp, 4, 1],
    ]);
  });

  it('fires a trailing stop when the last price retraces the callback from its best since activation', async () => {
    const trailing = { side: 'SELL', open: 'CLOSE', volume: '10', triggerType: 4 };
    expect((await trigger(alice, { ...trailing, callbackRate: '0.06' })).code).toBe(ErrorCode.futuresCallbackRate);
    expect((await trigger(alice, { ...trailing, callbackRate: '0.02', activationPrice: '19000' })).code).toBe(
      ErrorCode.futuresTriggerWouldFire,
    );
    expect((await trigger(alice, { ...trailing, callbackRate: '0.02', type: 1, price: '21000' })).code).toBe(
      ErrorCode.badRequest,
    );
    const placed = await trigger(alice, { ...trailing, callbackRate: '0.02', activationPrice: '21000' });
    expect(placed.code).toBe('0');
    const id = String(placed.data?.orderId);
    // 20500 does not activate it; 21000 does; 21500 is the best since: it fires at 21500 x 0.98 = 21070.
    await trade('20500');
    await trade('21000');
    await trade('21500');
    await settled(id, (r) => r.extreme === '21500');
    expect((await alice.call(coTriggerOrderList, { contractId })).data?.trigOrderList[0]).toMatchObject({
      triggerPrice: '21070.0',
      activationPrice: '21000.0',
      extremePrice: '21500.0',
      callbackRate: '0.02',
      status: 0,
    });
    expect((await order(bob, { price: '21000', volume: '10' })).code).toBe('0');
    await trade('21100');
    await pause();
    expect((await settled(id, () => true)).status).toBe(0);
    await trade('21070');
    expect(await ended(id)).toMatchObject({ status: 2 });
    expect(await positions(alice)).toEqual([]);
  });

  it('keeps active triggers over a restart and fires them after it', async () => {
    const placed = await trigger(alice, { triggerPrice: '21500' });
    expect(placed.code).toBe('0');
    // Another fired just before the process died: its order was placed, its row not yet ended.
    const crashed = String((await trigger(alice, { triggerPrice: '23000' })).data?.orderId);
    const early = await server.services.core.execute('futuresPlace', {
      userId: ALICE,
      symbol: 'e-btc-usdt',
      side: 'BUY',
      kind: 1,
      price: '20000',
      volume: '1',
      intent: { positionSide: 'both', reduceOnly: false, leverage: 10, marginMode: 2 },
      clientOrderId: triggerClientOrderId(Number(crashed)),
    });
    expect(early.ok).toBe(true);
    await server.restart();
    await login();
    // The restart ends that one with its order, and arms the other again.
    expect(await ended(crashed)).toMatchObject({ status: 2, order_id: early.ok ? early.orderId : -1 });
    expect((await alice.call(coTriggerOrderList, { contractId })).data?.trigOrderList).toMatchObject([
      { id: placed.data?.orderId, status: 0, triggerPrice: '21500.0' },
    ]);
    expect((await alice.call(coOrderCancel, { contractId })).code).toBe('0');
    expect((await order(bob, { side: 'SELL', price: '21600' })).code).toBe('0');
    await trade('21500');
    expect(await ended(String(placed.data?.orderId))).toMatchObject({ status: 2 });
    expect(await positions(alice)).toEqual([['BUY', '1', '21600.0']]);
  });

  it("expires a trigger after the user's expireTime, before its price is reached", async () => {
    expect((await alice.call(editUserPageConfig, { contractId, expireTime: 1 })).code).toBe('0');
    const placed = await trigger(alice, { triggerPrice: '22000' });
    const id = String(placed.data?.orderId);
    expect((await alice.call(coTriggerOrderList, { contractId })).data?.trigOrderList[0]).toMatchObject({
      timeInForce: 1,
      expireTime: server.clock.now() + DAY,
    });
    server.clock.advance(DAY);
    await login(); // the sessions ended while idle
    await trade('22000');
    expect(await ended(id)).toMatchObject({ status: 1, memo: 2, order_id: null });
    expect(await positions(alice)).toEqual([['BUY', '1', '21600.0']]);
  });

  it('fails a trigger whose contract is halted, or whose order the margin does not cover, when its price is reached', async () => {
    const placed = await trigger(alice, { triggerPriceType: 2, triggerPrice: '20500' });
    expect(placed.code).toBe('0');
    await admin('contract', 'halt', 'E-BTC-USDT');
    await btcAt('20500');
    expect(await ended(String(placed.data?.orderId))).toMatchObject({
      status: 3,
      memo: 6,
      error_code: ErrorCode.futuresContractClosed,
    });
    await admin('contract', 'resume', 'E-BTC-USDT');
    // Reached, but 5000 contracts at 22100 need 11050 of margin at 10x: Alice has about 10000. Failed, memo 3.
    const big = await trigger(alice, { type: 1, price: '22100', volume: '5000', triggerPrice: '22100' });
    expect(big.code).toBe('0');
    await trade('22100');
    expect(await ended(String(big.data?.orderId))).toMatchObject({ status: 3, memo: 3, order_id: null });
    expect(
      (await alice.call(historyList, { contractId, beginTime: 0, endTime: Date.now() * 2 })).data?.trigOrderList[0],
    ).toMatchObject({ status: 3, memo: 3, errorCode: expect.stringMatching(/^\d+$/) });
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });
});
