import type { AddressInfo } from 'node:net';
import { loginOut, passwordUpdate } from '@opex/contract/calls/user';
import { emailValidCode } from '@opex/contract/calls/verification';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { type Frame, on, rep, RealtimeSocket as Socket } from './realtime-socket.ts';
import { fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';
import { latestCode, loggedInClient, PASSWORD, registerEmail } from './user-fixtures.ts';

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

  it("pushes a margin pair's risk on user_margin_risk to its owner alone", async () => {
    const owner = await Socket.open(
      url,
      `${SESSION_COOKIE}=${await server.services.sessions.create(BUYER, '127.0.0.1', 'vitest')}`,
    );
    const other = await Socket.open(
      url,
      `${SESSION_COOKIE}=${await server.services.sessions.create(SELLER, '127.0.0.1', 'vitest')}`,
    );
    for (const s of [owner, other]) s.send({ event: 'sub', params: { channel: 'user_margin_risk' } });
    await sleep(50);
    const risk = { symbol: 'BTCUSDT', indexPrice: '70', riskRate: '', burstPrice: '', state: 'liquidated' as const };
    server.services.core.bus.publish([{ type: 'marginRisk', userId: BUYER, ...risk }]);
    expect((await owner.next(on('user_margin_risk'))).tick).toEqual(risk);
    await sleep(100);
    expect(other.frames.filter((f) => f.channel === 'user_margin_risk')).toEqual([]);
    for (const s of [owner, other]) s.close();
  });

  /** A socket on the client's session, subscribed to both private channels and shown to receive them. */
  async function privateSocket(client: TestClient, userId: number): Promise<Socket> {
    const socket = await Socket.open(url, `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`);
    // Keeps talking, so a slow password check (argon2 on a busy machine) does not get it dropped as silent.
    const keepAlive = setInterval(() => socket.send({ pong: Date.now() }), 100);
    socket.ws.once('close', () => clearInterval(keepAlive));
    socket.send({ event: 'sub', params: { channel: 'user_orders' } });
    socket.send({ event: 'sub', params: { channel: 'user_balance' } });
    await sleep(50);
    expect((await place(userId, 'BUY', '80.00', '0.01')).ok).toBe(true);
    await socket.next(on('user_orders'));
    await socket.next(on('user_balance'));
    return socket;
  }

  /** The session ended: both private channels close with a frame saying so, no push follows, re-sub is refused. */
  async function expectPrivateEnded(socket: Socket, userId: number): Promise<void> {
    const ended = (f: Frame) => f.event_rep === 'error' && f.msg === 'session ended';
    const first = await socket.next(ended);
    const second = await socket.next(ended);
    expect([first.channel, second.channel].sort()).toEqual(['user_balance', 'user_orders']);
    expect((await place(userId, 'BUY', '80.00', '0.01')).ok).toBe(true);
    await sleep(150);
    expect(socket.frames.filter((f) => f.tick !== undefined && f.channel?.startsWith('user_'))).toEqual([]);
    socket.send({ event: 'sub', params: { channel: 'user_orders', cb_id: 'again' } });
    expect(await socket.next((f) => f.cb_id === 'again')).toMatchObject({ event_rep: 'error', msg: 'login required' });
    // Public channels keep working on the same socket.
    socket.send({ event: 'sub', params: { channel: 'market_btcusdt_ticker' } });
    await socket.next(on('market_btcusdt_ticker'));
  }

  it('leaves a private channel closed after a quick sub and unsub, though the sub waits on its session check', async () => {
    const client = await loginAs(server, BUYER);
    const socket = await Socket.open(url, `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`);
    socket.send({ event: 'sub', params: { channel: 'user_orders' } });
    socket.send({ event: 'unsub', params: { channel: 'user_orders' } });
    await sleep(100);
    expect((await place(BUYER, 'BUY', '80.00', '0.01')).ok).toBe(true);
    await sleep(150);
    expect(socket.frames.filter((f) => f.channel === 'user_orders')).toEqual([]);
    socket.close();
  });

  it('ends the private channels of an open socket at logout', async () => {
    const client = await loginAs(server, BUYER);
    const socket = await privateSocket(client, BUYER);
    expect((await client.call(loginOut)).code).toBe('0');
    await expectPrivateEnded(socket, BUYER);
    socket.close();
  });

  it('ends the private channels of an open socket when a password change ends the session', async () => {
    await registerEmail(server, 'carol@example.com');
    const client = await loggedInClient(server, 'carol@example.com');
    const user = await server.services.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'carol@example.com')
      .executeTakeFirstOrThrow();
    await fund(core(), user.id, 'USDT', '100');
    const socket = await privateSocket(client, user.id);
    server.clock.advance(61_000);
    expect((await client.call(emailValidCode, { operationType: '4' })).code).toBe('0');
    const authCode = await latestCode(server, 'carol@example.com');
    const changed = await client.call(passwordUpdate, { loginPword: PASSWORD, newLoginPword: 'Changed2026', authCode });
    expect(changed.code).toBe('0');
    await expectPrivateEnded(socket, user.id);
    socket.close();
  });

  it('ends the private channels when the session expires idle or is revoked by another node, at the next heartbeat', async () => {
    const client = await loginAs(server, BUYER);
    const idle = await privateSocket(client, BUYER);
    server.clock.advance(server.services.config.sessionIdleMs + 1);
    await expectPrivateEnded(idle, BUYER);
    idle.close();
    const other = await loginAs(server, BUYER);
    const revoked = await privateSocket(other, BUYER);
    // Written straight to the table, as another node (or the operator's command line) would.
    await server.services.database.db.updateTable('sessions').set({ revoked_at: server.clock.now() }).execute();
    server.clock.advance(6_000); // past this node's session cache
    await expectPrivateEnded(revoked, BUYER);
    revoked.close();
  });
});
