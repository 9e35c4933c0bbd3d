// Over 400 lines: every signed endpoint's answers and refusals against one server and one API key.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { orderListNew } from '@opex/contract/calls/order';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { type Json, type ApiKey as Key, newApiKey } from './open-api-fixtures.ts';
import { fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * The Open API's signed half through the real server and database: Binance's request signing (query, body and
 * both), key, IP and permission refusals, orders placed and cancelled through the trading core, and the reads of
 * account, orders and trades. Every refusal is checked to leave balances, orders and trades exactly as they were.
 */
const TRADER = 501;
const MAKER = 502;
const SECRET_BOX_KEY = 'ab'.repeat(32);

interface SignedOptions {
  /** Where the parameters go: the query string (default), the form body, or split between both. */
  placement?: 'query' | 'body' | 'mixed';
  timestamp?: number;
  ip?: string;
  /** Replaces the computed signature. */
  signature?: string;
  /** Leaves the X-MBX-APIKEY header out. */
  noKey?: boolean;
}

describe.each(testDialects)('Open API signed endpoints on %s', (dialect) => {
  let server: TestServer;
  let trader: Key;
  let reader: Key;
  let fenced: Key;
  let maker: Key;
  const db = () => server.services.database.db;

  const newKey = (userId: number, permissions: ('read' | 'trade')[], ip = ''): Promise<Key> =>
    newApiKey(server, userId, { permissions, ip, label: `key ${permissions.join('+')}` });

  /** A signed request as Binance clients send it: HMAC-SHA256 of totalParams = query string + form body. */
  const signed = async (
    key: Key,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Record<string, string> = {},
    options: SignedOptions = {},
  ) => {
    const all = new URLSearchParams({ ...params, timestamp: String(options.timestamp ?? server.clock.now()) });
    const pairs = [...all];
    const placement = options.placement ?? 'query';
    const split = placement === 'mixed' ? Math.ceil(pairs.length / 2) : placement === 'body' ? 0 : pairs.length;
    const query = new URLSearchParams(pairs.slice(0, split)).toString();
    const body = new URLSearchParams(pairs.slice(split)).toString();
    const signature =
      options.signature ??
      createHmac('sha256', key.secret)
        .update(query + body)
        .digest('hex');
    // The signature goes last, in the body when there is one (as in Binance's mixed example), else the query.
    const finalQuery = body ? query : `${query}${query ? '&' : ''}signature=${signature}`;
    const finalBody = body ? `${body}&signature=${signature}` : undefined;
    const response = await server.app.inject({
      method,
      url: `/api/v3${path}${finalQuery ? `?${finalQuery}` : ''}`,
      ...(finalBody ? { payload: finalBody } : {}),
      headers: {
        ...(options.noKey ? {} : { 'x-mbx-apikey': key.apiKey }),
        ...(finalBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      remoteAddress: options.ip ?? '127.0.0.1',
    });
    return { status: response.statusCode, body: response.json() as Json };
  };

  /** Everything a refused request must leave untouched. */
  const snapshot = async () => ({
    balances: await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('coin').execute(),
    orders: await db().selectFrom('orders').selectAll().orderBy('id').execute(),
    trades: await db().selectFrom('trades').selectAll().orderBy('id').execute(),
  });
  const expectRefusal = async (
    call: () => Promise<{ status: number; body: Json }>,
    status: number,
    body: { code: number; msg?: string },
  ) => {
    const before = await snapshot();
    const answer = await call();
    expect(answer.status).toBe(status);
    if (body.msg === undefined) expect(answer.body).toMatchObject(body);
    else expect(answer.body).toEqual(body);
    expect(await snapshot()).toEqual(before);
  };

  const market = (key: Key, side: 'BUY' | 'SELL', amount: { quantity: string } | { quoteOrderQty: string }) =>
    signed(key, 'POST', '/order', { symbol: 'BTCUSDT', side, type: 'MARKET', ...amount });
  const gtc = (key: Key, side: 'BUY' | 'SELL', quantity: string, price: string) =>
    signed(key, 'POST', '/order', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', quantity, price });

  const freeOf = async (key: Key, asset: string) => {
    const { body } = await signed(key, 'GET', '/account');
    const { free, locked } = body.balances.find((b: Json) => b.asset === asset);
    return { free, locked } as { free: string; locked: string };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { OPEN_API_SECRET_KEY: SECRET_BOX_KEY } });
    await seedMarket(db(), { limit_price_min: '0.01', limit_volume_min: '0.0001', market_buy_min: '5' });
    await fund(server.services.core, TRADER, 'USDT', '10000');
    await fund(server.services.core, TRADER, 'BTC', '1');
    await fund(server.services.core, MAKER, 'BTC', '10');
    await fund(server.services.core, MAKER, 'USDT', '100000');
    trader = await newKey(TRADER, ['read', 'trade']);
    reader = await newKey(TRADER, ['read']);
    fenced = await newKey(TRADER, ['read', 'trade'], '10.1.2.3');
    maker = await newKey(MAKER, ['read', 'trade']);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
    await server.close();
  });

  it('reads the account with a signature over the query, the form body, or both', async () => {
    for (const placement of ['query', 'body', 'mixed'] as const) {
      const method = placement === 'query' ? 'GET' : 'POST';
      if (method === 'POST') {
        // Binance's own mixed example, on the test order endpoint: part in the query, part in the body.
        const test = await signed(
          trader,
          'POST',
          '/order/test',
          { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '0.1' },
          { placement },
        );
        expect(test).toEqual({ status: 200, body: {} });
        continue;
      }
      const { status, body } = await signed(trader, 'GET', '/account', {}, { placement });
      expect(status).toBe(200);
      expect(body).toMatchObject({ canTrade: true, canWithdraw: false, accountType: 'SPOT', permissions: ['SPOT'] });
      expect(body.balances).toEqual(
        expect.arrayContaining([
          { asset: 'USDT', free: '10000.00000000', locked: '0.00000000' },
          { asset: 'BTC', free: '1.00000000', locked: '0.00000000' },
        ]),
      );
    }
    const readOnly = await signed(reader, 'GET', '/account', { omitZeroBalances: 'true' });
    expect(readOnly.body.canTrade).toBe(false);
    expect(readOnly.body.balances.map((b: Json) => b.asset).sort()).toEqual(['BTC', 'USDT']);
    // The key remembers its use.
    const used = await db()
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('api_key', '=', trader.apiKey)
      .execute();
    expect(Number(used[0]?.last_used_at)).toBe(server.clock.now());
  });

  it('refuses bad signatures, keys, addresses, timestamps and permissions, changing nothing', async () => {
    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.1', price: '50' };
    const refused = { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' };
    await expectRefusal(() => signed(trader, 'POST', '/order', order, { signature: 'ab'.repeat(32) }), 400, {
      code: -1022,
      msg: 'Signature for this request is not valid.',
    });
    // Signed with another key's secret.
    await expectRefusal(
      () => signed({ apiKey: trader.apiKey, secret: maker.secret }, 'POST', '/order', order, { placement: 'body' }),
      400,
      { code: -1022 },
    );
    await expectRefusal(() => signed({ ...trader, apiKey: 'X'.repeat(64) }, 'POST', '/order', order), 401, refused);
    await expectRefusal(() => signed(trader, 'POST', '/order', order, { noKey: true }), 401, {
      code: -2014,
      msg: 'API-key format invalid.',
    });
    await expectRefusal(() => signed(fenced, 'POST', '/order', order, { ip: '10.9.9.9' }), 401, refused);
    await expectRefusal(() => signed(reader, 'POST', '/order', order), 401, refused);
    await expectRefusal(() => signed(reader, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' }), 401, refused);
    await expectRefusal(() => signed(trader, 'POST', '/order', order, { timestamp: server.clock.now() - 5001 }), 400, {
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    });
    await expectRefusal(() => signed(trader, 'POST', '/order', order, { timestamp: server.clock.now() + 1000 }), 400, {
      code: -1021,
      msg: "Timestamp for this request was 1000ms ahead of the server's time.",
    });
    // A wider window admits the same age; more than 60 s is refused.
    const late = await signed(
      trader,
      'GET',
      '/openOrders',
      { recvWindow: '10000' },
      { timestamp: server.clock.now() - 5001 },
    );
    expect(late.status).toBe(200);
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...order, recvWindow: '60001' }), 400, {
      code: -1131,
    });
    // The whitelisted address is let in.
    const fromHome = await signed(fenced, 'GET', '/account', {}, { ip: '10.1.2.3' });
    expect(fromHome.status).toBe(200);
    // Not signed at all.
    const bare = await server.app.inject({
      method: 'GET',
      url: '/api/v3/account?timestamp=1',
      headers: { 'x-mbx-apikey': trader.apiKey },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: -1102 });
  });

  it("refuses bad orders with Binance's codes, changing nothing", async () => {
    const limit = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC' };
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...limit, quantity: '1', price: '20000' }), 400, {
      code: -2010,
      msg: 'Account has insufficient balance for requested action.',
    });
    await expectRefusal(
      () => signed(trader, 'POST', '/order', { ...limit, side: 'SELL', quantity: '1.5', price: '100' }),
      400,
      { code: -2010, msg: 'Account has insufficient balance for requested action.' },
    );
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...limit, quantity: '1', price: '10.001' }), 400, {
      code: -1013,
      msg: 'Filter failure: PRICE_FILTER',
    });
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...limit, quantity: '0.00001', price: '10' }), 400, {
      code: -1013,
      msg: 'Filter failure: LOT_SIZE',
    });
    await expectRefusal(() => market(trader, 'BUY', { quoteOrderQty: '4' }), 400, {
      code: -1013,
      msg: 'Filter failure: NOTIONAL',
    });
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...limit, symbol: 'NOPEUSDT', quantity: '1' }), 400, {
      code: -1121,
      msg: 'Invalid symbol.',
    });
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...limit, price: '10' }), 400, {
      code: -1102,
      msg: "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed.",
    });
    await expectRefusal(() => signed(trader, 'POST', '/order', { ...limit, quantity: '1e3', price: '10' }), 400, {
      code: -1100,
      msg: "Illegal characters found in parameter 'quantity'.",
    });
    await expectRefusal(
      () => signed(trader, 'POST', '/order', { ...limit, timeInForce: 'GTD', quantity: '1', price: '1' }),
      400,
      {
        code: -1115,
      },
    );
    await expectRefusal(
      () => signed(trader, 'POST', '/order', { ...limit, type: 'STOP', quantity: '1', price: '1' }),
      400,
      {
        code: -1116,
      },
    );
    await expectRefusal(() => signed(trader, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId: '999999' }), 400, {
      code: -2011,
      msg: 'Unknown order sent.',
    });
    await expectRefusal(
      () => signed(trader, 'DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'never-sent' }),
      400,
      { code: -2011, msg: 'Unknown order sent.' },
    );
    await expectRefusal(() => signed(trader, 'GET', '/order', { symbol: 'BTCUSDT', orderId: '999999' }), 400, {
      code: -2013,
      msg: 'Order does not exist.',
    });
    await expectRefusal(() => signed(trader, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' }), 400, { code: -2011 });
    // A test order is checked, with the market's fee rates when asked, but never placed.
    const before = await snapshot();
    const test = await signed(trader, 'POST', '/order/test', {
      ...limit,
      quantity: '0.1',
      price: '50',
      computeCommissionRates: 'true',
    });
    expect(test.status).toBe(200);
    expect(test.body.standardCommissionForOrder).toEqual({ maker: '0.00100000', taker: '0.00200000' });
    expect(await snapshot()).toEqual(before);
  });

  it('places a resting limit order idempotently, shows it on the web order list, and cancels it by client id', async () => {
    const params = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.5000',
      price: '90.00',
      newClientOrderId: 'bot-rest-1',
      newOrderRespType: 'RESULT',
    };
    const first = await signed(trader, 'POST', '/order', params);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      symbol: 'BTCUSDT',
      orderListId: -1,
      clientOrderId: 'bot-rest-1',
      price: '90.00',
      origQty: '0.5000',
      executedQty: '0.0000',
      status: 'NEW',
      timeInForce: 'GTC',
      type: 'LIMIT',
      side: 'BUY',
      transactTime: server.clock.now(),
    });
    const orderId = first.body.orderId;
    // The retry answers the same order and locks nothing more.
    const retry = await signed(trader, 'POST', '/order', params);
    expect(retry.body.orderId).toBe(orderId);
    expect(await freeOf(trader, 'USDT')).toEqual({ free: '9955.00000000', locked: '45.00000000' });

    const web = await (await loginAs(server, TRADER)).call(orderListNew, { page: 1, pageSize: 10 });
    expect(web.code).toBe('0');
    expect(web.data.orderList.map((o) => o.id)).toContain(orderId);
    expect(web.data.orderList.find((o) => o.id === orderId)).toMatchObject({
      clientOrderId: 'bot-rest-1',
      price: '90.00',
    });

    const byClientId = await signed(trader, 'GET', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'bot-rest-1' });
    expect(byClientId.body).toMatchObject({
      orderId,
      status: 'NEW',
      isWorking: true,
      origQuoteOrderQty: expect.any(String),
    });
    const open = await signed(reader, 'GET', '/openOrders', {});
    expect(open.body.map((o: Json) => o.orderId)).toEqual([orderId]);

    const cancel = await signed(trader, 'DELETE', '/order', {
      symbol: 'BTCUSDT',
      origClientOrderId: 'bot-rest-1',
      newClientOrderId: 'cancel-1',
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({
      orderId,
      origClientOrderId: 'bot-rest-1',
      clientOrderId: 'cancel-1',
      status: 'CANCELED',
      executedQty: '0.0000',
    });
    expect(await freeOf(trader, 'USDT')).toEqual({ free: '10000.00000000', locked: '0.00000000' });
    // Cancelling again is an unknown order; reading it shows it cancelled.
    await expectRefusal(
      () => signed(trader, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId: String(orderId) }),
      400,
      {
        code: -2011,
      },
    );
    const after = await signed(trader, 'GET', '/order', { symbol: 'BTCUSDT', orderId: String(orderId) });
    expect(after.body.status).toBe('CANCELED');
    // Another user cannot see it.
    const foreign = await signed(maker, 'GET', '/order', { symbol: 'BTCUSDT', orderId: String(orderId) });
    expect(foreign.body).toEqual({ code: -2013, msg: 'Order does not exist.' });
  });

  it('answers FULL with the fills of a taking order, and lists them as my trades', async () => {
    const ask = (price: string, quantity: string) =>
      signed(maker, 'POST', '/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT_MAKER', quantity, price });
    const a1 = await ask('100.00', '0.5');
    const a2 = await ask('101.00', '0.5');
    // LIMIT_MAKER answers ACK by default.
    expect(Object.keys(a1.body).sort()).toEqual(['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime']);
    expect(a1.body.clientOrderId).toBe(`opex-${a1.body.orderId}`);

    const taken = await signed(trader, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.7',
      price: '101',
      newClientOrderId: 'bot-take-1',
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'FILLED', executedQty: '0.7000', type: 'LIMIT' });
    expect(new Big(taken.body.cummulativeQuoteQty).eq('70.2')).toBe(true);
    expect(taken.body.fills).toEqual([
      { price: '100.00', qty: '0.5000', commission: '0.00100000', commissionAsset: 'BTC', tradeId: expect.any(Number) },
      { price: '101.00', qty: '0.2000', commission: '0.00040000', commissionAsset: 'BTC', tradeId: expect.any(Number) },
    ]);
    expect(await freeOf(trader, 'USDT')).toEqual({ free: '9929.80000000', locked: '0.00000000' });
    expect(await freeOf(trader, 'BTC')).toEqual({ free: '1.69860000', locked: '0.00000000' });

    const mine = await signed(trader, 'GET', '/myTrades', { symbol: 'BTCUSDT' });
    expect(mine.body).toHaveLength(2);
    expect(mine.body[0]).toMatchObject({
      symbol: 'BTCUSDT',
      orderId: taken.body.orderId,
      price: '100.00',
      qty: '0.5000',
      isBuyer: true,
      isMaker: false,
      commissionAsset: 'BTC',
    });
    const theirs = await signed(maker, 'GET', '/myTrades', { symbol: 'BTCUSDT', orderId: String(a1.body.orderId) });
    expect(theirs.body).toEqual([
      expect.objectContaining({ isBuyer: false, isMaker: true, commission: '0.05000000', commissionAsset: 'USDT' }),
    ]);
    const partly = await signed(maker, 'GET', '/order', { symbol: 'BTCUSDT', orderId: String(a2.body.orderId) });
    expect(partly.body).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: '0.2000', type: 'LIMIT_MAKER' });

    // A LIMIT_MAKER that would take is refused and leaves nothing behind.
    await expectRefusal(
      () =>
        signed(trader, 'POST', '/order', {
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT_MAKER',
          quantity: '0.1',
          price: '101',
        }),
      400,
      { code: -2010, msg: 'Order would immediately match and take.' },
    );
  });

  it('runs MARKET, IOC and FOK orders, expiring what they cannot fill', async () => {
    const book = await signed(maker, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.3',
      price: '95',
    });
    expect(book.body.status).toBe('NEW');
    const sell = await market(trader, 'SELL', { quantity: '0.1' });
    expect(sell.body).toMatchObject({
      type: 'MARKET',
      status: 'FILLED',
      executedQty: '0.1000',
      fills: [{ price: '95.00' }],
    });
    const buy = await market(trader, 'BUY', { quoteOrderQty: '10.1' });
    expect(buy.body).toMatchObject({ type: 'MARKET', status: 'FILLED', origQty: '0.0000', executedQty: '0.1000' });
    expect(new Big(buy.body.origQuoteOrderQty).eq('10.1')).toBe(true);

    const ioc = await signed(trader, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'IOC',
      quantity: '0.5',
      price: '95',
    });
    expect(ioc.body).toMatchObject({ status: 'EXPIRED', timeInForce: 'IOC', executedQty: '0.2000' });
    const fok = await signed(trader, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'FOK',
      quantity: '5',
      price: '101',
    });
    expect(fok.body).toMatchObject({ status: 'EXPIRED', timeInForce: 'FOK', executedQty: '0.0000', fills: [] });
    // A market sell by quote amount with no bids to pay for a lot is refused, and changes nothing.
    await expectRefusal(() => market(trader, 'SELL', { quoteOrderQty: '10' }), 400, {
      code: -1013,
      msg: 'Filter failure: MARKET_LOT_SIZE',
    });
    const all = await signed(trader, 'GET', '/allOrders', { symbol: 'BTCUSDT' });
    expect(all.body.map((o: Json) => o.status)).toEqual([
      'CANCELED',
      'FILLED',
      'FILLED',
      'FILLED',
      'EXPIRED',
      'EXPIRED',
    ]);
    expect(await freeOf(trader, 'USDT')).toMatchObject({ locked: '0.00000000' });
  });

  it('buys a MARKET quantity through the asks at their prices, locking what that costs, and expires the rest', async () => {
    for (const key of [maker, trader]) await signed(key, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' });
    for (const [quantity, price] of [
      ['0.05', '120'],
      ['0.1', '121'],
    ] as const) {
      const ask = await gtc(maker, 'SELL', quantity, price);
      expect(ask.body.status).toBe('NEW');
    }
    const usdtBefore = await freeOf(trader, 'USDT');
    const buy = await market(trader, 'BUY', { quantity: '0.08' });
    expect(buy.body).toMatchObject({
      type: 'MARKET',
      status: 'FILLED',
      origQty: '0.0800',
      executedQty: '0.0800',
      fills: [
        { price: '120.00', qty: '0.0500' },
        { price: '121.00', qty: '0.0300' },
      ],
    });
    // 0.05 × 120 + 0.03 × 121 = 9.63, spent exactly; nothing stays locked.
    expect(new Big(buy.body.cummulativeQuoteQty).eq('9.63')).toBe(true);
    expect(new Big(usdtBefore.free).minus((await freeOf(trader, 'USDT')).free).eq('9.63')).toBe(true);
    expect(await freeOf(trader, 'USDT')).toMatchObject({ locked: '0.00000000' });
    // More than the book holds: it takes what there is (0.07 left at 121) and the rest expires.
    const more = await market(trader, 'BUY', { quantity: '1' });
    expect(more.body).toMatchObject({ status: 'EXPIRED', origQty: '1.0000', executedQty: '0.0700' });
    expect(await freeOf(trader, 'USDT')).toMatchObject({ locked: '0.00000000' });
    // What it would cost beyond the balance is refused, and changes nothing.
    await gtc(maker, 'SELL', '5', '5000');
    await expectRefusal(() => market(trader, 'BUY', { quantity: '5' }), 400, { code: -2010 });
    await signed(maker, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' });
  });

  it('cancels all open orders of a market', async () => {
    for (const price of ['80', '81']) {
      const placed = await signed(trader, 'POST', '/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.1',
        price,
      });
      expect(placed.body.status).toBe('NEW');
    }
    const cancelled = await signed(trader, 'DELETE', '/openOrders', { symbol: 'BTCUSDT' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.map((o: Json) => [o.price, o.status])).toEqual([
      ['80.00', 'CANCELED'],
      ['81.00', 'CANCELED'],
    ]);
    expect((await signed(trader, 'GET', '/openOrders', { symbol: 'BTCUSDT' })).body).toEqual([]);
    expect(await freeOf(trader, 'USDT')).toMatchObject({ locked: '0.00000000' });
  });

  it('refuses an order with a client id for want of balance the same way on retry', async () => {
    const params = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '100',
      price: '100',
      newClientOrderId: 'too-big',
    };
    const balances = await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('coin').execute();
    for (let i = 0; i < 2; i++) {
      const answer = await signed(trader, 'POST', '/order', params);
      expect(answer).toEqual({
        status: 400,
        body: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
      });
    }
    expect(await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('coin').execute()).toEqual(
      balances,
    );
    const lookup = await signed(trader, 'GET', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'too-big' });
    expect(lookup.body).toMatchObject({ code: -2013 });
  });

  it('streams executionReports and balances to a WebSocket API user data subscription', async () => {
    const port = (server.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws-api/v3`);
    const frames: Json[] = [];
    const waiters: { test: (f: Json) => boolean; resolve: (f: Json) => void }[] = [];
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      frames.push(frame);
      for (const w of waiters.filter((w) => w.test(frame))) w.resolve(frame);
    });
    const next = (test: (f: Json) => boolean) =>
      new Promise<Json>((resolve, reject) => {
        const seen = frames.find(test);
        if (seen) return resolve(seen);
        const timer = setTimeout(() => reject(new Error('no matching frame')), 4000);
        waiters.push({
          test,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      // The WebSocket API signs its parameters sorted by name.
      const subscribe = (id: string, secret: string, apiKey = trader.apiKey) => {
        const params: Record<string, string | number> = { apiKey, timestamp: server.clock.now() };
        const payload = Object.keys(params)
          .sort()
          .map((k) => `${k}=${params[k]}`)
          .join('&');
        const signature = createHmac('sha256', secret).update(payload).digest('hex');
        ws.send(JSON.stringify({ id, method: 'userDataStream.subscribe.signature', params: { ...params, signature } }));
        return next((f) => f.id === id);
      };
      expect(await subscribe('bad', maker.secret)).toEqual({
        id: 'bad',
        status: 400,
        error: { code: -1022, msg: 'Signature for this request is not valid.' },
      });
      // The whitelist holds here too: this socket comes from 127.0.0.1.
      expect(await subscribe('fenced', fenced.secret, fenced.apiKey)).toEqual({
        id: 'fenced',
        status: 401,
        error: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
      });
      expect(await subscribe('good', trader.secret)).toMatchObject({
        id: 'good',
        status: 200,
        result: { subscriptionId: 0 },
      });

      const placed = await signed(trader, 'POST', '/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.2',
        price: '70',
        newClientOrderId: 'streamed-1',
      });
      const report = (x: string) =>
        next((f) => f.event?.e === 'executionReport' && f.event.i === placed.body.orderId && f.event.x === x);
      expect((await report('NEW')).event).toMatchObject({
        s: 'BTCUSDT',
        c: 'streamed-1',
        S: 'BUY',
        o: 'LIMIT',
        f: 'GTC',
        q: '0.2000',
        p: '70.00',
        X: 'NEW',
        z: '0.0000',
        w: true,
      });
      await market(maker, 'SELL', { quantity: '0.1' });
      const trade = (await report('TRADE')).event;
      expect(trade).toMatchObject({ X: 'PARTIALLY_FILLED', l: '0.1000', L: '70.00', z: '0.1000', m: true, N: 'BTC' });
      expect(trade.n).toBe('0.00010000');
      const position = await next((f) => f.event?.e === 'outboundAccountPosition');
      expect(position.subscriptionId).toBe(0);
      expect(position.event.B).toEqual(expect.arrayContaining([expect.objectContaining({ a: 'USDT' })]));
      await signed(trader, 'DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'streamed-1' });
      expect((await report('CANCELED')).event).toMatchObject({ X: 'CANCELED', z: '0.1000', w: false });
      // Another user's orders never reach this subscription.
      expect(frames.filter((f) => f.event?.e === 'executionReport').every((f) => f.event.c === 'streamed-1')).toBe(
        true,
      );
    } finally {
      ws.close();
    }
  });
});
