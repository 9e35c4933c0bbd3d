import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { coTransfer } from '@opex/contract/calls/co-account';
import { coOrderCancel, coOrderCreate } from '@opex/contract/calls/co-order';
import { coAssetsList } from '@opex/contract/calls/co-position';
import { createCoId, levelEdit, marginModelEdit, receiveCoupon } from '@opex/contract/calls/co-user';
import { loginOut } from '@opex/contract/calls/user';
import { CO_WS_PATH, channels } from '@opex/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { addBtcAndUsdt, BTC_BRACKETS, btcPriceTo, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { type Frame, on, RealtimeSocket as Socket } from './realtime-socket.ts';
import { fund, loginAs, tradingInvariants } from './trading-fixtures.ts';

const [ALICE, BOB, CAROL] = [701, 702, 703];
const PRIVATE = [channels.coPositions, channels.coOrders, channels.coAccount];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The futures socket's private channels through the real server: Alice and Bob trade a linear BTC contract (0.001
 * BTC a contract) and each sees their own orders, positions (valued at the mark) and account pushed; Carol, logged
 * in with no orders, sees none of theirs.
 */
describe.each(testDialects)('futures private pushes on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let url: string;
  let contractId: number;
  const clients: Record<number, TestClient> = {};
  const sockets: Record<number, Socket> = {};
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const order = (userId: number, fields: Record<string, unknown>) =>
    clients[userId]?.call(coOrderCreate, { contractId, side: 'BUY', open: 'OPEN', type: 1, volume: '1', ...fields });
  const btcAt = (price: string) => btcPriceTo(server, admin, price);
  /** Every frame each user's socket received (the socket's own queue gives up those a test awaited). */
  const received: Record<number, Frame[]> = {};
  /** The user's pushes of a private channel so far. */
  const pushes = (userId: number, channel: string) =>
    (received[userId] ?? []).filter((f: Frame) => f.channel === channel && f.tick !== undefined);
  const next = (userId: number, channel: string, test: (tick: Frame) => boolean = () => true) =>
    (sockets[userId] as Socket).next((f) => on(channel)(f) && test(f.tick), 4000);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd());
    await admin(...linearContractAdd('USDT', '--type', 'S'));
    for (const name of ['E-BTC-USDT', 'S-BTC-USDT']) await admin('contract', 'brackets', name, '--tiers', BTC_BRACKETS);
    contractId = Number(
      (
        await server.services.database.db
          .selectFrom('contracts')
          .select('id')
          .where('contract_type', '=', 'E')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await server.services.core.reloadMarkets();
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await btcAt('20000');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}${CO_WS_PATH}`;
    for (const userId of [ALICE, BOB, CAROL]) {
      const client = await loginAs(server, userId);
      clients[userId] = client;
      await fund(server.services.core, userId, 'USDT', '1000');
      const moved = await client.call(coTransfer, {
        transferType: 'wallet_to_contract',
        amount: '1000',
        coinSymbol: 'USDT',
      });
      expect(moved.code).toBe('0');
      expect((await client.call(createCoId, {})).code).toBe('0');
      expect((await client.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
      expect((await client.call(marginModelEdit, { marginModel: 2, contractId })).code).toBe('0');
      const socket = await Socket.open(url, `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`);
      sockets[userId] = socket;
      received[userId] = [];
      socket.ws.on('message', (data: Buffer) => received[userId]?.push(JSON.parse(gunzipSync(data).toString())));
      for (const channel of PRIVATE) socket.send({ event: 'sub', params: { channel } });
    }
  });
  afterAll(async () => {
    for (const socket of Object.values(sockets)) socket.close();
    await server.close();
  });

  it('refuses the private channels to a visitor', async () => {
    const visitor = await Socket.open(url);
    visitor.send({ event: 'sub', params: { channel: channels.coPositions, cb_id: 'v' } });
    expect(await visitor.next((f) => f.cb_id === 'v')).toMatchObject({ event_rep: 'error', msg: 'login required' });
    visitor.close();
  });

  it("gives each subscriber their positions and account at once, then pushes a fill's order, position and account to its parties only", async () => {
    for (const userId of [ALICE, BOB, CAROL]) {
      expect((await next(userId, channels.coPositions)).tick).toEqual({ positionList: [] });
      expect((await next(userId, channels.coAccount)).tick).toMatchObject({ symbol: 'USDT', canUseAmount: '1000' });
    }

    expect((await order(BOB, { side: 'SELL', price: '20000', volume: '10' }))?.code).toBe('0');
    const resting = (await next(BOB, channels.coOrders)).tick;
    expect(resting).toMatchObject({ kind: 'order', contractId, status: 1, dealVolume: '0' });
    // Bob's order reserves margin: his account is pushed again.
    expect((await next(BOB, channels.coAccount, (a) => a.lockAmount !== '0')).tick.lockAmount).toBe('20.1');

    // Alice's market buy of 200 USDT of value: 10 contracts at 20000.
    expect((await order(ALICE, { type: 2, volume: '200' }))?.code).toBe('0');
    const filled = (await next(ALICE, channels.coOrders, (o) => o.status === 2)).tick;
    expect(filled).toMatchObject({ kind: 'order', contractId, status: 2, dealVolume: '10' });
    const [long] = (await next(ALICE, channels.coPositions, (p) => p.positionList.length === 1)).tick.positionList;
    expect(long).toMatchObject({
      contractId,
      orderSide: 'BUY',
      positionVolume: '10',
      openAvgPrice: '20000.0',
      holdAmount: '20',
      bankruptcyPrice: '18000.0',
      reducePrice: '18072.3',
      adlRank: expect.any(Number),
    });
    expect((await next(ALICE, channels.coAccount, (a) => a.isolateMargin === '20')).tick).toMatchObject({
      canUseAmount: '979.9',
    });
    expect((await next(BOB, channels.coOrders, (o) => o.id === resting.id && o.status === 2)).tick.dealVolume).toBe(
      '10',
    );
    const [short] = (await next(BOB, channels.coPositions, (p) => p.positionList.length === 1)).tick.positionList;
    expect(short).toMatchObject({ orderSide: 'SELL', positionVolume: '10' });
    // The pushed position is what the call answers.
    expect((await clients[ALICE]?.call(coAssetsList, {}))?.data?.positionList).toEqual([long]);

    // Nobody sees another's orders or positions.
    const aliceOrderIds = new Set(pushes(ALICE, channels.coOrders).map((f) => f.tick.id));
    expect(aliceOrderIds.has(resting.id)).toBe(false);
    for (const f of pushes(ALICE, channels.coPositions))
      for (const p of f.tick.positionList) expect(p.orderSide).toBe('BUY');
    expect(pushes(CAROL, channels.coOrders)).toEqual([]);
    expect(pushes(CAROL, channels.coPositions).map((f) => f.tick)).toEqual([{ positionList: [] }]);
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  });

  it("pushes the holders' positions valued at the new mark when it moves, at most once a second", async () => {
    const before = pushes(ALICE, channels.coPositions).length;
    const at = Date.now();
    await btcAt('21000');
    const mark = server.services.contractPrices.markOf('e-btc-usdt');
    expect(mark).not.toBeNull();
    const moved = (await next(ALICE, channels.coPositions, (p) => p.positionList[0]?.indexPrice !== '20000.0')).tick;
    const [long] = moved.positionList;
    expect(Date.now() - at).toBeLessThan(2500);
    // Ten contracts of 0.001 BTC gained what the mark rose.
    expect(long.unRealizedAmount).not.toBe('0');
    expect(long).toEqual((await clients[ALICE]?.call(coAssetsList, {}))?.data?.positionList?.[0]);
    expect(
      (await next(ALICE, channels.coAccount, (a) => a.unRealizedAmount === long.unRealizedAmount)).tick,
    ).toBeTruthy();
    const [short] = (await next(BOB, channels.coPositions, (p) => p.positionList[0]?.indexPrice === long.indexPrice))
      .tick.positionList;
    expect(short.unRealizedAmount.startsWith('-')).toBe(true);
    // A second tick at the same mark changes nothing: nothing more is pushed.
    await server.services.contractPrices.tick();
    await sleep(1200);
    expect(pushes(ALICE, channels.coPositions).length).toBe(before + 1);
    expect(pushes(CAROL, channels.coPositions)).toHaveLength(1);
  });

  it('pushes a conditional order created, cancelled or fired to its owner', async () => {
    const created = await order(ALICE, {
      side: 'SELL',
      open: 'CLOSE',
      type: 2,
      isConditionOrder: true,
      triggerType: 1,
      triggerPrice: '19000',
      volume: '10',
    });
    expect(created?.code).toBe('0');
    const id = String((created?.data as { orderId?: unknown } | undefined)?.orderId);
    expect((await next(ALICE, channels.coOrders, (o) => o.kind === 'trigger')).tick).toEqual({
      kind: 'trigger',
      id,
      contractId,
      status: 0,
      orderId: '',
    });
    const cancelled = await clients[ALICE]?.call(coOrderCancel, { contractId, orderId: id, isConditionOrder: true });
    expect(cancelled?.code).toBe('0');
    expect((await next(ALICE, channels.coOrders, (o) => o.kind === 'trigger' && o.status === 4)).tick.id).toBe(id);

    // A take-profit on the mark fires when the mark reaches it: the trigger's push names the order it placed, whose
    // own push follows.
    const takeProfit = await order(ALICE, {
      side: 'SELL',
      open: 'CLOSE',
      type: 2,
      isConditionOrder: true,
      triggerType: 2,
      triggerPriceType: 2,
      triggerPrice: '21500',
      volume: '10',
    });
    expect(takeProfit?.code).toBe('0');
    const tpId = String((takeProfit?.data as { orderId?: unknown } | undefined)?.orderId);
    await btcAt('21600');
    const fired = (await next(ALICE, channels.coOrders, (o) => o.kind === 'trigger' && o.id === tpId && o.status !== 0))
      .tick;
    expect(fired).toMatchObject({ status: 2, orderId: expect.stringMatching(/^\d+$/) });
    await next(ALICE, channels.coOrders, (o) => o.kind === 'order' && o.id === fired.orderId);
    expect(pushes(BOB, channels.coOrders).filter((f) => f.tick.kind === 'trigger')).toEqual([]);
  });

  it("pushes a user's simulated account and positions, marked simulated, once they have simulated money", async () => {
    const realPushes = pushes(CAROL, channels.coPositions).length;
    expect(pushes(CAROL, channels.coAccount).filter((f) => f.tick.simulated)).toEqual([]);
    expect((await clients[CAROL]?.call(receiveCoupon, {}))?.code).toBe('0');
    const coupon = (await next(CAROL, channels.coAccount, (a) => a.simulated === 1)).tick;
    expect(coupon).toMatchObject({ symbol: 'USDT', canUseAmount: '10000', simulated: 1 });
    expect((await next(CAROL, channels.coPositions, (p) => p.simulated === 1)).tick).toEqual({
      positionList: [],
      simulated: 1,
    });
    // Her real account and positions are as they were: nothing real is pushed for simulated money.
    expect(pushes(CAROL, channels.coPositions).filter((f) => !f.tick.simulated)).toHaveLength(realPushes);
    // Nobody else has simulated money, so nobody else hears of a simulated account.
    for (const userId of [ALICE, BOB])
      expect(
        [...pushes(userId, channels.coAccount), ...pushes(userId, channels.coPositions)].filter(
          (f) => f.tick.simulated,
        ),
      ).toEqual([]);
  });

  it("drops a user's private channels when their session ends", async () => {
    expect((await clients[ALICE]?.call(loginOut))?.code).toBe('0');
    const socket = sockets[ALICE] as Socket;
    const ended = [];
    for (let i = 0; i < PRIVATE.length; i++)
      ended.push((await socket.next((f) => f.event_rep === 'error' && f.msg === 'session ended')).channel);
    expect(ended.sort()).toEqual([...PRIVATE].sort());
    const seen = (received[ALICE] as Frame[]).length;
    // Bob closes against a new offer of Carol's and the mark moves: Alice's socket hears nothing of it.
    expect((await order(CAROL, { side: 'SELL', price: '20500', volume: '10' }))?.code).toBe('0');
    expect((await order(BOB, { side: 'BUY', open: 'CLOSE', type: 2, volume: '10' }))?.code).toBe('0');
    await btcAt('20500');
    await next(BOB, channels.coPositions, (p) => p.positionList.length === 0);
    await sleep(1200);
    expect((received[ALICE] as Frame[]).slice(seen).filter((f: Frame) => PRIVATE.includes(f.channel))).toEqual([]);
  });
});
