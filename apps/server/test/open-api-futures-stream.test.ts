import { coOrderCreate } from '@opex/contract/calls/co-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FuturesApiServer, startFuturesApiServer } from './futures-api-fixtures.ts';
import { type TestClient, type TestServer, testDialects } from './harness.ts';
import { type ApiKey, futuresAt, type Json, newApiKey, signedQuery } from './open-api-fixtures.ts';
import { tradingInvariants } from './trading-fixtures.ts';

/**
 * The futures user data stream: listen keys on /fapi/v1/listenKey and /dapi/v1/listenKey, and the stream on
 * /fstream/private/ws?listenKey= (ccxt.pro binanceusdm's watchOrders, watchMyTrades, watchPositions, watchBalance) and
 * /fstream/ws/<listenKey> (raw frames): ORDER_TRADE_UPDATE, ACCOUNT_UPDATE with its reasons, ALGO_UPDATE,
 * MARGIN_CALL and listenKeyExpired, each checked against figures worked out by hand (fills, transfers both ways,
 * a funding settlement).
 */
const [ALICE, BOB] = [641, 642];
const SYMBOL = 'BTC/USDT:USDT';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('futures user data stream on %s', (dialect) => {
  let server: TestServer;
  let base: string;
  let key: ApiKey;
  let bob: TestClient;
  let contractId: number;
  let admin: FuturesApiServer['admin'];
  const webOrder = (fields: Record<string, unknown>) =>
    bob.call(coOrderCreate, { contractId, side: 'SELL', open: 'OPEN', type: 1, volume: '1', ...fields });
  /** A listen-key call as CCXT sends it: the API key alone, the parameters in a form body. */
  const listenKeyCall = async (family: 'fapi' | 'dapi', method: 'POST' | 'PUT' | 'DELETE', body = '') => {
    const response = await server.app.inject({
      method,
      url: `/${family}/v1/listenKey`,
      headers: { 'x-mbx-apikey': key.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() as Json };
  };

  beforeAll(async () => {
    const started = await startFuturesApiServer(dialect, [ALICE, BOB]);
    ({ server, base, contractId, admin } = started);
    bob = started.clients[1] as TestClient;
    key = await newApiKey(server, ALICE);
  }, 30_000);
  afterAll(() => server.close());

  it('starts, keeps alive and closes a listen key per family, as Binance answers', async () => {
    const first = await listenKeyCall('fapi', 'POST');
    expect(first.body.listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    expect((await listenKeyCall('fapi', 'POST')).body).toEqual(first.body);
    const coinm = await listenKeyCall('dapi', 'POST');
    expect(coinm.body.listenKey).not.toBe(first.body.listenKey);
    expect(await listenKeyCall('fapi', 'PUT')).toEqual({ status: 200, body: first.body });
    expect((await listenKeyCall('fapi', 'DELETE')).body).toEqual({});
    expect((await listenKeyCall('fapi', 'PUT')).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    // The dapi key lives on; a key is refused on the other family's path.
    expect(await listenKeyCall('dapi', 'PUT', `listenKey=${coinm.body.listenKey}`)).toEqual({
      status: 200,
      body: coinm.body,
    });
    expect((await listenKeyCall('fapi', 'PUT', `listenKey=${coinm.body.listenKey}`)).body.code).toBe(-1125);
    expect((await listenKeyCall('dapi', 'DELETE')).body).toEqual({});
    // A futures key streams on the futures paths only: the spot WebSocket API does not know it.
    const live = (await listenKeyCall('fapi', 'POST')).body.listenKey;
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws-api/v3`);
    await new Promise((resolve) => ws.once('open', resolve));
    const answer = new Promise<Json>((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    ws.send(JSON.stringify({ id: 1, method: 'userDataStream.subscribe.listenToken', params: { listenToken: live } }));
    expect((await answer).error).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    ws.close();
  });

  it('streams orders, fills, positions and balances to ccxt.pro binanceusdm', async () => {
    const usdm = futuresAt(base, 'binanceusdm', { pro: true, key, server });
    try {
      await usdm.loadHttpProxyAgent();
      await usdm.loadMarkets();
      const orders = usdm.watchOrders(SYMBOL);
      const trades = usdm.watchMyTrades(SYMBOL);
      const positions = usdm.watchPositions([SYMBOL]);
      const balance = usdm.watchBalance();
      // The snapshot of positions (none) comes first, from REST.
      expect(await positions).toEqual([]);
      const nextPositions = usdm.watchPositions([SYMBOL]);
      await pause(300);

      // Bob asks 10 contracts (0.01 BTC) at 20000; Alice buys them at market: a 200 USDT position, 0.1 USDT fee
      // (taker 0.05%), so her wallet is 999.9 with 20 of it the position's margin at 10x.
      expect((await webOrder({ price: '20000', volume: '10' })).code).toBe('0');
      const bought = await usdm.createOrder(SYMBOL, 'market', 'buy', 0.01);
      expect((await orders).at(-1)).toMatchObject({
        id: bought.id,
        status: 'closed',
        filled: 0.01,
        average: 20000,
        fee: { cost: 0.1, currency: 'USDT' },
      });
      expect((await trades).at(-1)).toMatchObject({ order: bought.id, price: 20000, amount: 0.01, side: 'buy' });
      expect((await nextPositions).at(-1)).toMatchObject({
        symbol: SYMBOL,
        side: 'long',
        contracts: 0.01,
        entryPrice: 20000,
        marginMode: 'cross',
      });
      expect((await balance).USDT.total).toBe(999.9);

      // A stop-market (an algo order) streams as ALGO_UPDATE: open, then cancelled.
      const placed = usdm.watchOrders(SYMBOL);
      const stop = await usdm.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, {
        stopLossPrice: 19000,
        reduceOnly: true,
      });
      expect((await placed).at(-1)).toMatchObject({ id: stop.id, status: 'open', triggerPrice: 19000 });
      const cancelled = usdm.watchOrders(SYMBOL);
      await usdm.cancelOrder(stop.id, SYMBOL, { trigger: true });
      expect((await cancelled).at(-1)).toMatchObject({ id: stop.id, status: 'canceled' });
    } finally {
      await usdm.close();
    }
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  }, 20_000);

  it('sends raw frames: ORDER_TRADE_UPDATE, ACCOUNT_UPDATE reasons, MARGIN_CALL, listenKeyExpired', async () => {
    const { listenKey } = (await listenKeyCall('fapi', 'POST')).body;
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/fstream/ws/${listenKey}`);
    const frames: Json[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    await pause(200);
    const next = async (type: string) => {
      for (let i = 0; i < 60; i++) {
        const at = frames.findIndex((f) => f.e === type);
        if (at >= 0) return frames.splice(at, 1)[0];
        await pause(50);
      }
      throw new Error(`no ${type} frame; had ${JSON.stringify(frames)}`);
    };
    try {
      // Alice (long 10 at 20000) sells 5 to Bob's bid at 20200 as a resting maker: +1 realized, 0.0202 maker fee.
      const sell = await signedQuery(
        server,
        key,
        'POST',
        '/v1/order',
        { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.005', price: '20200' },
        '/fapi',
      );
      expect(sell.status).toBe(200);
      expect((await next('ORDER_TRADE_UPDATE')).o).toMatchObject({
        s: 'BTCUSDT',
        x: 'NEW',
        X: 'NEW',
        i: sell.body.orderId,
        q: '0.005',
        p: '20200.0',
        z: '0.000',
        ps: 'BOTH',
        R: false,
      });
      expect((await webOrder({ side: 'BUY', price: '20200', volume: '5' })).code).toBe('0');
      const fill = await next('ORDER_TRADE_UPDATE');
      expect(fill.o).toMatchObject({
        x: 'TRADE',
        X: 'FILLED',
        l: '0.005',
        z: '0.005',
        L: '20200.0',
        ap: '20200.0',
        n: '0.02020000',
        N: 'USDT',
        m: true,
        rp: '1.00000000',
      });
      const update = await next('ACCOUNT_UPDATE');
      // Wallet 999.9 + 1 - 0.0202; the position halves at entry 20000.
      expect(update.a).toMatchObject({
        m: 'ORDER',
        B: [{ a: 'USDT', wb: '1000.87980000', bc: '0.00000000' }],
        P: [{ s: 'BTCUSDT', pa: '0.005', ep: '20000.0', ps: 'BOTH', mt: 'cross', ma: 'USDT' }],
      });

      // A transfer out of the futures account: WITHDRAW, the balance change in bc.
      const out = await signedQuery(
        server,
        key,
        'POST',
        '/v1/futures/transfer',
        {
          asset: 'USDT',
          amount: '10',
          type: '2',
        },
        '/sapi',
      );
      expect(out.status).toBe(200);
      expect((await next('ACCOUNT_UPDATE')).a).toMatchObject({
        m: 'WITHDRAW',
        B: [{ a: 'USDT', wb: '990.87980000', bc: '-10.00000000' }],
      });
      // And 4 back in: DEPOSIT.
      const back = { asset: 'USDT', amount: '4', type: '1' };
      expect((await signedQuery(server, key, 'POST', '/v1/futures/transfer', back, '/sapi')).status).toBe(200);
      expect((await next('ACCOUNT_UPDATE')).a).toMatchObject({
        m: 'DEPOSIT',
        B: [{ a: 'USDT', wb: '994.87980000', bc: '4.00000000' }],
      });

      // Funding settled now at 0.03% (the interval's one premium sample, 0.08%, less the 0.05% clamp above the 0.01%
      // interest) on her 0.005 BTC long at the mark 20000: 100 USDT x 0.03% = 0.03 USDT paid.
      const hour = 60 * 60_000;
      await server.services.database.db
        .insertInto('funding_samples')
        .values({ contract_id: contractId, at: server.clock.now() - hour, premium: '0.0008', index_price: '20000' })
        .execute();
      await admin('funding', 'settle', 'E-BTC-USDT');
      // A cross position's funding sends the balance alone, as Binance's does.
      expect((await next('ACCOUNT_UPDATE')).a).toEqual({
        m: 'FUNDING_FEE',
        B: [{ a: 'USDT', wb: '994.84980000', cw: '994.84980000', bc: '-0.03000000' }],
        P: [],
      });
      // And the REST income history CCXT reads as funding history has the same payment.
      const rest = futuresAt(base, 'binanceusdm', { key, server });
      expect(await rest.fetchFundingHistory(SYMBOL)).toEqual([
        expect.objectContaining({ symbol: SYMBOL, code: 'USDT', amount: -0.03 }),
      ]);

      // The risk check's margin call (the core's event) as Binance's MARGIN_CALL.
      const position = await server.services.database.db
        .selectFrom('futures_positions')
        .select('id')
        .where('user_id', '=', ALICE)
        .where('open', '=', 1)
        .executeTakeFirstOrThrow();
      server.services.core.bus.publish([
        {
          type: 'futuresMarginCall',
          userId: ALICE,
          symbol: 'e-btc-usdt',
          positionId: Number(position.id),
          qty: '5',
          mark: '20000',
          liquidation: '100',
        },
      ]);
      expect(await next('MARGIN_CALL')).toMatchObject({
        cw: '994.84980000',
        p: [{ s: 'BTCUSDT', ps: 'BOTH', pa: '0.005', mt: 'CROSS', mp: '20000.0', mm: '0.40000000' }],
      });

      // Left without keep-alive for an hour, the key lapses: listenKeyExpired, then nothing more.
      server.clock.advance(61 * 60_000);
      expect(await next('listenKeyExpired')).toMatchObject({ listenKey });
    } finally {
      ws.close();
    }
  }, 20_000);
});
