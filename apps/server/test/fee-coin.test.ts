import { orderCreate } from '@opex/contract/calls/order';
import { updateFeeCoinOpen } from '@opex/contract/calls/security';
import { tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import Big from 'big.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoreState } from '../src/core/core-state.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * Trading fees in the platform coin (user/update_fee_coin_open) over HTTP: the operator's `fee_coin` OPX at
 * `fee_coin_discount` 0.75, converted at the last OPX/USDT price and rounded up to OPX's 4 decimals.
 */
describe.each(testDialects)('fees in the platform coin on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.services.database.db;
  const core = () => server.services.core;
  const ALICE = 201; // pays fees in OPX
  const BOB = 202; // does not
  const CAROL = 203; // makes the OPX market
  const ERIN = 205; // pays in OPX but holds too little
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let erin: TestClient;
  const systemFee = (coin: string) => balanceOf(db(), 0, coin, 'fee');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db());
    await seedMarket(db(), { base: 'OPX', quote: 'USDT', price_precision: 4, volume_precision: 2 });
    await db()
      .insertInto('coins')
      .values(
        [
          ['BTC', 8],
          ['USDT', 8],
          ['OPX', 4],
        ].map(([symbol, scale], i) => ({
          symbol: symbol as string,
          name: symbol as string,
          icon: '',
          sort: i + 1,
          show_precision: 8,
          scale: scale as number,
          is_fiat: 0,
          main_chain_type: '',
          deposit_open: 1,
          withdraw_open: 1,
          otc_open: 0,
          fiat_precision: '{}',
          introduction: '{}',
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    await server.services.settings.set('fee_coin', 'OPX');
    await server.services.settings.set('fee_coin_discount', '0.75');
    await fund(core(), ALICE, 'BTC', '1');
    await fund(core(), ALICE, 'OPX', '100');
    await fund(core(), BOB, 'USDT', '100000');
    await fund(core(), BOB, 'BTC', '1');
    await fund(core(), CAROL, 'OPX', '10000');
    await fund(core(), CAROL, 'USDT', '1000');
    await fund(core(), ERIN, 'BTC', '1');
    await fund(core(), ERIN, 'OPX', '1');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
    carol = await loginAs(server, CAROL);
    erin = await loginAs(server, ERIN);
    // The core reads the operator's settings with the markets, at most every 2 s.
    server.clock.advance(2_001);
    expect((await alice.call(updateFeeCoinOpen, { feeCoinOpen: 1 })).code).toBe('0');
    expect((await erin.call(updateFeeCoinOpen, { feeCoinOpen: '1' })).code).toBe('0');
  });
  afterEach(async () => expect(await tradingInvariants(db(), core())).toEqual([]));
  afterAll(() => server.close());

  const place = async (client: TestClient, input: Record<string, unknown>) => {
    const r = await client.call(orderCreate, { type: 1, ...input });
    expect(r.code, JSON.stringify(input)).toBe('0');
    return r.data.order_id;
  };

  it('without an OPX price the usual fee is charged', async () => {
    await place(bob, { side: 'BUY', price: '20000', volume: '0.01', symbol: 'btcusdt' });
    await place(alice, { side: 'SELL', price: '20000', volume: '0.01', symbol: 'btcusdt' });
    // 200 USDT × 0.002 taker fee.
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '199.6', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'OPX')).toEqual({ available: '100', locked: '0' });
  });

  it('charges a taker sell fee in OPX at the last price, discounted and rounded up', async () => {
    // OPX/USDT last price 0.3700: Bob buys 10 OPX from Carol.
    await place(carol, { side: 'SELL', price: '0.37', volume: '1000', symbol: 'opxusdt' });
    await place(bob, { side: 'BUY', price: '0.37', volume: '10', symbol: 'opxusdt' });
    expect(core().lastPrice('opxusdt')).toBe('0.3700');

    const feeBefore = await systemFee('OPX');
    await place(bob, { side: 'BUY', price: '20000', volume: '0.2', symbol: 'btcusdt' });
    const sell = await place(alice, { side: 'SELL', price: '20000', volume: '0.2', symbol: 'btcusdt' });
    // 4000 USDT × 0.002 = 8 USDT; × 0.75 ÷ 0.37 = 16.216216… OPX, rounded up to 4 decimals: 16.2163.
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '4199.6', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'OPX')).toEqual({ available: '83.7837', locked: '0' });
    expect((await systemFee('OPX')).available).toBe(new Big(feeBefore.available).plus('16.2163').toFixed());

    const trade = await db()
      .selectFrom('trades')
      .selectAll()
      .where('taker_order_id', '=', sell)
      .executeTakeFirstOrThrow();
    expect(trade).toMatchObject({
      seller_fee: '16.2163',
      seller_fee_coin: 'OPX',
      buyer_fee: '0.0002',
      buyer_fee_coin: 'BTC',
    });
    const order = await db().selectFrom('orders').selectAll().where('id', '=', sell).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ fee: '0', fee_coin: 'USDT', platform_fee: '16.2163', platform_fee_coin: 'OPX' });
    const fills = await alice.call(tradeListByOrder, { order_id: sell, pageSize: 10 });
    expect(fills.data.tradeList).toEqual([expect.objectContaining({ fee: '16.2163', feeCoin: 'OPX' })]);
    const mine = await alice.call(tradeList, { page: 1, pageSize: 10, symbol: 'btcusdt' });
    expect(mine.data.tradeList[0]).toMatchObject({ fee: '16.2163', feeCoin: 'OPX' });
    // Bob's side is unchanged: his fee in BTC, as usual.
    const bobs = await bob.call(tradeList, { page: 1, pageSize: 10, symbol: 'btcusdt' });
    expect(bobs.data.tradeList[0]).toMatchObject({ fee: '0.0002', feeCoin: 'BTC' });
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['owner_id', 'account', 'coin', 'delta'])
      .where('cause', '=', 'fee')
      .where('cause_id', '=', `trade:${trade.id}`)
      .orderBy('id')
      .execute();
    expect(ledger.map((e) => [Number(e.owner_id), e.account, e.coin, e.delta])).toEqual([
      [BOB, 'exchange', 'BTC', '-0.0002'],
      [0, 'fee', 'BTC', '0.0002'],
      [ALICE, 'exchange', 'OPX', '-16.2163'],
      [0, 'fee', 'OPX', '16.2163'],
    ]);
  });

  it('charges a fee already in OPX discounted, and a fee in a coin OPX has no price in as usual', async () => {
    // Buying OPX: the fee is in OPX itself, 10 × 0.002 = 0.02, × 0.75 = 0.015.
    await place(alice, { side: 'BUY', price: '0.37', volume: '10', symbol: 'opxusdt' });
    expect(await balanceOf(db(), ALICE, 'OPX')).toEqual({ available: '93.7687', locked: '0' });
    // Buying BTC: the fee is in BTC and no OPX/BTC market prices it.
    await place(bob, { side: 'SELL', price: '20000', volume: '0.1', symbol: 'btcusdt' });
    await place(alice, { side: 'BUY', price: '20000', volume: '0.1', symbol: 'btcusdt' });
    expect(await balanceOf(db(), ALICE, 'BTC')).toEqual({ available: '0.8898', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'OPX')).toEqual({ available: '93.7687', locked: '0' });
  });

  it('falls back to the usual fee when the OPX available does not cover it, or the switch is off', async () => {
    await place(bob, { side: 'BUY', price: '20000', volume: '0.2', symbol: 'btcusdt' });
    // Erin's 4 USDT fee would be 8.1082 OPX; she holds 1.
    await place(erin, { side: 'SELL', price: '20000', volume: '0.1', symbol: 'btcusdt' });
    expect(await balanceOf(db(), ERIN, 'USDT')).toEqual({ available: '1996', locked: '0' });
    expect(await balanceOf(db(), ERIN, 'OPX')).toEqual({ available: '1', locked: '0' });

    expect((await alice.call(updateFeeCoinOpen, { feeCoinOpen: 0 })).code).toBe('0');
    await place(alice, { side: 'SELL', price: '20000', volume: '0.1', symbol: 'btcusdt' });
    // 4199.6 - 3.7 for the OPX - 2000 for the BTC + 2000 - 4 (the usual fee, in USDT).
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '4191.9', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'OPX')).toEqual({ available: '93.7687', locked: '0' });
  });

  it('keeps the switches in the core and rebuilds them from the database on start', async () => {
    expect((await alice.call(updateFeeCoinOpen, { feeCoinOpen: 1 })).code).toBe('0');
    const rebuilt = await CoreState.load(db());
    expect([...rebuilt.feeCoinUsers].sort()).toEqual([ALICE, ERIN]);
    expect(rebuilt.feeCoin).toMatchObject({ coin: 'OPX', scale: 4 });
    expect(rebuilt.feeCoin?.discount.toFixed()).toBe('0.75');
    // The operator turns the platform coin off: fees are the usual ones again after the next settings read.
    await server.services.settings.set('fee_coin', '');
    server.clock.advance(2_001);
    await place(bob, { side: 'BUY', price: '20000', volume: '0.1', symbol: 'btcusdt' });
    await place(alice, { side: 'SELL', price: '20000', volume: '0.1', symbol: 'btcusdt' });
    expect(await balanceOf(db(), ALICE, 'OPX')).toEqual({ available: '93.7687', locked: '0' });
  });
});
