import { coAccountBalance, coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { getRiskAccount, riskBalanceList } from '@opex/contract/calls/co-common';
import {
  coCurrentOrderList,
  coGetTradeInfo,
  coHisTradeList,
  coHistoryOrderList,
  coOrderCancel,
  coOrderCreate,
  coUserOrderCount,
} from '@opex/contract/calls/co-order';
import { coAssetsList, coChangePositionMargin, coHistoryPositionList } from '@opex/contract/calls/co-position';
import {
  createCoId,
  editUserPageConfig,
  getUserConfig,
  levelEdit,
  marginModelEdit,
} from '@opex/contract/calls/co-user';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { addBtcAndUsdt, BTC_BRACKETS, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, loginAs, tradingInvariants } from './trading-fixtures.ts';

const [ALICE, BOB] = [601, 602];

/**
 * The co host's order and position calls through the real server: a linear BTC contract (0.001 BTC a contract,
 * maker 0.02%, taker 0.05%), Alice and Bob trading each other with their saved settings.
 */
describe.each(testDialects)('futures orders and positions on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let alice: TestClient;
  let bob: TestClient;
  let contractId: number;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const order = (client: TestClient, fields: Record<string, unknown>) =>
    client.call(coOrderCreate, { contractId, side: 'BUY', open: 'OPEN', type: 1, volume: '1', ...fields });

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd());
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', BTC_BRACKETS);
    contractId = Number(
      (await server.services.database.db.selectFrom('contracts').select('id').executeTakeFirstOrThrow()).id,
    );
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
    for (const [id, client] of [
      [ALICE, alice],
      [BOB, bob],
    ] as const) {
      await fund(server.services.core, id, 'USDT', '1000');
      expect(
        (await client.call(coTransfer, { transferType: 'wallet_to_contract', amount: '1000', coinSymbol: 'USDT' }))
          .code,
      ).toBe('0');
    }
  });
  afterAll(() => server.close());

  it('asks for a futures account first, then trades with the saved leverage and margin mode', async () => {
    expect((await order(alice, { price: '20000' })).code).toBe(ErrorCode.futuresNoAccount);
    for (const client of [alice, bob]) expect((await client.call(createCoId, {})).code).toBe('0');
    expect((await alice.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
    expect((await bob.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
    expect((await alice.call(marginModelEdit, { marginModel: 2, contractId })).code).toBe('0');

    const rest = await order(bob, { side: 'SELL', price: '20000.0', volume: '10' });
    expect(rest.code).toBe('0');
    const current = await bob.call(coCurrentOrderList, { contractId });
    expect(current.data).toMatchObject({
      count: 1,
      orderList: [
        {
          side: 'SELL',
          open: 'OPEN',
          type: 1,
          price: '20000.0',
          volume: '10',
          dealVolume: '0',
          status: 1,
          orderBalance: '20.1',
          leverageLevel: 10,
        },
      ],
    });
    // Bob may not change his margin or position mode while the order is open; his leverage he may.
    const config = await bob.call(getUserConfig, { contractId });
    expect(config.data).toMatchObject({
      levelCanSwitch: true,
      marginModelCanSwitch: false,
      positionModelCanSwitch: false,
    });
    expect((await bob.call(marginModelEdit, { marginModel: 2, contractId })).code).toBe(ErrorCode.badRequest);
    // At 20x the order holds 200 / 20 = 10 and the fee 0.1; back at 10x 20.1 again, and both are saved.
    const held = async () => (await bob.call(coCurrentOrderList, { contractId })).data?.orderList[0];
    expect((await bob.call(levelEdit, { nowLevel: 20, contractId })).code).toBe('0');
    expect(await held()).toMatchObject({ orderBalance: '10.1', leverageLevel: 20 });
    expect((await bob.call(getUserConfig, { contractId })).data).toMatchObject({ nowLevel: 20 });
    // 126x is beyond the contract; 125x allows 50,000 USDT, which the order's 200 is within.
    expect((await bob.call(levelEdit, { nowLevel: 126, contractId })).code).toBe(ErrorCode.badRequest);
    expect((await bob.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
    expect(await held()).toMatchObject({ orderBalance: '20.1', leverageLevel: 10 });

    // Alice's market buy of 200 USDT of value: 10 contracts at 20000 (the opening market order is sized by value).
    expect((await order(alice, { type: 2, volume: '200' })).code).toBe('0');
    const assets = await alice.call(coAssetsList, {});
    expect(assets.data?.positionList).toMatchObject([
      {
        contractName: 'E-BTC-USDT',
        orderSide: 'BUY',
        positionType: 2,
        leverageLevel: 10,
        positionVolume: '10',
        canCloseVolume: '10',
        openAvgPrice: '20000.0',
        indexPrice: '20000.0',
        holdAmount: '20',
        unRealizedAmount: '0',
        positionBalance: '200',
        keepRate: '0.004',
        adlRank: 5,
        // Isolated long at 10x: bankrupt at 20000 - 20 / 0.01 = 18000; liquidated where 20 + 0.01 (p - 20000) =
        // 0.004 x 0.01 p, p = 18000 / 0.996 = 18072.28..., rounded up for a long.
        bankruptcyPrice: '18000.0',
        reducePrice: '18072.3',
      },
    ]);
    expect(assets.data?.accountList).toEqual([
      {
        symbol: 'USDT',
        canUseAmount: '979.9',
        totalAmount: '999.9',
        totalMargin: '0',
        isolateMargin: '20',
        lockAmount: '0',
        realizedAmount: '0',
        unRealizedAmount: '0',
        totalMarginRate: '0',
      },
    ]);
    expect((await alice.call(coAccountBalance, { marginCoin: 'USDT' })).data?.accounts).toEqual(
      assets.data?.accountList,
    );
    expect(
      (await bob.call(coHistoryOrderList, { contractId, beginTime: 0, endTime: Date.now() * 2 })).data,
    ).toMatchObject({
      count: 1,
      orderList: [{ status: 2, dealVolume: '10', avgPrice: '20000.0', tradeFee: '0.04' }],
    });
    expect((await alice.call(coGetTradeInfo, { contractId })).data?.tradeList).toMatchObject([
      { side: 'BUY', open: 'OPEN', price: '20000.0', volume: '10', role: 'taker', fee: '0.1', feeCoin: 'USDT' },
    ]);
  });

  it('moves isolated margin in and out within what the position needs', async () => {
    const position = (await alice.call(coAssetsList, {})).data?.positionList[0];
    const positionId = Number(position?.id);
    expect((await alice.call(coChangePositionMargin, { type: 1, contractId, positionId, amount: '5' })).code).toBe('0');
    expect((await alice.call(coAssetsList, {})).data?.positionList[0]).toMatchObject({
      holdAmount: '25',
      canSubMarginAmount: '5',
    });
    expect(
      (await alice.call(coChangePositionMargin, { type: 2, contractId, positionId, amount: '-5.000001' })).code,
    ).toBe(ErrorCode.futuresMarginRemoveAbove);
    expect((await bob.call(coChangePositionMargin, { type: 1, contractId, positionId, amount: '5' })).code).toBe(
      ErrorCode.futuresPositionNotFound,
    );
    expect((await alice.call(coChangePositionMargin, { type: 2, contractId, positionId, amount: '-5' })).code).toBe(
      '0',
    );
  });

  it('closes with a reduce-only order, realizes the PnL and keeps the closed position in the history', async () => {
    expect((await order(alice, { side: 'SELL', open: 'CLOSE', price: '21000', volume: '11' })).code).toBe(
      ErrorCode.futuresCloseAboveClosable,
    );
    expect((await order(alice, { side: 'SELL', open: 'CLOSE', price: '21000', volume: '10' })).code).toBe('0');
    expect((await alice.call(coUserOrderCount, { contractId })).data).toEqual({ orderCount: 1, triggerOrderCount: 0 });
    expect((await alice.call(coAssetsList, {})).data?.positionList[0]).toMatchObject({ canCloseVolume: '0' });
    // Bob buys it back: his short closes too (one-way, nets first), at a loss of 10.
    expect((await order(bob, { side: 'BUY', type: 2, open: 'CLOSE', volume: '10' })).code).toBe('0');
    const assets = (await alice.call(coAssetsList, {})).data;
    expect(assets?.positionList).toEqual([]);
    // 1000 - 0.1 (open fee) + 10 (PnL) - 0.042 (close fee, maker 210 x 0.0002) = 1009.858.
    expect(assets?.accountList[0]).toMatchObject({ canUseAmount: '1009.858', totalAmount: '1009.858' });
    expect((await alice.call(coHistoryPositionList, { contractId })).data?.positionList).toMatchObject([
      {
        side: 'BUY',
        positionType: 2,
        openPrice: '20000.0',
        closePrice: '21000.0',
        volume: '10',
        closeProfit: '10',
        tradeFee: '0.142',
        historyRealizedAmount: '9.858',
      },
    ]);
    const ledger = (await alice.call(coTransactionList, { page: 1, limit: 20 })).data?.transList ?? [];
    expect(ledger.map((r) => [r.typeCode, r.amount, r.symbol, r.contractName])).toEqual([
      [7, '-0.042', 'USDT', 'E-BTC-USDT'],
      [3, '10', 'USDT', 'E-BTC-USDT'],
      [6, '-0.1', 'USDT', 'E-BTC-USDT'],
      [1, '1000', 'USDT', ''],
    ]);
    expect(
      (await alice.call(coHisTradeList, { page: 1, limit: 20, beginTime: 0, endTime: Date.now() * 2 })).data
        ?.tradeHisList,
    ).toMatchObject([
      { side: 'SELL', open: 'CLOSE', role: 'maker', realizedAmount: '10' },
      { side: 'BUY', open: 'OPEN', role: 'taker', realizedAmount: '0' },
    ]);
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  });

  it("cancels one order or all, and reads and touches only the caller's own", async () => {
    expect((await alice.call(editUserPageConfig, { contractId, positionModel: 2 })).code).toBe('0');
    const first = await order(alice, { price: '19000', volume: '2' });
    await order(alice, { price: '19001', volume: '3' });
    expect((await bob.call(coCurrentOrderList, { contractId })).data?.count).toBe(0);
    expect((await bob.call(coOrderCancel, { contractId, orderId: String(first.data?.orderId) })).code).toBe(
      ErrorCode.orderNotOpen,
    );
    expect((await alice.call(coOrderCancel, { contractId, orderId: String(first.data?.orderId) })).code).toBe('0');
    expect((await alice.call(coCurrentOrderList, { contractId })).data?.count).toBe(1);
    expect((await alice.call(coOrderCancel, { contractId })).code).toBe('0');
    expect((await alice.call(coCurrentOrderList, { contractId })).data?.count).toBe(0);
    expect(
      (
        await alice.call(coHistoryOrderList, { contractId, type: 1, beginTime: 0, endTime: Date.now() * 2 })
      ).data?.orderList.slice(0, 2),
    ).toMatchObject([
      { status: 4, memo: 1 },
      { status: 4, memo: 1 },
    ]);
    // Bad input: a volume in fractions of a contract, a limit order with no price.
    expect((await order(alice, { price: '19000', volume: '1.5' })).code).toBe(ErrorCode.volumePrecision);
    expect((await order(alice, { volume: '1' })).code).toBe(ErrorCode.badRequest);
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  });

  it('liquidates at the mark price the service works out each second, through the risk watch', async () => {
    expect((await order(bob, { side: 'SELL', price: '20000', volume: '10' })).code).toBe('0');
    expect((await order(alice, { type: 2, volume: '200' })).code).toBe('0');
    const position = (await alice.call(coAssetsList, {})).data?.positionList[0];
    expect(position).toMatchObject({ positionSide: 'long', positionType: 2, reducePrice: '18072.3' });
    // The index falls to 15000: whatever the mark's median takes from the last price (20000), it is below 18072.3.
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', '15000');
    await server.services.prices.current();
    await server.services.contractPrices.tick();
    const db = server.services.database.db;
    for (let i = 0; i < 100 && !(await db.selectFrom('futures_liquidations').select('id').executeTakeFirst()); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.selectFrom('futures_liquidations').selectAll().execute()).toMatchObject([
      { position_id: Number(position?.id), user_id: ALICE, qty: '10', bankruptcy_price: '18000', by_adl: '10' },
    ]);
    expect((await alice.call(coAssetsList, {})).data?.positionList).toEqual([]);
    // The message centre tells her.
    const messages = await db.selectFrom('messages').selectAll().where('user_id', '=', ALICE).execute();
    expect(messages.map((m) => m.title)).toContain('Position liquidated: E-BTC-USDT');
    // Her ledger tells the liquidation (its loss and the clearance the fund took, by auto-deleveraging here) from
    // ordinary closes, with the contract and the coin; Bob's side of it is realized PnL.
    const ledger = async (client: TestClient, type?: number) =>
      (await client.call(coTransactionList, { page: 1, limit: 50, ...(type ? { type } : {}) })).data.transList;
    const liquidation = await ledger(alice, 12);
    expect(liquidation.length).toBeGreaterThan(0);
    expect(liquidation.every((r) => r.symbol === 'USDT' && r.contractName === 'E-BTC-USDT')).toBe(true);
    expect(liquidation.map((r) => [r.type, r.amount.startsWith('-')])).toContainEqual(['Liquidation', true]);
    expect((await ledger(alice)).filter((r) => r.typeCode === 12)).toEqual(liquidation);
    expect((await ledger(alice, 7)).every((r) => r.typeCode === 7)).toBe(true);
    expect((await ledger(bob, 12)).length).toBe(0);
    expect((await ledger(bob, 3))[0]).toMatchObject({ typeCode: 3, symbol: 'USDT', contractName: 'E-BTC-USDT' });
    expect(await tradingInvariants(db, server.services.core)).toEqual([]);
  });

  it('publishes the insurance fund: its balance and each movement with the balance after it', async () => {
    const move = (delta: string, id: string) =>
      server.services.core.postMovement({
        cause: 'operator_credit',
        causeId: id,
        postings: [
          { ownerId: 0, account: 'futures_insurance', coin: 'USDT', field: 'available', delta },
          {
            ownerId: 0,
            account: 'external',
            coin: 'USDT',
            field: 'available',
            delta: delta.startsWith('-') ? delta.slice(1) : `-${delta}`,
          },
        ],
      });
    await move('25', 'fund-in');
    await move('-5', 'fund-out');
    expect((await bob.call(getRiskAccount, { coinSymbol: 'usdt' })).data).toEqual({ amount: '20' });
    const list = (await bob.call(riskBalanceList, { symbol: 'USDT', page: 1, limit: 10 })).data;
    expect(list?.hisCount).toBe(2);
    expect(list?.historyList.map((r) => [r.type, r.hisAmount])).toEqual([
      [2, '5'],
      [1, '25'],
    ]);
    // The chart: the balance at the end of each day it moved, oldest first, whichever page the list shows.
    server.clock.advance(86_400_000);
    await move('10', 'fund-next-day');
    const paged = (await bob.call(riskBalanceList, { symbol: 'USDT', page: 2, limit: 1 })).data;
    expect(paged?.historyList.map((r) => [r.type, r.hisAmount])).toEqual([[2, '5']]);
    expect(paged?.brokenLineList.map((r) => r.amount)).toEqual(['20', '30']);
    const [first, second] = paged?.brokenLineList ?? [];
    expect(Number(second?.ctime) - Number(first?.ctime)).toBeGreaterThanOrEqual(86_400_000);
    expect((await bob.call(riskBalanceList, { symbol: 'BTC', page: 1, limit: 10 })).data).toEqual({
      historyList: [],
      brokenLineList: [],
      hisCount: 0,
    });
    expect((await bob.call(getRiskAccount, { coinSymbol: 'BTC' })).data).toEqual({ amount: '0' });
  });
});
