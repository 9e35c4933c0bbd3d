import type { AddressInfo } from 'node:net';
import {
  LoanStatus,
  leverBorrowHistory,
  leverBorrowNew,
  leverFinanceBalance,
  leverFinanceBorrow,
  leverFinanceReturn,
  leverFinanceSymbolBalance,
  leverFinanceTransfer,
  leverFinanceTransferList,
  leverOrderCancel,
  leverOrderCreate,
  leverOrderHistory,
  leverOrderListNew,
  leverReturnInfo,
  leverTradeListByOrder,
} from '@opex/contract/calls/lever';
import { orderCancel, orderCreate, orderListNew } from '@opex/contract/calls/order';
import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { setAnchor } from '../src/catalog/price-anchors.ts';
import { KYC_LIMITS_SETTING } from '../src/kyc/trade-limit.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { on, RealtimeSocket } from './realtime-socket.ts';
import { balanceOf, fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

const ALICE = 401;
const BOB = 402;
const CAROL = 403;

describe.each(testDialects)('margin through the lever calls on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let socket: RealtimeSocket;
  const db = () => server.services.database.db;
  const ok = async <T extends { code: string; msg?: string }>(reply: Promise<T>) => {
    const r = await reply;
    expect(r.code, r.msg).toBe('0');
    return r as T & { data: NonNullable<unknown> };
  };
  const spot = (who: TestClient, side: 'BUY' | 'SELL', price: string, volume: string) =>
    ok(who.call(orderCreate, { side, type: 1, price, volume, symbol: 'btcusdt' }));
  const pair = async () => (await ok(alice.call(leverFinanceSymbolBalance, { symbol: 'BTCUSDT' }))).data;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db(), { is_open_lever: 1, multiple: 3 });
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1' }, 0);
    await server.services.settings.setSwitch('lever_open', '1');
    await server.services.core.reloadMarkets();
    await fund(server.services.core, ALICE, 'USDT', '1000');
    await fund(server.services.core, BOB, 'BTC', '10');
    await fund(server.services.core, BOB, 'USDT', '10000');
    await fund(server.services.core, CAROL, 'BTC', '1');
    [alice, bob, carol] = await Promise.all([loginAs(server, ALICE), loginAs(server, BOB), loginAs(server, CAROL)]);
    // A market at 100: a trade there, and Bob's bid and ask around it.
    await spot(bob, 'BUY', '100', '0.01');
    await spot(carol, 'SELL', '100', '0.01');
    await spot(bob, 'BUY', '99', '5');
    await spot(bob, 'SELL', '101', '9');
    // The operator's anchor is read again when a reader asks for the current index.
    expect((await server.services.prices.current()).prices.get('BTC')?.usd.toFixed()).toBe('100');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/kline-api/ws`;
    socket = await RealtimeSocket.open(
      url,
      `${SESSION_COOKIE}=${await server.services.sessions.create(ALICE, '127.0.0.1', 'vitest')}`,
    );
    socket.send({ event: 'sub', params: { channel: 'user_margin_risk' } });
  });
  afterAll(async () => {
    socket.close();
    await server.close();
  });

  it('moves money into the pair, borrows, and shows the account with its risk', async () => {
    await ok(
      alice.call(leverFinanceTransfer, {
        fromAccount: '1',
        toAccount: '2',
        amount: '100',
        coinSymbol: 'USDT',
        symbol: 'BTCUSDT',
      }),
    );
    expect(await pair()).toMatchObject({
      name: 'BTC/USDT',
      symbol: 'BTCUSDT',
      quoteNormalBalance: '100',
      quoteCanBorrow: '200',
      baseCanBorrow: '2',
      riskRate: '',
      indexPrice: '100.00',
      multiple: 3,
      liquidationRate: '110',
      quoteExNormalBalance: '900',
      quoteEXNormalBalance: '900',
    });
    const over = await alice.call(leverFinanceBorrow, { symbol: 'btcusdt', coin: 'USDT', amount: '200.5' });
    expect(over).toMatchObject({ code: ErrorCode.borrowAboveLimit, msg: expect.stringContaining('leverage') });
    const loan = await ok(alice.call(leverFinanceBorrow, { symbol: 'BTC_USDT', coin: 'usdt', amount: '190' }));
    expect(loan.data.id).toBeGreaterThan(0);
    // Her risk reaches her socket as soon as the loan is booked.
    const pushed = await socket.next((f) => on('user_margin_risk')(f) && f.tick.riskRate !== '');
    expect(pushed.tick).toEqual({
      symbol: 'BTCUSDT',
      indexPrice: '100',
      riskRate: '152.63',
      burstPrice: '',
      state: 'safe',
    });
    expect(await pair()).toMatchObject({
      quoteNormalBalance: '290',
      quoteBorrowBalance: '190',
      quoteTotalBorrow: '190',
      riskRate: '152.63',
      // Money stays in while the rate is under 200%.
      quoteCanTransfer: '0',
    });
    const out = await alice.call(leverFinanceTransfer, {
      fromAccount: '2',
      toAccount: '1',
      amount: '1',
      coinSymbol: 'USDT',
      symbol: 'BTCUSDT',
    });
    expect(out.code).toBe(ErrorCode.marginTransferRisk);
    const listed = await ok(alice.call(leverBorrowNew, { symbol: 'BTCUSDT' }));
    expect(listed.data.financeList).toEqual([
      expect.objectContaining({ coin: 'USDT', borrowMoney: '190', oweAmount: '190', status: LoanStatus.open }),
    ]);
    const balance = await ok(alice.call(leverFinanceBalance, {}));
    expect(balance.data.leverMap['BTC/USDT']).toMatchObject({ riskRate: '152.63' });
    const transfers = await ok(alice.call(leverFinanceTransferList, { symbol: 'BTCUSDT' }));
    expect(transfers.data.financeList).toEqual([
      expect.objectContaining({ coinSymbol: 'USDT', amount: '100', transferType: 1, showName: 'BTC/USDT' }),
    ]);
  });

  it('refuses margin orders before identity verification while the operator requires it', async () => {
    await server.services.settings.set(KYC_LIMITS_SETTING, { leverTrade: true });
    const info = await server.client().call(publicInfoV4, {});
    expect(info.data.kycLimitConfig).toEqual({ lever_trade_kyc_open: 1 });
    const refused = await alice.call(leverOrderCreate, {
      side: 'BUY',
      type: 1,
      price: '90',
      volume: '1',
      symbol: 'btcusdt',
    });
    expect(refused).toMatchObject({ code: ErrorCode.tradingNeedsIdentity });
    // Spot is not limited by it.
    const spotOrder = await ok(
      alice.call(orderCreate, { side: 'BUY', type: 1, price: '1', volume: '1', symbol: 'btcusdt' }),
    );
    await ok(alice.call(orderCancel, { orderId: spotOrder.data.order_id, symbol: 'btcusdt' }));
    await server.services.settings.set(KYC_LIMITS_SETTING, { leverTrade: false });
  });

  it("trades on the margin account, apart from the user's spot orders", async () => {
    const resting = await ok(
      alice.call(leverOrderCreate, { side: 'BUY', type: 1, price: '90', volume: '1', symbol: 'btcusdt' }),
    );
    const filled = await ok(
      alice.call(leverOrderCreate, { side: 'BUY', type: 1, price: '101', volume: '1.5', symbol: 'BTCUSDT' }),
    );
    expect((await ok(alice.call(orderListNew, {}))).data.count).toBe(0);
    const open = await ok(alice.call(leverOrderListNew, { symbol: 'btcusdt' }));
    expect(open.data.orderList.map((o) => o.id)).toEqual([resting.data.order_id]);
    // Spot's cancel does not reach a margin order; the lever call does.
    const wrongDoor = await alice.call(orderCancel, { orderId: resting.data.order_id, symbol: 'btcusdt' });
    expect(wrongDoor.code).not.toBe('0');
    await ok(alice.call(leverOrderCancel, { orderId: resting.data.order_id, symbol: 'btcusdt' }));
    const history = await ok(alice.call(leverOrderHistory, { symbol: 'btcusdt', isShowCanceled: 0 }));
    expect(history.data.orderList.map((o) => o.id)).toEqual([filled.data.order_id]);
    const fills = await ok(alice.call(leverTradeListByOrder, { order_id: filled.data.order_id, symbol: 'btcusdt' }));
    expect(fills.data.trade_list).toEqual([
      expect.objectContaining({ price: '101.00', volume: '1.5000', deal_price: '151.5', fee: '0.003', feeCoin: 'BTC' }),
    ]);
    expect(await balanceOf(db(), ALICE, 'BTC', 'lever:BTCUSDT')).toEqual({ available: '1.497', locked: '0' });
  });

  it('repays part, then all: interest first, nothing owed after, and the repayments listed', async () => {
    const [loan] = (await ok(alice.call(leverBorrowNew, {}))).data.financeList;
    // The operator may not close margin on a pair with open loans (market add resets every flag)...
    const ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    for (const coin of ['BTC', 'USDT'])
      await runAdmin(['coin', 'add', '--symbol', coin, '--name', coin, '--show-precision', '4', '--scale', '8'], ctx);
    const closeMargin = runAdmin(
      [
        ...['market', 'add', '--base', 'BTC', '--quote', 'USDT', '--price-precision', '2', '--volume-precision', '4'],
        ...['--depth', '0.01,0.1,1', '--limit-volume-min', '0.0001', '--limit-price-min', '0.01'],
        ...['--market-buy-min', '1', '--market-sell-min', '0.0001', '--maker-fee', '0.001', '--taker-fee', '0.002'],
      ],
      ctx,
    ).catch((e: unknown) => e);
    await expect(closeMargin).resolves.toBeInstanceOf(AdminInputError);
    expect(((await closeMargin) as Error).message).toMatch(/BTC\/USDT has open margin loans: keep --lever 1/);
    // ...and a market closed for trading still takes repayments.
    await db().updateTable('markets').set({ status: 'closed' }).where('symbol', '=', 'btcusdt').execute();
    await server.services.core.reloadMarkets();
    await ok(alice.call(leverFinanceReturn, { id: loan?.id ?? 0, amount: '40' }));
    await db().updateTable('markets').set({ status: 'open' }).where('symbol', '=', 'btcusdt').execute();
    await server.services.core.reloadMarkets();
    const owed = (await pair()).quoteTotalBorrow as string;
    expect(Number.parseFloat(owed)).toBeGreaterThan(149);
    const tooMuch = await alice.call(leverFinanceReturn, { id: loan?.id ?? 0, amount: '1000' });
    expect(tooMuch.code).toBe(ErrorCode.repayAboveOwed);
    const short = await alice.call(leverFinanceReturn, { id: loan?.id ?? 0, amount: owed });
    expect(short.code).toBe(ErrorCode.insufficientBalance);
    await ok(
      alice.call(leverFinanceTransfer, {
        fromAccount: 1,
        toAccount: 2,
        amount: '100',
        coinSymbol: 'USDT',
        symbol: 'btcusdt',
      }),
    );
    await ok(alice.call(leverFinanceReturn, { id: loan?.id ?? 0, amount: owed }));
    expect(await pair()).toMatchObject({ quoteBorrowBalance: '0', quoteInterest: '0', riskRate: '' });
    expect((await ok(alice.call(leverBorrowNew, {}))).data.count).toBe(0);
    expect((await ok(alice.call(leverBorrowHistory, {}))).data.financeList).toEqual([
      expect.objectContaining({ id: loan?.id, status: LoanStatus.repaid, oweAmount: '0', oweInterest: '0' }),
    ]);
    const repayments = await ok(alice.call(leverReturnInfo, { id: loan?.id ?? 0 }));
    expect(repayments.data.financeList.map((r) => r.type)).toEqual([1, 1]);
    expect(repayments.data.financeList[0]?.returnMoney).toBe('40');
    expect(await balanceOf(db(), ALICE, 'USDT', 'loan:BTCUSDT')).toEqual({ available: '0', locked: '0' });
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });

  it('liquidates when the index price falls to the line, in the same price event', async () => {
    // Borrow all the pair allows and go long with it.
    const room = (await pair()).quoteCanBorrow as string;
    await ok(alice.call(leverFinanceBorrow, { symbol: 'BTCUSDT', coin: 'USDT', amount: room }));
    const cash = (await pair()).quoteNormalBalance as string;
    const volume = new Big(cash).div(101).round(4, Big.roundDown).toFixed();
    await ok(alice.call(leverOrderCreate, { side: 'BUY', type: 1, price: '101', volume, symbol: 'btcusdt' }));
    const { burstPrice, riskRate } = await pair();
    expect(new Big(riskRate as string).gt(110)).toBe(true);
    // The market falls under the liquidation price: Bob's bids move below it and Carol sells into them.
    const low = new Big(burstPrice as string).round(0, Big.roundDown).minus(1).toFixed();
    const bids = (await ok(bob.call(orderListNew, {}))).data.orderList.filter((o) => o.side === 'BUY');
    for (const bid of bids) await ok(bob.call(orderCancel, { orderId: bid.id, symbol: 'btcusdt' }));
    await spot(bob, 'BUY', low, '10');
    await spot(carol, 'SELL', low, '0.01');
    await vi.waitFor(async () => expect((await ok(alice.call(leverBorrowNew, {}))).data.count).toBe(0));
    const after = await pair();
    expect(after).toMatchObject({ quoteBorrowBalance: '0', quoteInterest: '0', riskRate: '' });
    // Every whole lot was sold; what is less than a lot stays hers.
    expect(new Big(after.baseTotalBalance as string).lt('0.0001')).toBe(true);
    expect((await ok(alice.call(leverBorrowHistory, {}))).data.financeList[0]).toMatchObject({
      status: LoanStatus.liquidated,
    });
    expect((await socket.next((f) => on('user_margin_risk')(f) && f.tick.state === 'liquidated')).tick).toMatchObject({
      symbol: 'BTCUSDT',
      indexPrice: low,
    });
    const liquidation = await db().selectFrom('margin_liquidations').selectAll().executeTakeFirstOrThrow();
    expect(liquidation).toMatchObject({ user_id: ALICE, symbol: 'BTCUSDT', index_price: low });
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });
});
