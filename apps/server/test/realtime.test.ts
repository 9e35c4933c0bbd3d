import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { type Frame, on, rep, RealtimeSocket as Socket } from './realtime-socket.ts';
import { fund, seedMarket, tradingInvariants } from './trading-fixtures.ts';

const SELLER = 301;
const BUYER = 302;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDialects)('realtime WebSocket on %s', (dialect) => {
  let server: TestServer;
  let url: string;
  const core = () => server.services.core;
  const place = (userId: number, side: 'BUY' | 'SELL', price: string, volume: string) =>
    core().placeOrder({ userId, symbol: 'btcusdt', request: { side, type: 1, price, volume }, clientOrderId: null });

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { WS_PING_MS: '200' } });
    await seedMarket(server.services.database.db);
    await fund(core(), SELLER, 'BTC', '10');
    await fund(core(), BUYER, 'USDT', '100000');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/kline-api/ws`;
  });
  afterEach(async () => expect(await tradingInvariants(server.services.database.db, core())).toEqual([]));
  afterAll(() => server.close());

  it('pushes depth, trades, ticker and K-lines as gzip frames with increasing seq, and answers reqs', async () => {
    // The core learns a market added after its start with the first order for it.
    expect((await place(SELLER, 'SELL', '100.05', '2')).ok).toBe(true);
    const s = await Socket.open(url);
    for (const channel of [
      'market_btcusdt_depth_step0',
      'market_btcusdt_depth_step2',
      'market_btcusdt_trade_ticker',
      'market_btcusdt_ticker',
      'market_btcusdt_kline_1min',
    ]) {
      s.send({ event: 'sub', params: { channel, cb_id: 'c1' } });
    }
    // Each sub starts with a snapshot carrying the channel's current seq.
    const depth = await s.next(on('market_btcusdt_depth_step0'));
    expect(depth.tick).toEqual({ asks: [['100.05', '2.0000']], buys: [] });
    const merged = await s.next(on('market_btcusdt_depth_step2'));
    expect(merged.tick.asks).toEqual([['101.00', '2.0000']]);

    expect((await place(BUYER, 'BUY', '100.05', '0.5')).ok).toBe(true);
    const trades = await s.next(on('market_btcusdt_trade_ticker'));
    expect(trades.tick.data).toEqual([
      expect.objectContaining({ side: 'BUY', price: '100.05', vol: '0.5000', amount: '50.025000' }),
    ]);
    const after = await s.next((f) => on('market_btcusdt_depth_step0')(f) && f.tick.asks[0]?.[1] === '1.5000');
    expect(after.seq).toBeGreaterThan(depth.seq);
    expect((await s.next(on('market_btcusdt_ticker'))).tick).toMatchObject({ close: '100.05', vol: '0.5000' });
    expect((await s.next(on('market_btcusdt_kline_1min'))).tick).toMatchObject({
      id: Date.UTC(2026, 0, 1, 12) / 1000,
      close: '100.05',
    });

    expect((await place(BUYER, 'BUY', '100.05', '0.25')).ok).toBe(true);
    const second = await s.next(on('market_btcusdt_trade_ticker'));
    expect(second.seq).toBe(trades.seq + 1);

    s.send({ event: 'req', params: { channel: 'review', cb_id: 'r1' } });
    expect((await s.next(rep('review'))).data.btcusdt).toMatchObject({ close: '100.05', vol: '0.7500' });
    s.send({ event: 'req', params: { channel: 'market_btcusdt_trade_ticker', cb_id: 'r2', top: 100 } });
    const history = await s.next(rep('market_btcusdt_trade_ticker'));
    expect(history).toMatchObject({ cb_id: 'r2', status: 'ok' });
    expect(history.data.map((t: Frame) => t.vol)).toEqual(['0.2500', '0.5000']);
    s.send({ event: 'req', params: { channel: 'market_btcusdt_kline_1min', cb_id: 'r3', pageSize: 10 } });
    expect((await s.next(rep('market_btcusdt_kline_1min'))).data).toEqual([
      expect.objectContaining({ open: '100.05', vol: '0.7500' }),
    ]);
    s.send({ event: 'sub', params: { channel: 'market_nosuch_ticker', cb_id: 'x' } });
    expect(await s.next((f) => f.event_rep === 'error')).toMatchObject({
      channel: 'market_nosuch_ticker',
      msg: 'unknown market',
    });
    s.close();
  });

  it('stops pushes on unsub, and a quick sub A / unsub A / sub B leaves B live', async () => {
    const s = await Socket.open(url);
    s.send({ event: 'sub', params: { channel: 'market_btcusdt_depth_step0' } });
    s.send({ event: 'unsub', params: { channel: 'market_btcusdt_depth_step0' } });
    s.send({ event: 'sub', params: { channel: 'market_btcusdt_depth_step1' } });
    await sleep(100);
    s.frames.length = 0;
    expect((await place(SELLER, 'SELL', '100.20', '1')).ok).toBe(true);
    const b = await s.next((f) => on('market_btcusdt_depth_step1')(f) && f.tick.asks.length === 2);
    expect(b.tick.asks[1]).toEqual(['100.20', '1.0000']);
    await sleep(150);
    expect(s.frames.filter(on('market_btcusdt_depth_step0'))).toEqual([]);
    s.close();
  });

  it('pings, answers pings, and drops a socket that stays silent', async () => {
    const s = await Socket.open(url);
    const ping = await s.next((f) => typeof f.ping === 'number');
    s.send({ pong: ping.ping });
    s.send({ ping: 42 });
    expect(await s.next((f) => f.pong === 42)).toEqual({ pong: 42 });
    const closed = new Promise((resolve) => s.ws.once('close', resolve));
    await closed; // silent for three ping intervals (600 ms)
  });

  it('sends private order and balance updates to their owner only', async () => {
    const token = await server.services.sessions.create(BUYER, '127.0.0.1', 'vitest');
    const owner = await Socket.open(url, `${SESSION_COOKIE}=${token}`);
    const stranger = await Socket.open(url);
    const other = await Socket.open(
      url,
      `${SESSION_COOKIE}=${await server.services.sessions.create(SELLER, '127.0.0.1', 'vitest')}`,
    );
    for (const s of [owner, other]) {
      s.send({ event: 'sub', params: { channel: 'user_orders' } });
      s.send({ event: 'sub', params: { channel: 'user_balance' } });
    }
    stranger.send({ event: 'sub', params: { channel: 'user_orders', cb_id: 'p' } });
    expect(await stranger.next((f) => f.event_rep === 'error')).toMatchObject({ msg: 'login required' });
    await sleep(50);
    const placed = await place(BUYER, 'BUY', '90.00', '1');
    expect(placed.ok).toBe(true);
    const order = await owner.next(on('user_orders'));
    expect(order.tick).toMatchObject({ orderId: placed.ok ? placed.orderId : 0, symbol: 'btcusdt', status: 1 });
    expect((await owner.next(on('user_balance'))).tick).toMatchObject({ coin: 'USDT', account: 'exchange' });
    await sleep(100);
    expect(other.frames.filter((f) => f.channel?.startsWith('user_'))).toEqual([]);
    for (const s of [owner, stranger, other]) s.close();
  });
});
