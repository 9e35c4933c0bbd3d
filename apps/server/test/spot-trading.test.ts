import { accountBalanceV5 } from '@opex/contract/calls/finance';
import { orderCancel, orderCreate, orderEntrustHistory, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAnchor } from '../src/catalog/price-anchors.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

describe.each(testDialects)('spot orders, trades and balances over HTTP on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const db = () => server.services.database.db;
  const ALICE = 101;
  const BOB = 102;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db());
    await seedMarket(db(), { base: 'ETH', quote: 'BTC', price_precision: 6, volume_precision: 3 });
    await db()
      .insertInto('coins')
      .values(
        ['BTC', 'USDT', 'ETH'].map((symbol, i) => ({
          symbol,
          name: symbol,
          icon: '',
          sort: i + 1,
          show_precision: 8,
          scale: 8,
          is_fiat: 0,
          main_chain_type: '',
          deposit_open: 1,
          withdraw_open: 1,
          otc_open: 0,
          fiat_precision: '{}',
          introduction: '{}',
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1' }, 0);
    await fund(server.services.core, ALICE, 'USDT', '10000');
    await fund(server.services.core, BOB, 'BTC', '5');
    await fund(server.services.core, BOB, 'ETH', '3');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
  });
  afterEach(async () => expect(await tradingInvariants(db(), server.services.core)).toEqual([]));
  afterAll(() => server.close());

  it('needs a session and the XSRF token', async () => {
    const anonymous = await server
      .client()
      .call(orderCreate, { side: 'BUY', type: 1, price: '1', volume: '1', symbol: 'btcusdt' });
    expect(anonymous.code).toBe(ErrorCode.sessionEnded);
    const noXsrf = await alice.request(
      'POST',
      '/fe-ex-api/order/create',
      { side: 'BUY', type: 1, price: '1', volume: '1', symbol: 'btcusdt' },
      { 'x-xsrf-token': 'wrong' },
    );
    expect(noXsrf.json().code).toBe(ErrorCode.xsrfRejected);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const bad = [
      { type: 1, price: '1', volume: '1', symbol: 'btcusdt' },
      { side: 'BUY', type: 6, price: '1', volume: '1', symbol: 'btcusdt' },
      { side: 'BUY', type: 1, price: '-1', volume: '1', symbol: 'btcusdt' },
      { side: 'BUY', type: 1, volume: '1', symbol: 'btcusdt' },
      { side: 'BUY', type: 1, price: '1', volume: '1', symbol: 'x'.repeat(41) },
      { side: 'BUY', type: 1, price: '1', volume: '1e3', symbol: 'btcusdt' },
      { side: 'BUY', type: 1, price: '1', volume: '1', symbol: 'btcusdt', clientOrderId: 'x'.repeat(37) },
    ];
    for (const input of bad) {
      const r = await alice.call(orderCreate, input);
      expect(r.code, JSON.stringify(input)).toBe(ErrorCode.badRequest);
      expect(r.status).toBe(400);
    }
    const precision = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '100.123',
      volume: '1',
      symbol: 'btcusdt',
    });
    expect(precision).toMatchObject({
      code: ErrorCode.pricePrecision,
      msg: 'The price has more decimals than this market allows.',
    });
    const unknown = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '1',
      volume: '1',
      symbol: 'dogeusdt',
    });
    expect(unknown.code).toBe(ErrorCode.marketNotFound);
    expect(await db().selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('places, matches, lists and cancels orders', async () => {
    const sell = await bob.call(orderCreate, {
      side: 'SELL',
      type: 1,
      price: '20000',
      volume: '0.5',
      symbol: 'BTCUSDT',
    });
    expect(sell.code).toBe('0');
    const buy = await alice.call(orderCreate, {
      side: 'BUY',
      type: '1',
      price: 20100,
      volume: '0.2',
      symbol: 'btcusdt',
      clientOrderId: 'a-1',
    });
    expect(buy).toMatchObject({ code: '0', data: { order_id: expect.any(Number) } });
    const retry = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '20100',
      volume: '0.2',
      symbol: 'btcusdt',
      clientOrderId: 'a-1',
    });
    expect(retry.data).toEqual(buy.data);

    const open = await bob.call(orderListNew, { symbol: 'btcusdt' });
    expect(open.data).toEqual({
      count: 1,
      orderList: [
        {
          id: sell.data.order_id,
          side: 'SELL',
          side_text: 'Sell',
          price: '20000.00',
          volume: '0.5000',
          deal_volume: '0.2000',
          remain_volume: '0.3',
          avg_price: '20000.00',
          total_price: '4000',
          status: 3,
          status_text: 'Partially filled',
          time_long: server.clock.now(),
          baseCoin: 'BTC',
          countCoin: 'USDT',
          type: 1,
          isCloseCancelOrder: 0,
          orderType: 1,
        },
      ],
    });
    const history = await alice.call(orderEntrustHistory, {});
    expect(history.data.orderList).toMatchObject([
      { id: buy.data.order_id, status: 2, status_text: 'Filled', deal_volume: '0.2000', clientOrderId: 'a-1' },
    ]);

    const fills = await alice.call(tradeListByOrder, { order_id: buy.data.order_id });
    expect(fills.data).toEqual({
      count: 1,
      tradeList: [
        {
          ctime: server.clock.now(),
          price: '20000.00',
          volume: '0.2000',
          deal_price: '4000',
          fee: '0.0004',
          feeCoin: 'BTC',
        },
      ],
    });
    const bobsFills = await bob.call(tradeListByOrder, { order_id: sell.data.order_id });
    expect(bobsFills.data.tradeList).toMatchObject([{ fee: '4', feeCoin: 'USDT' }]);
    // Another user's order is not found, for trades and for cancel alike.
    expect((await alice.call(tradeListByOrder, { order_id: sell.data.order_id })).code).toBe(ErrorCode.orderNotFound);
    expect((await alice.call(orderCancel, { orderId: sell.data.order_id, symbol: 'btcusdt' })).code).toBe(
      ErrorCode.orderNotFound,
    );

    const cancel = await bob.call(orderCancel, { orderId: String(sell.data.order_id), symbol: 'btcusdt' });
    expect(cancel).toMatchObject({ code: '0', data: { order_id: sell.data.order_id, status: 4 } });
    expect((await bob.call(orderCancel, { orderId: sell.data.order_id, symbol: 'btcusdt' })).code).toBe(
      ErrorCode.orderNotOpen,
    );
    const all = await bob.call(orderListAll, { page: 1, pageSize: 10 });
    expect(all.data.orderList).toMatchObject([
      { status: 4, status_text: 'Partially filled, cancelled', remain_volume: '0.3' },
    ]);
    expect(await balanceOf(db(), BOB, 'BTC')).toEqual({ available: '4.8', locked: '0' });
  });

  it('lists the user trades from their side and exports them as a CSV file', async () => {
    const list = await alice.call(tradeList, { symbol: 'btcusdt' });
    expect(list.data).toMatchObject({
      count: 1,
      tradeList: [{ side: 'BUY', role: 'taker', fee: '0.0004', feeCoin: 'BTC', symbol: 'btcusdt' }],
    });
    expect((await bob.call(tradeList, {})).data.tradeList).toMatchObject([
      { side: 'SELL', role: 'maker', feeCoin: 'USDT' },
    ]);

    const csv = await alice.request('GET', '/fe-ex-api/trade/export', { symbol: 'btcusdt' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="trades-2026-01-01\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,trade_id,order_id,symbol,side,role,price,volume,amount,fee,fee_coin');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^2026-01-01T12:00:00.000Z,\d+,\d+,btcusdt,BUY,taker,20000.00,0.2000,4000,0.0004,BTC$/),
    ]);
    const anonymous = await server.client().request('GET', '/fe-ex-api/trade/export');
    expect(anonymous.json().code).toBe(ErrorCode.sessionEnded);
  });

  it('answers balances per coin with a BTC valuation by the index prices', async () => {
    await bob.call(orderCreate, { side: 'SELL', type: 1, price: '0.05', volume: '1', symbol: 'ethbtc' });
    const r = await bob.call(accountBalanceV5, {});
    expect(r.code).toBe('0');
    expect(r.data.totalBalanceSymbol).toBe('BTC');
    expect(r.data.allCoinMap.ETH).toMatchObject({
      normal_balance: '2',
      lock_balance: '1',
      total_balance: '3',
      allBtcValuatin: '0',
    });
    // USDT, pegged to the dollar, and BTC at BTCUSDT's last price (20000): 3996 USDT is 0.1998 BTC.
    expect(r.data.allCoinMap.USDT).toMatchObject({
      normal_balance: '3996',
      allBtcValuatin: '0.1998',
      depositOpen: 1,
      sort: 2,
    });
    expect(r.data.allCoinMap.BTC).toMatchObject({ total_balance: '4.8', allBtcValuatin: '4.8' });
    expect(r.data.totalBalance).toBe('4.9998');
    const only = await bob.call(accountBalanceV5, { coinSymbols: 'eth,btc' });
    expect(Object.keys(only.data.allCoinMap).sort()).toEqual(['BTC', 'ETH']);
  });
});
