import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { setAnchor } from '../src/catalog/price-anchors.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { binanceAt, type Exchange, type Json, type ApiKey as Key, newApiKey } from './open-api-fixtures.ts';
import { FrameQueue } from './realtime-socket.ts';
import { fund, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * The isolated margin user data stream through the real server on both databases: CCXT pro's watchOrders and
 * watchBalance with marginMode isolated (a listen token over the WebSocket API) get the pair's margin orders and
 * balances and never spot's; a listen key of /sapi/v1/userDataStream/isolated streams at /ws/<listenKey> the pair's
 * events only while spot's key streams spot's only; the isolated key is kept alive and closed per pair, and bad
 * requests are refused with Binance's codes.
 */
const ALICE = 801;
const BOB = 802;
const PAIR = 'BTC/USDT';
const ISOLATED = { type: 'margin', marginMode: 'isolated' };

describe.each(testDialects)('Open API isolated margin user data stream on %s', (dialect) => {
  let server: TestServer;
  let base: string;
  let alice: Key;
  let bob: Key;
  const opened: (Exchange | WebSocket)[] = [];
  const db = () => server.services.database.db;
  const userDataStream = async (method: 'POST' | 'PUT' | 'DELETE', path: string, key: Key | null, query = '') => {
    const response = await server.app.inject({
      method,
      url: `${path}${query ? `?${query}` : ''}`,
      headers: key ? { 'x-mbx-apikey': key.apiKey } : {},
    });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const isolatedKey = (method: 'POST' | 'PUT' | 'DELETE', query: string, key: Key | null = alice) =>
    userDataStream(method, '/sapi/v1/userDataStream/isolated', key, query);
  /** The frames of a WebSocket at the path, once it is open, and the socket. */
  const socketAt = async (path: string) => {
    const frames = new FrameQueue<Json>();
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
    opened.push(ws);
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    return { frames, ws };
  };
  /** The events of a listen key's stream at /ws/<listenKey>. */
  const streamOf = async (listenKey: string) => (await socketAt(`/ws/${listenKey}`)).frames;
  const ccxtOf = (key: Key, pro = false) => {
    const exchange = binanceAt(base, key, pro);
    opened.push(exchange);
    return exchange;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { OPEN_API_SECRET_KEY: '56'.repeat(32), MARKET_MAKER: '0' } });
    // CCXT signs with the system clock.
    server.clock.now = () => Date.now();
    await seedMarket(db(), { is_open_lever: 1, multiple: 3 });
    await seedMarket(db(), { base: 'ETH', quote: 'USDT', sort: 2 });
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1' }, 0);
    const { core, prices } = server.services;
    await core.reloadMarkets();
    await fund(core, ALICE, 'USDT', '5000');
    await fund(core, BOB, 'BTC', '10');
    await fund(core, BOB, 'USDT', '100000');
    alice = await newApiKey(server, ALICE);
    bob = await newApiKey(server, BOB);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    // Bob quotes on spot (the pair's one book): the mid, 65000, is BTC's index price.
    const maker = ccxtOf(bob);
    await maker.loadMarkets();
    await maker.createOrder(PAIR, 'limit', 'buy', 0.5, 64000);
    await maker.createOrder(PAIR, 'limit', 'sell', 0.5, 66000);
    await prices.current();
  }, 20_000);

  afterAll(async () => {
    for (const one of opened) {
      if (one instanceof WebSocket) one.close();
      else {
        // CCXT leaves a future no one awaits (margin's positions snapshot); closing rejects it.
        for (const client of Object.values(one.clients ?? {}) as Exchange[])
          for (const future of Object.values(client.futures) as Promise<unknown>[]) future.catch(() => undefined);
        await one.close?.();
      }
    }
    await server?.close();
  });

  it("CCXT pro follows the pair's margin orders and balances, and never spot's", async () => {
    const rest = ccxtOf(alice);
    const pro = ccxtOf(alice, true);
    await pro.loadHttpProxyAgent();
    await Promise.all([rest.loadMarkets(), pro.loadMarkets()]);
    await pro.authenticate({ ...ISOLATED, symbol: PAIR });

    // Money moved in: the pair's USDT, not spot's 4000 left.
    const balance = pro.watchBalance({ ...ISOLATED, symbol: PAIR });
    await rest.transfer('USDT', 1000, 'spot', 'isolated', { symbol: PAIR });
    expect((await balance).USDT).toMatchObject({ free: 1000 });

    // A spot order first, then a margin order resting between Bob's quotes: only the margin one is reported, open.
    /** The next orders reported: the margin order only. */
    const reported = async () => {
      const orders = await pro.watchOrders(PAIR, undefined, undefined, ISOLATED);
      return orders.map((o: Exchange) => ({ id: o.id, status: o.status, filled: o.filled, cost: o.cost }));
    };
    const placing = reported();
    const spot = await rest.createOrder(PAIR, 'limit', 'buy', 0.001, 50000);
    const margin = await rest.createOrder(PAIR, 'limit', 'buy', 0.01, 65000, { marginMode: 'isolated' });
    expect(await placing).toEqual([{ id: margin.id, status: 'open', filled: 0, cost: 0 }]);
    // Bob sells into it: filled.
    const filling = reported();
    const balanced = pro.watchBalance({ ...ISOLATED, symbol: PAIR });
    await ccxtOf(bob).createOrder(PAIR, 'limit', 'sell', 0.01, 65000);
    expect(await filling).toEqual([{ id: margin.id, status: 'closed', filled: 0.01, cost: 650 }]);
    expect(pro.orders.map((o: Exchange) => o.id)).not.toContain(spot.id);
    // The pair's balances after the fill: 650 USDT spent, BTC bought (less the fee); spot's are nowhere.
    const after = await balanced;
    expect(after.USDT).toMatchObject({ free: 350, used: 0 });
    expect(after.BTC.free).toBeGreaterThan(0.0099);
    await rest.cancelOrder(spot.id, PAIR);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  }, 15_000);

  it("an isolated listen key streams the pair's events at /ws/<listenKey>, spot's key spot's only", async () => {
    const isolated = await isolatedKey('POST', 'symbol=BTCUSDT');
    expect(isolated).toMatchObject({ status: 200, body: { listenKey: expect.stringMatching(/^[A-Za-z0-9]{60}$/) } });
    // The same key while it lives; spot's is another.
    expect((await isolatedKey('POST', 'symbol=BTCUSDT')).body.listenKey).toBe(isolated.body.listenKey);
    const spotKey = (await userDataStream('POST', '/api/v3/userDataStream', alice)).body.listenKey;
    expect(spotKey).not.toBe(isolated.body.listenKey);
    const [marginFrames, spotFrames] = await Promise.all([streamOf(isolated.body.listenKey), streamOf(spotKey)]);

    const rest = ccxtOf(alice);
    await rest.loadMarkets();
    const spot = await rest.createOrder(PAIR, 'limit', 'buy', 0.001, 50000);
    const margin = await rest.createOrder(PAIR, 'limit', 'buy', 0.001, 60000, { marginMode: 'isolated' });
    const report = (frames: FrameQueue<Json>, id: string) =>
      frames.next((f) => f.e === 'executionReport' && f.i === Number(id) && f.x === 'NEW');
    expect(await report(marginFrames, margin.id)).toMatchObject({ s: 'BTCUSDT', S: 'BUY', p: '60000.00' });
    expect(await report(spotFrames, spot.id)).toMatchObject({ s: 'BTCUSDT', p: '50000.00' });
    // The pair's USDT: 350 before, 60 of it now locked; spot's 3950 free, 50 locked.
    expect(await marginFrames.next((f) => f.e === 'outboundAccountPosition')).toMatchObject({
      B: [{ a: 'USDT', f: '290.00000000', l: '60.00000000' }],
    });
    expect(await spotFrames.next((f) => f.e === 'outboundAccountPosition')).toMatchObject({
      B: [{ a: 'USDT', f: '3950.00000000', l: '50.00000000' }],
    });
    await rest.cancelOrder(margin.id, PAIR, { marginMode: 'isolated' });
    await rest.cancelOrder(spot.id, PAIR);
    await marginFrames.next((f) => f.e === 'executionReport' && f.x === 'CANCELED');
    await spotFrames.next((f) => f.e === 'executionReport' && f.x === 'CANCELED');
    const orderIds = (frames: FrameQueue<Json>) => [
      ...new Set(frames.frames.filter((f) => f.e === 'executionReport').map((f) => String(f.i))),
    ];
    expect(orderIds(marginFrames)).toEqual([margin.id]);
    expect(orderIds(spotFrames)).toEqual([spot.id]);
    expect(spotFrames.frames.filter((f) => f.e === 'outboundAccountPosition').flatMap((f) => f.B)).not.toContainEqual(
      expect.objectContaining({ f: '290.00000000' }),
    );
  }, 15_000);

  it('keeps an isolated key alive and closes it, per pair and per API key', async () => {
    const { listenKey } = (await isolatedKey('POST', 'symbol=BTCUSDT')).body;
    const owned = `symbol=BTCUSDT&listenKey=${listenKey}`;
    const row = () => db().selectFrom('listen_keys').selectAll().where('listen_key', '=', listenKey).executeTakeFirst();
    const before = Number((await row())?.expires_at);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await isolatedKey('PUT', owned)).toEqual({ status: 200, body: {} });
    expect(Number((await row())?.expires_at)).toBeGreaterThan(before);
    expect((await row())?.account).toBe('lever:BTCUSDT');

    // Not spot's key, not Bob's, not another pair's: -1125, and the key lives on.
    const noKey = { status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } };
    expect(await userDataStream('PUT', '/api/v3/userDataStream', alice, `listenKey=${listenKey}`)).toEqual(noKey);
    expect(await isolatedKey('PUT', owned, bob)).toEqual(noKey);
    expect(await isolatedKey('DELETE', owned, bob)).toEqual(noKey);
    expect(await row()).toBeDefined();

    // Followed as a listen token on the WebSocket API: closing the key ends that subscription too.
    const wsApi = await socketAt('/ws-api/v3');
    wsApi.ws.send(
      JSON.stringify({ id: 'sub', method: 'userDataStream.subscribe.listenToken', params: { listenToken: listenKey } }),
    );
    const { subscriptionId } = (await wsApi.frames.next((f) => f.id === 'sub')).result;
    expect(await isolatedKey('DELETE', owned)).toEqual({ status: 200, body: {} });
    expect(await row()).toBeUndefined();
    expect(await wsApi.frames.next((f) => f.event?.e === 'eventStreamTerminated')).toMatchObject({ subscriptionId });
    wsApi.ws.send(
      JSON.stringify({
        id: 'again',
        method: 'userDataStream.subscribe.listenToken',
        params: { listenToken: listenKey },
      }),
    );
    expect(await wsApi.frames.next((f) => f.id === 'again')).toMatchObject({
      status: 400,
      error: { code: -1125, msg: 'This listenKey does not exist.' },
    });
    expect(await isolatedKey('PUT', owned)).toEqual(noKey);
  });

  it('refuses an isolated key without a symbol, for a pair not open for margin, or without an API key', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('listen_keys')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await isolatedKey('POST', '')).toEqual({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed." },
    });
    expect(await isolatedKey('POST', 'symbol=ETHUSDT')).toEqual({
      status: 400,
      body: { code: -3028, msg: 'Not a valid margin pair.' },
    });
    expect(await isolatedKey('PUT', 'listenKey=abc')).toMatchObject({ status: 400, body: { code: -1102 } });
    expect(await isolatedKey('POST', 'symbol=BTCUSDT', null)).toMatchObject({ status: 401, body: { code: -2014 } });
    // The listen token CCXT pro asks for names the pair the same way, and only isolated margin exists.
    const token = (query: string) => userDataStream('POST', '/sapi/v1/userListenToken', alice, query);
    expect(await token('symbol=BTCUSDT')).toMatchObject({ status: 400, body: { code: -3003 } });
    expect(await token('symbol=ETHUSDT&isIsolated=TRUE')).toMatchObject({ status: 400, body: { code: -3028 } });
    expect(await token('symbol=BTCUSDT&isIsolated=TRUE&validity=86400001')).toMatchObject({
      status: 400,
      body: { code: -1100, msg: "Illegal characters found in parameter 'validity'." },
    });
    expect(await count()).toBe(before);
  });
});
