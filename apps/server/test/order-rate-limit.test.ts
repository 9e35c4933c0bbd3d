import { orderCancel, orderCreate } from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { openApiBuyer } from './open-api-fixtures.ts';
import { balanceOf, fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/** Order entry's token bucket per user (ORDER_RATE_PER_S, ORDER_RATE_BURST) over HTTP. */
describe.each(testDialects)('order-entry rate limit on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const db = () => server.services.database.db;
  const ALICE = 301;
  const BOB = 302;
  const buy = { side: 'BUY', type: 1, price: '100', volume: '1', symbol: 'btcusdt' } as const;
  const ordersOf = async (userId: number) =>
    (await db().selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ORDER_RATE_PER_S: '2', ORDER_RATE_BURST: '3', OPEN_API_SECRET_KEY: 'cd'.repeat(32) },
    });
    await seedMarket(db());
    await fund(server.services.core, ALICE, 'USDT', '10000');
    await fund(server.services.core, BOB, 'USDT', '10000');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
  });
  afterEach(async () => expect(await tradingInvariants(db(), server.services.core)).toEqual([]));
  afterAll(() => server.close());

  it('allows a burst, then refuses create and cancel with a clear code and changes nothing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await alice.call(orderCreate, buy);
      expect(r.code).toBe('0');
      ids.push(r.data.order_id);
    }
    const before = await balanceOf(db(), ALICE, 'USDT');
    const refused = await alice.call(orderCreate, buy);
    expect(refused).toMatchObject({
      code: ErrorCode.orderRateLimited,
      msg: 'Too many orders in a short time. Please slow down and try again.',
      status: 200,
    });
    const cancelRefused = await alice.call(orderCancel, { orderId: ids[0] as number, symbol: 'btcusdt' });
    expect(cancelRefused.code).toBe(ErrorCode.orderRateLimited);
    expect(await ordersOf(ALICE)).toBe(3);
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual(before);
    expect(before).toEqual({ available: '9700', locked: '300' });

    // Another user has a bucket of their own.
    expect((await bob.call(orderCreate, buy)).code).toBe('0');

    // 2 tokens a second: after 500 ms one call passes, the next is refused again.
    server.clock.advance(500);
    const cancelled = await alice.call(orderCancel, { orderId: ids[0] as number, symbol: 'btcusdt' });
    expect(cancelled.code).toBe('0');
    expect((await alice.call(orderCreate, buy)).code).toBe(ErrorCode.orderRateLimited);
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '9800', locked: '200' });

    // A long pause refills the bucket only up to the burst.
    server.clock.advance(60_000);
    for (let i = 0; i < 3; i++) expect((await alice.call(orderCreate, buy)).code).toBe('0');
    expect((await alice.call(orderCreate, buy)).code).toBe(ErrorCode.orderRateLimited);
    expect(await ordersOf(ALICE)).toBe(6);
  });

  it('is one budget for the web calls and the Open API, which refuses as Binance does (-1015, HTTP 429)', async () => {
    server.clock.advance(60_000);
    const place = await openApiBuyer(server, BOB);
    const apiOrder = () => place('100', '1');
    expect((await bob.call(orderCreate, buy)).code).toBe('0');
    expect((await apiOrder()).status).toBe(200);
    expect((await bob.call(orderCreate, buy)).code).toBe('0');
    const before = await ordersOf(BOB);
    expect(await apiOrder()).toEqual({
      status: 429,
      body: { code: -1015, msg: 'Too many new orders; current limit is 2 orders per SECOND.' },
    });
    expect((await bob.call(orderCreate, buy)).code).toBe(ErrorCode.orderRateLimited);
    expect(await ordersOf(BOB)).toBe(before);
  });
});
