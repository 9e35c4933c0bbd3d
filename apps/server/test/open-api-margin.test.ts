import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAnchor } from '../src/catalog/price-anchors.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { type Json, type ApiKey as Key, newApiKey, signedQuery } from './open-api-fixtures.ts';
import { fund, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * Binance's isolated margin endpoints through the real server on both databases: bad input is refused with Binance's
 * code and a message naming the parameter and rule, and changes nothing; each user reads and touches only their own
 * margin account (and spot calls never a margin order); trades, interest and the limits read back per account.
 * CCXT's view of the same endpoints is open-api-margin-ccxt.test.ts.
 */
const ALICE = 701;
const BOB = 702;
const DAY = 86_400_000;

describe.each(testDialects)('Open API isolated margin on %s', (dialect) => {
  let server: TestServer;
  let alice: Key;
  let bob: Key;
  const db = () => server.services.database.db;
  const sapi = (key: Key, method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string> = {}) =>
    signedQuery(server, key, method, path, params, '/sapi/v1');
  const margin = { symbol: 'BTCUSDT', isIsolated: 'TRUE' };
  /** Everything a refused request could have changed. */
  const footprint = async () => {
    const count = async (table: 'ledger_entries' | 'orders' | 'margin_loans' | 'margin_repayments') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return Promise.all([count('ledger_entries'), count('orders'), count('margin_loans'), count('margin_repayments')]);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { OPEN_API_SECRET_KEY: '34'.repeat(32) } });
    await seedMarket(db(), { is_open_lever: 1, multiple: 3 });
    await seedMarket(db(), { base: 'ETH', quote: 'USDT', sort: 2 });
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1' }, 0);
    const { core, prices } = server.services;
    await core.reloadMarkets();
    await fund(core, ALICE, 'USDT', '1000');
    await fund(core, BOB, 'BTC', '10');
    await fund(core, BOB, 'USDT', '100000');
    alice = await newApiKey(server, ALICE);
    bob = await newApiKey(server, BOB);
    // Bob quotes on spot: the mid, 65000, is BTC's index price.
    for (const [side, price] of [
      ['BUY', '64000'],
      ['SELL', '66000'],
    ] as const) {
      const placed = await core.placeOrder({
        userId: BOB,
        symbol: 'btcusdt',
        request: { side, type: 1, price, volume: '1', timeInForce: 'GTC' },
        clientOrderId: null,
      });
      expect(placed.ok).toBe(true);
    }
    await prices.current();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('refuses bad input with the parameter and rule named, and changes nothing', async () => {
    const before = await footprint();
    const borrow = { ...margin, asset: 'USDT', amount: '100', type: 'BORROW' };
    const refusals: [string, 'GET' | 'POST' | 'DELETE', Record<string, string>, number, RegExp][] = [
      ['/margin/borrow-repay', 'POST', { ...borrow, isIsolated: 'FALSE' }, -3003, /isIsolated=TRUE/],
      ['/margin/borrow-repay', 'POST', { ...borrow, isIsolated: 'yes' }, -1100, /'isIsolated'/],
      ['/margin/borrow-repay', 'POST', { ...borrow, symbol: 'ETHUSDT' }, -3028, /margin pair/],
      ['/margin/borrow-repay', 'POST', { ...borrow, asset: 'ETH' }, -3027, /margin asset/],
      ['/margin/borrow-repay', 'POST', { ...borrow, amount: '1e3' }, -1100, /'amount'/],
      ['/margin/borrow-repay', 'POST', { ...borrow, amount: '0' }, -1100, /'amount'/],
      ['/margin/borrow-repay', 'POST', { ...borrow, type: 'LEND' }, -1130, /'type'/],
      ['/margin/borrow-repay', 'POST', { ...borrow, amount: '0.0000000000001' }, -1111, /Precision/],
      ['/margin/borrow-repay', 'POST', { ...borrow, amount: '5000' }, -3006, /maximum borrow/],
      ['/margin/borrow-repay', 'POST', { ...borrow, type: 'REPAY' }, -3015, /exceeds borrow/],
      ['/margin/borrow-repay', 'POST', { ...borrow, extra: '1' }, -1104, /parameters were read|read '/],
      ['/asset/transfer', 'POST', { type: 'MAIN_MARGIN', asset: 'USDT', amount: '1' }, -1130, /'type'/],
      [
        '/asset/transfer',
        'POST',
        { type: 'MAIN_ISOLATED_MARGIN', toSymbol: 'BTCUSDT', asset: 'USDT', amount: '5000' },
        -3041,
        /not enough/,
      ],
      [
        '/asset/transfer',
        'POST',
        { type: 'ISOLATED_MARGIN_MAIN', fromSymbol: 'BTCUSDT', asset: 'USDT', amount: '1' },
        -3041,
        /not enough/,
      ],
      [
        '/margin/order',
        'POST',
        {
          ...margin,
          side: 'BUY',
          type: 'LIMIT',
          timeInForce: 'GTC',
          quantity: '0.01',
          price: '60000',
          sideEffectType: 'BORROW',
        },
        -1130,
        /'sideEffectType'/,
      ],
      [
        '/margin/order',
        'POST',
        { ...margin, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '60000' },
        -2010,
        /insufficient balance/,
      ],
      ['/margin/openOrders', 'GET', { isIsolated: 'TRUE' }, -1102, /'symbol'/],
      ['/margin/maxBorrowable', 'GET', { asset: 'USDT' }, -1102, /'isolatedSymbol'/],
    ];
    for (const [path, method, params, code, msg] of refusals) {
      const { status, body } = await sapi(alice, method, path, params);
      expect([path, params, status, body.code]).toEqual([path, params, 400, code]);
      expect(body.msg).toMatch(msg);
    }
    expect(await footprint()).toEqual(before);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });

  it('keeps each user to their own margin account, and spot calls off margin orders', async () => {
    const moved = await sapi(alice, 'POST', '/asset/transfer', {
      type: 'MAIN_ISOLATED_MARGIN',
      toSymbol: 'BTCUSDT',
      asset: 'USDT',
      amount: '500',
    });
    expect(moved.body.tranId).toBeGreaterThan(0);
    const order = await sapi(alice, 'POST', '/margin/order', {
      ...margin,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '60000',
    });
    expect(order.body).toMatchObject({ status: 'NEW', isIsolated: true });
    const orderId = String(order.body.orderId);

    // A client order id names one order of Alice's: reused on the other account it places nothing.
    const spot = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '50000',
    };
    const first = await signedQuery(server, alice, 'POST', '/order', { ...spot, newClientOrderId: 'once-1' });
    expect(first.body.status).toBe('NEW');
    const before = await footprint();
    const again = await sapi(alice, 'POST', '/margin/order', { ...margin, ...spot, newClientOrderId: 'once-1' });
    expect([again.status, again.body.code, again.body.msg]).toEqual([
      400,
      -2010,
      'Duplicate order sent: newClientOrderId names an order of another account.',
    ]);
    expect(await footprint()).toEqual(before);
    await signedQuery(server, alice, 'DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'once-1' });

    // Bob finds none of it; nor do Alice's spot calls.
    expect((await sapi(bob, 'GET', '/margin/order', { ...margin, orderId })).body.code).toBe(-2013);
    expect((await sapi(bob, 'DELETE', '/margin/order', { ...margin, orderId })).body.code).toBe(-2011);
    expect((await sapi(bob, 'GET', '/margin/openOrders', margin)).body).toEqual([]);
    expect((await signedQuery(server, alice, 'GET', '/order', { symbol: 'BTCUSDT', orderId })).body.code).toBe(-2013);
    expect((await signedQuery(server, alice, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId })).body.code).toBe(
      -2011,
    );
    const bobs = (await sapi(bob, 'GET', '/margin/isolated/account', { symbols: 'BTCUSDT' })).body;
    expect(bobs.assets[0]).toMatchObject({
      isolatedCreated: false,
      quoteAsset: { free: '0.00000000', borrowed: '0.00000000' },
    });
    expect((await sapi(alice, 'GET', '/margin/openOrders', margin)).body.map((o: Json) => o.orderId)).toEqual([
      Number(orderId),
    ]);
    expect((await sapi(alice, 'DELETE', '/margin/openOrders', margin)).body).toMatchObject([
      { orderId: Number(orderId), status: 'CANCELED', isIsolated: true },
    ]);

    // A short sold into Bob's spot bid: one trade, Alice's margin side and Bob's spot side, each on its own list.
    const short = await sapi(alice, 'POST', '/margin/order', {
      ...margin,
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.001',
      sideEffectType: 'MARGIN_BUY',
    });
    expect(short.body).toMatchObject({ status: 'FILLED', executedQty: '0.0010', isIsolated: true });
    const mine = (await sapi(alice, 'GET', '/margin/myTrades', margin)).body;
    expect(mine).toMatchObject([{ isBuyer: false, price: '64000.00', qty: '0.0010', isIsolated: true }]);
    expect((await signedQuery(server, alice, 'GET', '/myTrades', { symbol: 'BTCUSDT' })).body).toEqual([]);
    const bobsTrades = (await signedQuery(server, bob, 'GET', '/myTrades', { symbol: 'BTCUSDT' })).body;
    expect(bobsTrades).toMatchObject([{ id: mine[0].id, isBuyer: true }]);
    expect((await sapi(bob, 'GET', '/margin/myTrades', margin)).body).toEqual([]);

    // Alice's spot buy takes her own margin sell (self-trade prevention off): each account lists its own side only.
    const ask = await sapi(alice, 'POST', '/margin/order', {
      ...margin,
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '65000',
      sideEffectType: 'MARGIN_BUY',
    });
    expect(ask.body.status).toBe('NEW');
    const take = await signedQuery(server, alice, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '65000',
      selfTradePreventionMode: 'NONE',
    });
    expect(take.body.status).toBe('FILLED');
    const spotSide = (await signedQuery(server, alice, 'GET', '/myTrades', { symbol: 'BTCUSDT' })).body;
    expect(spotSide).toMatchObject([{ orderId: take.body.orderId, isBuyer: true, price: '65000.00' }]);
    const marginSides = (await sapi(alice, 'GET', '/margin/myTrades', margin)).body;
    expect(marginSides.map((t: Json) => [t.orderId, t.isBuyer])).toEqual([
      [short.body.orderId, false],
      [ask.body.orderId, false],
    ]);

    // A day's interest on the BTC loan, posted, is in Alice's history only.
    server.clock.advance(DAY);
    await server.services.core.execute('marginInterest', {});
    const history = (await sapi(alice, 'GET', '/margin/interestHistory', { isolatedSymbol: 'BTCUSDT' })).body;
    expect(history.total).toBeGreaterThanOrEqual(1);
    expect(history.rows[0]).toMatchObject({ isolatedSymbol: 'BTCUSDT', asset: 'BTC', type: 'PERIODIC' });
    expect((await sapi(bob, 'GET', '/margin/interestHistory')).body).toEqual({ rows: [], total: 0 });

    // What may still be borrowed and moved out, as the isolated account's risk has it.
    const borrowable = (await sapi(alice, 'GET', '/margin/maxBorrowable', { asset: 'USDT', isolatedSymbol: 'BTCUSDT' }))
      .body;
    const movable = (await sapi(alice, 'GET', '/margin/maxTransferable', { asset: 'USDT', isolatedSymbol: 'BTCUSDT' }))
      .body;
    expect(new Big(borrowable.amount).gt(0)).toBe(true);
    // Assets about 564 USDT against a debt worth about 64: what keeps the risk at the 200% transfer line stays.
    expect(new Big(movable.amount).gt(0) && new Big(movable.amount).lt(564)).toBe(true);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });
});
