import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionReports } from '../src/open-api/user-events.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { type Json, type ApiKey as Key, newApiKey, signedQuery } from './open-api-fixtures.ts';
import { fund, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * The Open API's order flows beyond one order at a time, through the real server and database: cancel-replace in
 * both modes with Binance's partial-failure answers, a MARKET SELL by quoteOrderQty sized against the bids, the
 * order-entry bucket as rateLimit/order reports it, and the rolling-window ticker over the trades made.
 */
const TRADER = 601;
const MAKER = 602;
const SECRET_BOX_KEY = '12'.repeat(32);

describe.each(testDialects)('Open API order flows on %s', (dialect) => {
  let server: TestServer;
  let trader: Key;
  let maker: Key;
  const db = () => server.services.database.db;

  const signed = (key: Key, method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string>) =>
    signedQuery(server, key, method, path, params);
  const limit = (key: Key, side: 'BUY' | 'SELL', quantity: string, price: string, id?: string) =>
    signed(key, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side,
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity,
      price,
      ...(id ? { newClientOrderId: id } : {}),
    });
  const replace = (mode: string, cancel: Record<string, string>, order: Record<string, string>) =>
    signed(trader, 'POST', '/order/cancelReplace', {
      symbol: 'BTCUSDT',
      cancelReplaceMode: mode,
      ...cancel,
      ...order,
    });
  const newLimit = (quantity: string, price: string) => ({
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity,
    price,
  });

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { OPEN_API_SECRET_KEY: SECRET_BOX_KEY } });
    await seedMarket(db(), { market_buy_min: '5' });
    await fund(server.services.core, TRADER, 'USDT', '1000');
    await fund(server.services.core, TRADER, 'BTC', '1');
    await fund(server.services.core, MAKER, 'BTC', '10');
    await fund(server.services.core, MAKER, 'USDT', '100000');
    const key = (userId: number) => newApiKey(server, userId, { label: 'k', createdAt: 0 });
    trader = await key(TRADER);
    maker = await key(MAKER);
  });

  afterAll(async () => {
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
    await server.close();
  });

  it('cancels and replaces an order, stopping or going on when the cancel fails, as Binance answers', async () => {
    const first = await limit(trader, 'BUY', '1', '100', 'first');
    expect(first.status).toBe(200);
    const done = await replace('STOP_ON_FAILURE', { cancelOrigClientOrderId: 'first' }, newLimit('2', '100'));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: { origClientOrderId: 'first', status: 'CANCELED' },
      newOrderResponse: { status: 'NEW', origQty: '2.0000', price: '100.00' },
    });
    const second = done.body.newOrderResponse.orderId;

    // The order to cancel is gone: STOP_ON_FAILURE places nothing.
    const stopped = await replace(
      'STOP_ON_FAILURE',
      { cancelOrderId: String(first.body.orderId) },
      newLimit('1', '99'),
    );
    expect([stopped.status, stopped.body]).toEqual([
      400,
      {
        code: -2022,
        msg: 'Order cancel-replace failed.',
        data: {
          cancelResult: 'FAILURE',
          newOrderResult: 'NOT_ATTEMPTED',
          cancelResponse: { code: -2011, msg: 'Unknown order sent.' },
          newOrderResponse: null,
        },
      },
    ]);
    // ALLOW_FAILURE places it anyway: a partial failure.
    const allowed = await replace('ALLOW_FAILURE', { cancelOrderId: String(first.body.orderId) }, newLimit('1', '99'));
    expect(allowed.status).toBe(409);
    expect(allowed.body).toMatchObject({
      code: -2021,
      msg: 'Order cancel-replace partially failed.',
      data: { cancelResult: 'FAILURE', newOrderResult: 'SUCCESS', newOrderResponse: { price: '99.00' } },
    });
    // The cancel succeeds and the new order is refused (1000 USDT cannot buy 20 BTC at 100): the old one stays
    // cancelled.
    const partly = await replace('STOP_ON_FAILURE', { cancelOrderId: String(second) }, newLimit('20', '100'));
    expect(partly.status).toBe(409);
    expect(partly.body).toMatchObject({
      code: -2021,
      data: {
        cancelResult: 'SUCCESS',
        newOrderResult: 'FAILURE',
        cancelResponse: { orderId: second, status: 'CANCELED' },
        newOrderResponse: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
      },
    });
    // A bad new order refuses the whole request and cancels nothing.
    const open = await limit(trader, 'BUY', '1', '90');
    const bad = await replace('STOP_ON_FAILURE', { cancelOrderId: String(open.body.orderId) }, newLimit('1', '0.001'));
    expect(bad.body).toEqual({ code: -1013, msg: 'Filter failure: PRICE_FILTER' });
    const still = await signed(trader, 'GET', '/order', { symbol: 'BTCUSDT', orderId: String(open.body.orderId) });
    expect(still.body.status).toBe('NEW');
    await signed(trader, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' });
  });

  it('sells by quoteOrderQty as much base as the bids pay for it, best bid first, never more', async () => {
    await limit(maker, 'BUY', '0.5', '120');
    await limit(maker, 'BUY', '1', '110');
    // 60 + 44 = 104 USDT for 0.5 at 120 and 0.4 at 110: 0.4 more would be 0.4001 lots' worth over.
    const sold = await signed(trader, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'MARKET',
      quoteOrderQty: '104.05',
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ status: 'FILLED', executedQty: '0.9004', cummulativeQuoteQty: '104.044000' });
    expect(sold.body.fills.map((f: Json) => [f.price, f.qty])).toEqual([
      ['120.00', '0.5000'],
      ['110.00', '0.4004'],
    ]);
    // The quote amount asked stays the order's origQuoteOrderQty, in every answer and on the user data stream.
    expect(sold.body).toMatchObject({ origQty: '0.9004', origQuoteOrderQty: '104.050000' });
    const query = { symbol: 'BTCUSDT', orderId: String(sold.body.orderId) };
    expect((await signed(trader, 'GET', '/order', query)).body).toMatchObject({ origQuoteOrderQty: '104.050000' });
    const all = (await signed(trader, 'GET', '/allOrders', query)).body as Json[];
    expect(all.find((o) => o.orderId === sold.body.orderId)).toMatchObject({ origQuoteOrderQty: '104.050000' });
    const row = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', sold.body.orderId)
      .executeTakeFirstOrThrow();
    const trades = await db().selectFrom('trades').selectAll().where('taker_order_id', '=', row.id).execute();
    const reports = executionReports(row, trades, server.services.core.market('btcusdt')!, 0);
    expect(reports.map((r) => [r.X, r.Q])).toEqual([
      ['NEW', '104.050000'],
      ['PARTIALLY_FILLED', '104.050000'],
      ['FILLED', '104.050000'],
    ]);
    // Below the market's minimum order value, and with no bids to pay for any lot.
    const sell = (quoteOrderQty: string) =>
      signed(trader, 'POST', '/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quoteOrderQty });
    expect((await sell('4')).body).toEqual({ code: -1013, msg: 'Filter failure: NOTIONAL' });
    await signed(maker, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' });
    expect((await sell('50')).body).toEqual({ code: -1013, msg: 'Filter failure: MARKET_LOT_SIZE' });
  });

  it('reports the order-entry bucket and the rolling-window ticker', async () => {
    const { perSecond, burst } = server.services.config.orderRate;
    server.clock.advance(60_000);
    const fresh = await signed(trader, 'GET', '/rateLimit/order', {});
    expect(fresh.body).toEqual([
      {
        rateLimitType: 'ORDERS',
        interval: 'SECOND',
        intervalNum: Math.ceil(burst / perSecond),
        limit: burst,
        count: 0,
      },
    ]);
    await limit(trader, 'BUY', '0.1', '80');
    await limit(trader, 'BUY', '0.1', '81');
    expect((await signed(trader, 'GET', '/rateLimit/order', {})).body[0].count).toBe(2);
    await signed(trader, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' });

    const ticker = await server.app.inject({ url: '/api/v3/ticker?symbol=BTCUSDT&windowSize=1h' });
    expect(ticker.json()).toMatchObject({
      symbol: 'BTCUSDT',
      openPrice: '120.00',
      highPrice: '120.00',
      lowPrice: '110.00',
      lastPrice: '110.00',
      volume: '0.9004',
      quoteVolume: '104.044000',
      count: 2,
      priceChange: '-10.00',
      priceChangePercent: '-8.333',
    });
    const mini = await server.app.inject({ url: '/api/v3/ticker?symbols=["BTCUSDT"]&type=MINI&windowSize=1m' });
    expect(mini.json()).toEqual([expect.not.objectContaining({ priceChange: expect.anything() })]);
    const bad = await server.app.inject({ url: '/api/v3/ticker?symbol=BTCUSDT&windowSize=8d' });
    expect(bad.json()).toEqual({ code: -1100, msg: "Illegal characters found in parameter 'windowSize'." });
    const none = await server.app.inject({ url: '/api/v3/ticker' });
    expect(none.json()).toMatchObject({ code: -1102 });
  });
});
