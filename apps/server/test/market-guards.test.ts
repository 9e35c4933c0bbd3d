// Over 400 lines: one server and its fixtures for every guard (least value, price band, market orders) through both doors.
import { OrderStatus, orderCreate, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { ErrorCode, errorMessages } from '@opex/contract/error-codes';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StpMode } from '../src/core/self-trade-prevention.ts';
import { executionReports } from '../src/open-api/user-events.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { type ApiKey, type Json, newApiKey, signedQuery } from './open-api-fixtures.ts';
import { fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * The market's guards and self-trade prevention on both doors, through the real server: the web app's order/create
 * and the Open API's POST /order. BTCUSDT takes orders worth at least 10 USDT, buys at most 10% above the last price
 * and sells at most 10% below it; each test first trades at 100 so the band is 90 to 110.
 */
const ALICE = 601;
const BOB = 602;
const CAROL = 603;
const BOT = 604;

describe.each(testDialects)('minimum order value, price band and self-trade prevention on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let key: ApiKey;
  const db = () => server.services.database.db;
  const core = () => server.services.core;

  /** A signed Open API request, parameters in the query string. */
  const binance = (method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string>) =>
    signedQuery(server, key, method, path, params);
  const limit = (side: 'BUY' | 'SELL', quantity: string, price: string, extra: Record<string, string> = {}) =>
    binance('POST', '/order', {
      symbol: 'BTCUSDT',
      side,
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity,
      price,
      ...extra,
    });

  const rest = async (userId: number, side: 'BUY' | 'SELL', price: string, volume = '0.1') => {
    const outcome = await core().placeOrder({
      userId,
      symbol: 'btcusdt',
      request: { side, type: 1, price, volume },
      clientOrderId: null,
    });
    if (!outcome.ok) throw new Error(`fixture order refused: ${outcome.code}`);
    return outcome.orderId;
  };
  /** Empties the book and trades 0.1 at `price`, so it is the last price. */
  const tradeAt = async (price: string) => {
    const open = await db().selectFrom('orders').select(['id', 'user_id']).where('status', 'in', [1, 3]).execute();
    for (const o of open)
      await core().cancelOrder({ userId: Number(o.user_id), orderId: Number(o.id), symbol: 'btcusdt' });
    await rest(BOB, 'SELL', price);
    await rest(CAROL, 'BUY', price);
    expect(core().lastPrice('btcusdt')).toBe(new Big(price).toFixed(2));
  };
  const snapshot = async () => ({
    balances: await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('coin').execute(),
    orders: await db().selectFrom('orders').selectAll().orderBy('id').execute(),
    trades: await db().selectFrom('trades').selectAll().orderBy('id').execute(),
  });
  /** A refusal that changes nothing. */
  const refused = async <T>(call: () => Promise<T>): Promise<T> => {
    const before = await snapshot();
    const answer = await call();
    expect(await snapshot()).toEqual(before);
    return answer;
  };
  const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db(), {
      limit_price_min: '0.01',
      limit_volume_min: '0.0001',
      market_buy_min: '1',
      market_sell_min: '0.0001',
      min_notional: '10',
      price_band_up: '10',
      price_band_down: '10',
    });
    await seedMarket(db(), {
      base: 'ETH',
      quote: 'USDT',
      min_notional: '10',
      price_band_up: '10',
      price_band_down: '10',
    });
    for (const user of [ALICE, BOB, CAROL, BOT]) {
      await fund(core(), user, 'USDT', '100000');
      await fund(core(), user, 'BTC', '100');
    }
    alice = await loginAs(server, ALICE);
    key = await newApiKey(server, BOT);
  });
  afterAll(async () => {
    expect(await tradingInvariants(db(), core())).toEqual([]);
    await server.close();
  });

  it('web: refuses an order worth less than the minimum value, naming the rule, and takes one worth exactly it', async () => {
    await tradeAt('100');
    const below = [
      { side: 'BUY', type: 1, price: '100', volume: '0.0999' },
      { side: 'SELL', type: 1, price: '100', volume: '0.0999' },
      { side: 'BUY', type: 2, volume: '9.99' },
      // A market sell is valued at the last price: 0.0999 × 100.
      { side: 'SELL', type: 2, volume: '0.0999' },
    ];
    for (const input of below) {
      const reply = await refused(() => alice.call(orderCreate, { ...input, symbol: 'btcusdt' }));
      expect(reply).toMatchObject({ code: ErrorCode.orderValueBelowMinimum, msg: errorMessages['40015'] });
    }
    expect(errorMessages['40015']).toMatch(/minimum order value/);
    const exact = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '100',
      volume: '0.1',
      symbol: 'btcusdt',
    });
    expect(exact.code).toBe('0');
  });

  it('web: refuses a buy above and a sell below the band around the last price, and takes the edges', async () => {
    await tradeAt('100');
    const above = await refused(() =>
      alice.call(orderCreate, { side: 'BUY', type: 1, price: '110.01', volume: '0.1', symbol: 'btcusdt' }),
    );
    expect(above).toMatchObject({ code: ErrorCode.buyPriceAboveBand, msg: errorMessages['40016'] });
    const below = await refused(() =>
      alice.call(orderCreate, { side: 'SELL', type: 1, price: '89.99', volume: '0.2', symbol: 'btcusdt' }),
    );
    expect(below).toMatchObject({ code: ErrorCode.sellPriceBelowBand, msg: errorMessages['40017'] });
    // The edges themselves, and the directions that only rest (a buy far below, a sell far above), are taken.
    for (const [side, price] of [
      ['BUY', '110'],
      ['SELL', '90.01'],
      ['BUY', '1'],
      ['SELL', '100000'],
    ] as const) {
      const volume = new Big(10).div(price).round(4, Big.roundUp).toFixed(4);
      expect((await alice.call(orderCreate, { side, type: 1, price, volume, symbol: 'btcusdt' })).code).toBe('0');
      await tradeAt('100');
    }
  });

  it('has no band before a market has traded', async () => {
    const reply = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '5000',
      volume: '0.01',
      symbol: 'ethusdt',
    });
    expect(reply.code).toBe('0');
    await core().cancelOrder({ userId: ALICE, orderId: reply.data.order_id, symbol: 'ethusdt' });
  });

  it('web: a market buy sweeps the book only up to the band and the rest is cancelled by the exchange', async () => {
    await tradeAt('100');
    const beyond = await rest(BOB, 'SELL', '111');
    await rest(BOB, 'SELL', '105');
    await rest(BOB, 'SELL', '110');
    const reply = await alice.call(orderCreate, { side: 'BUY', type: 2, volume: '40', symbol: 'btcusdt' });
    expect(reply.code).toBe('0');
    const row = await order(reply.data.order_id);
    // 0.1 at 105 and 0.1 at 110; the ask at 111 is past the band's edge (100 + 10%).
    expect({ status: row.status, deal_volume: row.deal_volume, deal_money: row.deal_money }).toEqual({
      status: OrderStatus.cancelled,
      deal_volume: '0.2000',
      deal_money: '21.5',
    });
    const listed = (await alice.call(orderListAll, { symbol: 'btcusdt' })).data.orderList[0];
    expect(listed).toMatchObject({ id: row.id, status: OrderStatus.cancelled, isCloseCancelOrder: 1 });
    expect((await order(beyond)).status).toBe(OrderStatus.open);
  });

  it('web: every order expires as the taker where it would trade with its own resting order', async () => {
    await tradeAt('100');
    await rest(BOB, 'SELL', '99', '0.2');
    const own = await rest(ALICE, 'SELL', '100');
    const reply = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '100',
      volume: '0.4',
      symbol: 'btcusdt',
    });
    expect(reply.code).toBe('0');
    const taker = await order(reply.data.order_id);
    // It takes Bob's ask, then stops at Alice's own: no trade with herself, her ask still rests.
    expect(taker).toMatchObject({ status: OrderStatus.cancelled, deal_volume: '0.2000', stp_mode: 'EXPIRE_TAKER' });
    expect(await db().selectFrom('trades').select('id').where('taker_order_id', '=', taker.id).execute()).toHaveLength(
      1,
    );
    expect((await order(own)).status).toBe(OrderStatus.open);
    const history = (await alice.call(orderListAll, { symbol: 'btcusdt' })).data.orderList;
    expect(history.find((o) => o.id === taker.id)).toMatchObject({
      status: OrderStatus.cancelled,
      isCloseCancelOrder: 1,
    });
    expect((await alice.call(orderListNew, { symbol: 'btcusdt' })).data.orderList.map((o) => o.id)).toContain(own);
  });

  it('Open API: refuses the minimum value and the band as Binance filter failures, at the values exchangeInfo advertises', async () => {
    await tradeAt('100');
    const info = await server.app.inject({ method: 'GET', url: '/api/v3/exchangeInfo?symbol=BTCUSDT' });
    const filters = (info.json() as Json).symbols[0].filters as Json[];
    const filter = (type: string) => filters.find((f) => f.filterType === type);
    const last = new Big(100);
    const minNotional = new Big(filter('NOTIONAL').minNotional);
    const band = filter('PERCENT_PRICE_BY_SIDE');
    expect(minNotional.toFixed()).toBe('10');
    expect(band.avgPriceMins).toBe(0);
    const buyEdge = last.times(band.bidMultiplierUp).toFixed(2);
    const sellEdge = last.times(band.askMultiplierDown).toFixed(2);
    expect([buyEdge, sellEdge]).toEqual(['110.00', '90.00']);

    const test = (side: 'BUY' | 'SELL', quantity: string, price: string) =>
      binance('POST', '/order/test', { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', quantity, price });
    const notional = { code: -1013, msg: 'Filter failure: NOTIONAL' };
    const percent = { code: -1013, msg: 'Filter failure: PERCENT_PRICE_BY_SIDE' };
    expect(await test('BUY', '0.1', '100')).toEqual({ status: 200, body: {} });
    expect(await test('BUY', '0.0999', '100')).toEqual({ status: 400, body: notional });
    expect(await test('BUY', '0.1', buyEdge)).toEqual({ status: 200, body: {} });
    expect(await test('BUY', '0.1', '110.01')).toEqual({ status: 400, body: percent });
    expect(await test('SELL', '0.2', sellEdge)).toEqual({ status: 200, body: {} });
    expect(await test('SELL', '0.2', '89.99')).toEqual({ status: 400, body: percent });

    expect(await refused(() => limit('BUY', '0.0999', '100'))).toEqual({ status: 400, body: notional });
    expect(await refused(() => limit('BUY', '0.1', '110.01'))).toEqual({ status: 400, body: percent });
    expect(await refused(() => limit('SELL', '0.2', '89.99'))).toEqual({ status: 400, body: percent });
    const market = (params: Record<string, string>) =>
      binance('POST', '/order', { symbol: 'BTCUSDT', type: 'MARKET', ...params });
    expect(await refused(() => market({ side: 'BUY', quoteOrderQty: '9.99' }))).toEqual({
      status: 400,
      body: notional,
    });
    expect(await refused(() => market({ side: 'SELL', quantity: '0.0999' }))).toEqual({ status: 400, body: notional });
  });

  it('Open API: a market order stops at the band and its rest expires', async () => {
    await tradeAt('100');
    await rest(BOB, 'SELL', '105');
    await rest(BOB, 'SELL', '111');
    const { status, body } = await binance('POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.3',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'EXPIRED', executedQty: '0.1000', cummulativeQuoteQty: '10.500000' });
    expect(body.fills.map((f: Json) => f.price)).toEqual(['105.00']);
  });

  describe("Open API self-trade prevention modes, as Binance's", () => {
    /** The bot's own ask first in line at 100, Bob's behind it; then the bot buys 0.1 at 100 with `mode`. */
    const selfCross = async (mode: StpMode | undefined) => {
      await tradeAt('100');
      const own = (await limit('SELL', '0.1', '100')).body.orderId as number;
      const bobs = await rest(BOB, 'SELL', '100');
      const reply = await limit('BUY', '0.1', '100', mode ? { selfTradePreventionMode: mode } : {});
      expect(reply.status).toBe(200);
      const ownNow = (await binance('GET', '/order', { symbol: 'BTCUSDT', orderId: String(own) })).body;
      return { taker: reply.body, own: ownNow, bobs: (await order(bobs)).status };
    };

    it('EXPIRE_TAKER (the default) expires the incoming order; the resting ones stay', async () => {
      for (const mode of [undefined, 'EXPIRE_TAKER'] as const) {
        const { taker, own, bobs } = await selfCross(mode);
        expect(taker).toMatchObject({
          status: 'EXPIRED_IN_MATCH',
          executedQty: '0.0000',
          selfTradePreventionMode: 'EXPIRE_TAKER',
        });
        expect(taker.fills).toEqual([]);
        expect(own).toMatchObject({ status: 'NEW', selfTradePreventionMode: 'EXPIRE_TAKER' });
        expect(bobs).toBe(OrderStatus.open);
      }
    });

    it('EXPIRE_MAKER expires the resting order and the incoming one goes on to trade', async () => {
      const { taker, own, bobs } = await selfCross('EXPIRE_MAKER');
      expect(taker).toMatchObject({ status: 'FILLED', executedQty: '0.1000', selfTradePreventionMode: 'EXPIRE_MAKER' });
      expect(own.status).toBe('EXPIRED_IN_MATCH');
      expect(bobs).toBe(OrderStatus.filled);
    });

    it('EXPIRE_BOTH expires both', async () => {
      const { taker, own, bobs } = await selfCross('EXPIRE_BOTH');
      expect(taker).toMatchObject({ status: 'EXPIRED_IN_MATCH', executedQty: '0.0000' });
      expect(own.status).toBe('EXPIRED_IN_MATCH');
      expect(bobs).toBe(OrderStatus.open);
    });

    it("answers Binance's prevented matches: on the orders expired, in the FULL reply, on the stream, at myPreventedMatches", async () => {
      const taken = await selfCross('EXPIRE_TAKER');
      const takerId = taken.taker.orderId as number;
      const match = {
        symbol: 'BTCUSDT',
        preventedMatchId: taken.taker.preventedMatchId,
        takerOrderId: takerId,
        makerSymbol: 'BTCUSDT',
        makerOrderId: taken.own.orderId,
        tradeGroupId: -1,
        selfTradePreventionMode: 'EXPIRE_TAKER',
        price: '100.00',
        makerPreventedQuantity: '0.1000',
        transactTime: expect.any(Number),
      };
      expect(taken.taker).toMatchObject({
        preventedMatchId: expect.any(Number),
        preventedQuantity: '0.1000',
        preventedMatches: [
          {
            preventedMatchId: match.preventedMatchId,
            makerOrderId: match.makerOrderId,
            price: '100.00',
            makerPreventedQuantity: '0.1000',
          },
        ],
      });
      // The resting order was not expired: it answers no prevented match.
      expect(taken.own).not.toHaveProperty('preventedMatchId');
      const takerNow = (await binance('GET', '/order', { symbol: 'BTCUSDT', orderId: String(takerId) })).body;
      expect(takerNow).toMatchObject({ preventedMatchId: match.preventedMatchId, preventedQuantity: '0.1000' });
      const byOrder = await binance('GET', '/myPreventedMatches', { symbol: 'BTCUSDT', orderId: String(takerId) });
      expect(byOrder.body).toEqual([match]);
      const byId = { symbol: 'BTCUSDT', preventedMatchId: String(match.preventedMatchId) };
      expect((await binance('GET', '/myPreventedMatches', byId)).body).toEqual([match]);
      const row = await order(takerId);
      const spec = core().market('btcusdt')!;
      expect(executionReports(row, [], spec, 0, match.preventedMatchId).at(-1)).toMatchObject({
        x: 'TRADE_PREVENTION',
        X: 'EXPIRED_IN_MATCH',
        v: match.preventedMatchId,
        A: '0.1000',
      });

      // EXPIRE_MAKER: the resting order answers it; EXPIRE_BOTH: one match both orders answer.
      const made = await selfCross('EXPIRE_MAKER');
      expect(made.own).toMatchObject({ preventedMatchId: expect.any(Number), preventedQuantity: '0.1000' });
      // The taker went on to trade, and its FULL reply lists the match it stopped.
      expect(made.taker).not.toHaveProperty('preventedMatchId');
      expect(made.taker.preventedMatches).toEqual([
        {
          preventedMatchId: made.own.preventedMatchId,
          makerOrderId: made.own.orderId,
          price: '100.00',
          makerPreventedQuantity: '0.1000',
        },
      ]);
      const all = (await binance('GET', '/allOrders', { symbol: 'BTCUSDT' })).body as Json[];
      expect(all.find((o) => o.orderId === made.own.orderId)).toMatchObject({
        preventedMatchId: made.own.preventedMatchId,
      });
      const both = await selfCross('EXPIRE_BOTH');
      expect(both.own.preventedMatchId).toBe(both.taker.preventedMatchId);
      const bothMatches = await binance('GET', '/myPreventedMatches', {
        symbol: 'BTCUSDT',
        orderId: String(both.own.orderId),
      });
      expect(bothMatches.body).toMatchObject([
        { preventedMatchId: both.taker.preventedMatchId, selfTradePreventionMode: 'EXPIRE_BOTH' },
      ]);
      expect((await binance('GET', '/myPreventedMatches', { symbol: 'BTCUSDT' })).body).toEqual({
        code: -1102,
        msg: "Param 'preventedMatchId' or 'orderId' must be sent, but both were empty/null!",
      });
    });

    it('NONE lets the two trade', async () => {
      const { taker, own, bobs } = await selfCross('NONE');
      expect(taker).toMatchObject({ status: 'FILLED', executedQty: '0.1000', selfTradePreventionMode: 'NONE' });
      expect(own.status).toBe('FILLED');
      expect(bobs).toBe(OrderStatus.open);
    });

    it('locks what a market buy by quantity costs past its own asks under EXPIRE_MAKER', async () => {
      await tradeAt('100');
      await limit('SELL', '0.1', '100');
      await rest(BOB, 'SELL', '105');
      const { status, body } = await binance('POST', '/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'MARKET',
        quantity: '0.1',
        selfTradePreventionMode: 'EXPIRE_MAKER',
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'FILLED', cummulativeQuoteQty: '10.500000' });
    });

    it('refuses an unknown mode', async () => {
      const reply = await refused(() => limit('BUY', '0.1', '100', { selfTradePreventionMode: 'DECREMENT' }));
      expect(reply).toEqual({
        status: 400,
        body: { code: -1130, msg: "Invalid data sent for a parameter: 'selfTradePreventionMode'." },
      });
    });
  });
});
