import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
// @ts-expect-error: the official connector ships no type declarations
import { Spot, WebsocketStream } from '@binance/connector';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { insertApiKey } from '../src/modules/openapi/api-keys.ts';
import { ListenKeys } from '../src/open-api/listen-keys.ts';
import { serverSecretBox } from '../src/secrets/secret-box.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_LOGINS } from '../src/seed/demo-logins.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { type ApiKey as Key, newApiKey } from './open-api-fixtures.ts';
import { FrameQueue } from './realtime-socket.ts';
import { fund } from './trading-fixtures.ts';

/**
 * Clients written for Binance, unchanged, against the real server on a real port: the official connector
 * (`@binance/connector`) places, reads and cancels orders and follows them on its listen key's user data stream;
 * the README's CCXT example runs as written with default options and sends nothing to any host but ours; unknown
 * paths of every Binance family answer Binance's JSON 404.
 */
const SECRET_BOX_KEY = 'ef'.repeat(32);

// biome-ignore lint/suspicious/noExplicitAny: Binance's payloads and the clients' objects are checked field by field
type Json = any;

describe.each(testDialects)('Binance clients against the Open API on %s', (dialect) => {
  let server: TestServer;
  let base: string;
  let wsBase: string;
  let alice: Key;
  let bob: Key;
  let aliceId: number;
  let bobId: number;
  /** Added to the system clock: the clients sign with the system clock, and a test moves time past a key's life. */
  let offset = 0;
  const db = () => server.services.database.db;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { OPEN_API_SECRET_KEY: SECRET_BOX_KEY, MARKET_MAKER: '0' } });
    server.clock.now = () => Date.now() + offset;
    await seedDemo(server.services);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    wsBase = base.replace(/^http/, 'ws');
    const keys: Key[] = [];
    const ids: number[] = [];
    for (const login of DEMO_LOGINS) {
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', login.email)
        .executeTakeFirstOrThrow();
      keys.push(await newApiKey(server, Number(user.id), { label: 'client', createdAt: 0 }));
      ids.push(Number(user.id));
    }
    [alice, bob] = keys as [Key, Key];
    [aliceId, bobId] = ids as [number, number];
  }, 30_000);

  afterAll(async () => {
    await server?.close();
  });

  it('the official connector places, reads and cancels orders, followed on its listen key stream', async () => {
    const connector = new Spot(alice.apiKey, alice.secret, { baseURL: base });
    const maker = new Spot(bob.apiKey, bob.secret, { baseURL: base });
    const { listenKey } = (await connector.createListenKey()).data;
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    // The same key while it lives.
    expect((await connector.createListenKey()).data.listenKey).toBe(listenKey);

    const frames = new FrameQueue<Json>();
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const stream = new WebsocketStream({
      wsURL: wsBase,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      callbacks: { open: () => opened(), message: (data: string) => frames.push(JSON.parse(data)) },
    });
    stream.userData(listenKey);
    await open;
    try {
      // POST and DELETE carry the connector's Content-Type: application/json with no body.
      const placed = (
        await connector.newOrder('BTCUSDT', 'BUY', 'LIMIT', { price: '60000', quantity: '0.01', timeInForce: 'GTC' })
      ).data;
      expect(placed).toMatchObject({ symbol: 'BTCUSDT', status: 'NEW', price: '60000.00', origQty: '0.010000' });
      const report = (x: string) =>
        frames.next((f) => f.e === 'executionReport' && f.i === placed.orderId && f.x === x);
      expect(await report('NEW')).toMatchObject({
        s: 'BTCUSDT',
        S: 'BUY',
        o: 'LIMIT',
        X: 'NEW',
        c: placed.clientOrderId,
      });
      expect(await frames.next((f) => f.e === 'outboundAccountPosition')).toMatchObject({
        B: expect.arrayContaining([{ a: 'USDT', f: '99400.00000000', l: '600.00000000' }]),
      });

      // Bob sells into it: a TRADE report, partly filled.
      await maker.newOrder('BTCUSDT', 'SELL', 'MARKET', { quantity: '0.004' });
      expect(await report('TRADE')).toMatchObject({ X: 'PARTIALLY_FILLED', l: '0.004000', L: '60000.00', m: true });
      expect((await connector.getOrder('BTCUSDT', { orderId: placed.orderId })).data).toMatchObject({
        status: 'PARTIALLY_FILLED',
        executedQty: '0.004000',
      });
      expect((await connector.openOrders({ symbol: 'BTCUSDT' })).data.map((o: Json) => o.orderId)).toEqual([
        placed.orderId,
      ]);
      const cancelled = (await connector.cancelOrder('BTCUSDT', { orderId: placed.orderId })).data;
      expect(cancelled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
      expect(await report('CANCELED')).toMatchObject({ X: 'CANCELED', z: '0.004000' });

      // Money moved in from outside the trading is a balanceUpdate.
      await fund(server.services.core, aliceId, 'USDT', '25');
      expect(await frames.next((f) => f.e === 'balanceUpdate')).toMatchObject({ a: 'USDT', d: '25.00000000' });
      // Only Alice's orders reached her stream.
      const mine = frames.frames.filter((f) => f.e === 'executionReport');
      expect(mine.every((f) => f.i === placed.orderId)).toBe(true);

      expect((await connector.renewListenKey(listenKey)).data).toEqual({});
      expect((await connector.closeListenKey(listenKey)).data).toEqual({});
      await expect(connector.renewListenKey(listenKey)).rejects.toMatchObject({
        response: { status: 400, data: { code: -1125, msg: 'This listenKey does not exist.' } },
      });
    } finally {
      stream.disconnect();
    }
  });

  it('lets a listen key lapse after 60 minutes without keep-alive, and keeps it across a restart', async () => {
    const start = await fetch(`${base}/api/v3/userDataStream`, {
      method: 'POST',
      headers: { 'X-MBX-APIKEY': bob.apiKey },
    });
    expect(start.status).toBe(200);
    const { listenKey } = (await start.json()) as { listenKey: string };
    // A restarted server (a fresh listen-key store over the same database) still knows it.
    expect(await new ListenKeys(server.services).owner(listenKey)).toMatchObject({ expiresAt: expect.any(Number) });
    // No key, no listen key.
    const anonymous = await fetch(`${base}/api/v3/userDataStream`, { method: 'POST' });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { code: -2014, msg: 'API-key format invalid.' }]);

    const ws = new WebSocket(`${wsBase}/stream?streams=${listenKey}`);
    const frames = new FrameQueue<Json>();
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    // A listen key is also subscribed, and unsubscribed, like a stream.
    const raw = new WebSocket(`${wsBase}/ws`);
    const rawFrames = new FrameQueue<Json>();
    raw.on('message', (data) => rawFrames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => raw.once('open', resolve).once('error', reject));
    raw.send(JSON.stringify({ method: 'SUBSCRIBE', params: [listenKey], id: 1 }));
    expect(await rawFrames.next((f) => f.id === 1)).toEqual({ result: null, id: 1 });
    raw.send(JSON.stringify({ method: 'UNSUBSCRIBE', params: [listenKey], id: 2 }));
    expect(await rawFrames.next((f) => f.id === 2)).toEqual({ result: null, id: 2 });
    raw.send(JSON.stringify({ method: 'UNSUBSCRIBE', params: [listenKey], id: 3 }));
    expect(await rawFrames.next((f) => f.id === 3)).toMatchObject({ error: { code: 2 }, id: 3 });
    raw.close();
    try {
      offset += 61 * 60_000;
      const expired = await frames.next((f) => f.data?.e === 'listenKeyExpired');
      expect(expired).toMatchObject({ stream: listenKey, data: { listenKey } });
      const keepAlive = await fetch(`${base}/api/v3/userDataStream?listenKey=${listenKey}`, {
        method: 'PUT',
        headers: { 'X-MBX-APIKEY': bob.apiKey },
      });
      expect([keepAlive.status, await keepAlive.json()]).toEqual([
        400,
        { code: -1125, msg: 'This listenKey does not exist.' },
      ]);
      // A new start gives a new key in place of the lapsed one.
      const again = await fetch(`${base}/api/v3/userDataStream`, {
        method: 'POST',
        headers: { 'X-MBX-APIKEY': bob.apiKey },
      });
      const renewed = ((await again.json()) as { listenKey: string }).listenKey;
      expect(renewed).toMatch(/^[A-Za-z0-9]{60}$/);
      expect(renewed).not.toBe(listenKey);
    } finally {
      offset = 0;
      ws.close();
    }
  });

  it('ends a listen key with the API key it was made with', async () => {
    const box = serverSecretBox(server.services.config);
    const permissions: ('read' | 'trade')[] = ['read'];
    const { row, secret } = await insertApiKey(db(), box, bobId, { label: 'temp', permissions, ip: '' }, 0);
    const { listenKey } = (await new Spot(row.api_key, secret, { baseURL: base }).createListenKey()).data;
    const ws = new WebSocket(`${wsBase}/ws/${listenKey}`);
    const frames = new FrameQueue<Json>();
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      await fund(server.services.core, bobId, 'USDT', '1');
      expect(await frames.next((f) => f.e === 'balanceUpdate')).toMatchObject({ a: 'USDT', d: '1.00000000' });
      await db().deleteFrom('api_keys').where('id', '=', row.id).execute();
      // Within half a minute the stream learns the key is gone, and carries nothing more.
      offset += 31_000;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await fund(server.services.core, bobId, 'USDT', '2');
      await expect(frames.next((f) => f.e === 'balanceUpdate' && f.d === '2.00000000', 1000)).rejects.toThrow();
      expect(await new ListenKeys(server.services).owner(listenKey)).toBeNull();
    } finally {
      offset = 0;
      ws.close();
    }
  });

  it('serves listen keys, orders and the account over the WebSocket API', async () => {
    const ws = new WebSocket(`${wsBase}/ws-api/v3`);
    const frames = new FrameQueue<Json>();
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const call = (id: string, method: string, params: Record<string, string | number>) => {
      ws.send(JSON.stringify({ id, method, params }));
      return frames.next((f) => f.id === id);
    };
    const signedCall = (id: string, method: string, params: Record<string, string | number>) => {
      const all: Record<string, string | number> = { ...params, apiKey: alice.apiKey, timestamp: Date.now() };
      const payload = Object.keys(all)
        .sort()
        .map((k) => `${k}=${all[k]}`)
        .join('&');
      return call(id, method, { ...all, signature: createHmac('sha256', alice.secret).update(payload).digest('hex') });
    };
    try {
      const started = await call('start', 'userDataStream.start', { apiKey: alice.apiKey });
      expect(started).toMatchObject({ status: 200, result: { listenKey: expect.stringMatching(/^[A-Za-z0-9]{60}$/) } });
      const listenKey = started.result.listenKey;
      expect(await call('ping', 'userDataStream.ping', { apiKey: alice.apiKey, listenKey })).toMatchObject({
        status: 200,
        result: {},
      });
      expect(await call('stop', 'userDataStream.stop', { apiKey: bob.apiKey, listenKey })).toMatchObject({
        status: 400,
        error: { code: -1125 },
      });
      expect(await call('stop2', 'userDataStream.stop', { apiKey: alice.apiKey, listenKey })).toMatchObject({
        status: 200,
      });

      const placed = await signedCall('place', 'order.place', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price: '50000',
        quantity: '0.002',
      });
      expect(placed).toMatchObject({ status: 200, result: { symbol: 'BTCUSDT', status: 'NEW', price: '50000.00' } });
      const { orderId } = placed.result;
      expect(await signedCall('status', 'order.status', { symbol: 'BTCUSDT', orderId })).toMatchObject({
        result: { orderId, status: 'NEW' },
      });
      expect(await signedCall('cancel', 'order.cancel', { symbol: 'BTCUSDT', orderId })).toMatchObject({
        result: { orderId, status: 'CANCELED' },
      });
      const account = await signedCall('account', 'account.status', { omitZeroBalances: 'true' });
      expect(account).toMatchObject({ status: 200, result: { accountType: 'SPOT', canTrade: true } });
      expect(account.result.balances.map((b: Json) => b.asset)).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    } finally {
      ws.close();
    }
  });

  it("runs the README's CCXT example as written, every request on our server, and follows orders by listen key", async () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Open API'));
    const example = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toContain('new ccxt.binance({ apiKey, secret })');
    // As written, but for the import (passed in) and the server's address.
    const code = example.replace(/^import ccxt from 'ccxt';\n/, '').replaceAll('http://localhost:8080', base);
    const requested: string[] = [];
    const exchangeClass = (ccxt as Json).Exchange.prototype;
    const realFetch = exchangeClass.fetch;
    exchangeClass.fetch = function (this: unknown, url: string, ...rest: unknown[]) {
      requested.push(url);
      if (!url.startsWith(`${base}/`)) throw new Error(`a request left for another host: ${url}`);
      return realFetch.call(this, url, ...rest);
    };
    try {
      const run = new Function('ccxt', 'apiKey', 'secret', `return (async () => {\n${code}\nreturn exchange;\n})();`);
      const exchange = await run(ccxt, alice.apiKey, alice.secret);
      expect(Object.keys(exchange.markets)).toContain('BTC/USDT');
      expect(exchange.currencies.USDT).toMatchObject({ id: 'USDT' });
      // The coin configuration names each chain with its switches; fees and status answer as Binance's do.
      const btc = Object.values<Json>(exchange.currencies.BTC.networks);
      expect(btc).toEqual([expect.objectContaining({ id: 'BTC', deposit: true })]);
      const fees = await exchange.fetchTradingFees();
      expect(fees['BTC/USDT']).toMatchObject({ maker: expect.any(Number), taker: expect.any(Number) });
      expect(await exchange.fetchStatus()).toMatchObject({ status: 'ok' });
      await followsOrdersOnListenKey(exchange);
    } finally {
      exchangeClass.fetch = realFetch;
    }
    const paths = requested.map((url) => new URL(url).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/sapi/v1/capital/config/getall',
        '/api/v3/exchangeInfo',
        '/fapi/v1/exchangeInfo',
        '/dapi/v1/exchangeInfo',
        '/api/v3/order',
      ]),
    );
    const orders = await db()
      .selectFrom('orders')
      .select(['type', 'side', 'status'])
      .where('user_id', '=', aliceId)
      .execute();
    expect(orders.length).toBeGreaterThanOrEqual(2);
  });

  /** CCXT (as the README sets it up) places, reads and cancels an order, followed on its listen key's stream. */
  const followsOrdersOnListenKey = async (exchange: Json) => {
    const { listenKey } = await exchange.publicPostUserDataStream();
    const ws = new WebSocket(`${wsBase}/ws/${listenKey}`);
    const frames = new FrameQueue<Json>();
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      const order = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 59000);
      const report = (x: string) =>
        frames.next((f) => f.e === 'executionReport' && String(f.i) === order.id && f.x === x);
      expect(await report('NEW')).toMatchObject({ X: 'NEW', p: '59000.00' });
      // Bob sells through the README's buy at 60000 (0.01) into this one.
      await new Spot(bob.apiKey, bob.secret, { baseURL: base }).newOrder('BTCUSDT', 'SELL', 'LIMIT', {
        price: '59000',
        quantity: '0.012',
        timeInForce: 'IOC',
      });
      expect(await report('TRADE')).toMatchObject({ X: 'PARTIALLY_FILLED', l: '0.002000' });
      expect(await exchange.fetchOrder(order.id, 'BTC/USDT')).toMatchObject({ status: 'open', filled: 0.002 });
      expect(await exchange.cancelOrder(order.id, 'BTC/USDT')).toMatchObject({ status: 'canceled' });
      expect(await report('CANCELED')).toMatchObject({ X: 'CANCELED' });
      await exchange.publicPutUserDataStream({ listenKey });
      await exchange.publicDeleteUserDataStream({ listenKey });
    } finally {
      ws.close();
    }
  };

  it('answers unknown paths of every Binance family with a JSON 404', async () => {
    for (const url of ['/api/v1/nothing', '/api/v3/nothing', '/sapi/v1/nothing', '/fapi/v2/nothing', '/dapi/v1/x']) {
      const response = await fetch(`${base}${url}`);
      expect([url, response.status, await response.json()]).toEqual([
        url,
        404,
        { code: -1000, msg: 'Unknown endpoint.' },
      ]);
    }
    expect(await (await fetch(`${base}/sapi/v1/system/status`)).json()).toEqual({ status: 0, msg: 'normal' });
  });
});
