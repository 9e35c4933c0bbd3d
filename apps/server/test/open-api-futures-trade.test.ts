import { coOrderCreate } from '@opex/contract/calls/co-order';
import { coAssetsList } from '@opex/contract/calls/co-position';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFuturesApiServer } from './futures-api-fixtures.ts';
import type { TestClient, TestServer } from './harness.ts';
import { testDialects } from './harness.ts';
import { type Exchange, futuresAt, newApiKey, signedQuery } from './open-api-fixtures.ts';
import { tradingInvariants } from './trading-fixtures.ts';

/**
 * The futures Open API's signed half through CCXT's binanceusdm, every URL at the test server and CCXT's clock on
 * the server's: position mode, margin type, leverage, balance, limit, market, post-only (and its -5022), reduce-only,
 * stop-market, take-profit-market and trailing orders (algo orders), open orders of both kinds, cancels of both,
 * positions, fills and funding history; balances checked against figures worked out by hand, the ledger conserved.
 * Bob trades on the web (co calls) as the other side, so a bot's orders meet the web app's in one book.
 */
const [ALICE, BOB] = [621, 622];
const SYMBOL = 'BTC/USDT:USDT';

describe.each(testDialects)('futures Open API trading on %s', (dialect) => {
  let server: TestServer;
  let usdm: Exchange;
  let alice: TestClient;
  let bob: TestClient;
  let contractId: number;
  const webOrder = (fields: Record<string, unknown>) =>
    bob.call(coOrderCreate, { contractId, side: 'SELL', open: 'OPEN', type: 1, volume: '1', ...fields });
  const invariants = async () =>
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);

  beforeAll(async () => {
    const started = await startFuturesApiServer(dialect, [ALICE, BOB]);
    ({ server, contractId } = started);
    alice = started.clients[0] as TestClient;
    bob = started.clients[1] as TestClient;
    usdm = futuresAt(started.base, 'binanceusdm', { key: await newApiKey(server, ALICE), server });
    await usdm.loadMarkets();
  }, 30_000);
  afterAll(() => server.close());

  it('sets the position mode, margin type and leverage, refusing a change to the same with Binance codes', async () => {
    await usdm.setPositionMode(true);
    expect(await usdm.fetchPositionMode(SYMBOL)).toMatchObject({ hedged: true });
    await usdm.setPositionMode(false);
    await expect(usdm.setPositionMode(false)).rejects.toThrow('No need to change position side.');
    await usdm.setMarginMode('isolated', SYMBOL);
    await expect(usdm.setMarginMode('isolated', SYMBOL)).rejects.toThrow('No need to change margin type.');
    await usdm.setMarginMode('cross', SYMBOL);
    expect(await usdm.setLeverage(10, SYMBOL)).toMatchObject({ leverage: 10, symbol: 'BTCUSDT' });
  });

  it('shows the futures balance and trades limit, market, post-only and reduce-only orders', async () => {
    const balance = await usdm.fetchBalance();
    expect(balance.USDT).toMatchObject({ free: 1000, used: 0, total: 1000 });

    // Bob asks 10 contracts (0.01 BTC) at 20000; Alice buys them at market: 200 USDT, 20 margin at 10x, 0.1 fee.
    expect((await webOrder({ price: '20000', volume: '10' })).code).toBe('0');
    const market = await usdm.createOrder(SYMBOL, 'market', 'buy', 0.01);
    expect(market).toMatchObject({ status: 'closed', filled: 0.01, average: 20000 });
    expect((await usdm.fetchBalance()).USDT.free).toBeCloseTo(1000 - 20 - 0.1, 8);
    // The leverage changes while holding, as on Binance: at 5x the position holds 200 / 5 = 40, then 20 again.
    expect(await usdm.setLeverage(5, SYMBOL)).toMatchObject({ leverage: 5 });
    expect((await usdm.fetchBalance()).USDT.free).toBeCloseTo(1000 - 40 - 0.1, 8);
    expect(await usdm.setLeverage(10, SYMBOL)).toMatchObject({ leverage: 10 });
    expect((await usdm.fetchBalance()).USDT.free).toBeCloseTo(1000 - 20 - 0.1, 8);

    // A post-only buy at Bob's ask would take: refused with -5022, nothing changes.
    expect((await webOrder({ price: '20100', volume: '5' })).code).toBe('0');
    await expect(usdm.createOrder(SYMBOL, 'limit', 'buy', 0.005, 20100, { postOnly: true })).rejects.toThrow(
      'Post Only order will be rejected',
    );
    const resting = await usdm.createOrder(SYMBOL, 'limit', 'buy', 0.005, 19000);
    expect(resting).toMatchObject({ status: 'open', price: 19000, amount: 0.005 });

    const [position] = await usdm.fetchPositions([SYMBOL]);
    expect(position).toMatchObject({ symbol: SYMBOL, side: 'long', contracts: 0.01, entryPrice: 20000 });
    // The bot's position is the one the trader's /proSwap page lists (position/get_assets_list): 10 contracts.
    const web = (await alice.call(coAssetsList, {})).data?.positionList;
    expect(web).toEqual([expect.objectContaining({ contractId, orderSide: 'BUY', positionVolume: '10' })]);

    // Conditional orders (CCXT sends them to /fapi/v1/algoOrder): a stop-market and a take-profit closing the long,
    // and a trailing stop.
    const stop = await usdm.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, {
      stopLossPrice: 19000,
      reduceOnly: true,
    });
    const takeProfit = await usdm.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, {
      takeProfitPrice: 21000,
      reduceOnly: true,
    });
    const trailing = await usdm.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, {
      trailingPercent: 1,
      reduceOnly: true,
    });
    expect(stop).toMatchObject({ status: 'open', triggerPrice: 19000, reduceOnly: true });
    expect(takeProfit).toMatchObject({ status: 'open', triggerPrice: 21000 });
    expect(trailing.id).toBeDefined();

    expect((await usdm.fetchOpenOrders(SYMBOL)).map((o: Exchange) => o.id)).toEqual([resting.id]);
    const triggers = await usdm.fetchOpenOrders(SYMBOL, undefined, undefined, { trigger: true });
    expect(triggers.map((o: Exchange) => o.id).sort()).toEqual([stop.id, takeProfit.id, trailing.id].sort());
    expect(triggers.find((o: Exchange) => o.id === trailing.id).info).toMatchObject({
      orderType: 'TRAILING_STOP_MARKET',
      callbackRate: '1.00',
    });

    await usdm.cancelOrder(stop.id, SYMBOL, { trigger: true });
    await usdm.cancelOrder(resting.id, SYMBOL);
    expect(await usdm.fetchOpenOrders(SYMBOL)).toEqual([]);
    expect(
      (await usdm.fetchOpenOrders(SYMBOL, undefined, undefined, { trigger: true })).map((o: Exchange) => o.id).sort(),
    ).toEqual([takeProfit.id, trailing.id].sort());

    // Bob bids 10 at 19900; Alice closes reduce-only at market: -1 PnL, 0.0995 fee.
    expect((await webOrder({ side: 'BUY', price: '19900', volume: '10' })).code).toBe('0');
    await expect(usdm.createOrder(SYMBOL, 'market', 'sell', 0.02, undefined, { reduceOnly: true })).rejects.toThrow(
      'ReduceOnly Order is rejected.',
    );
    const close = await usdm.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, { reduceOnly: true });
    expect(close).toMatchObject({ status: 'closed', filled: 0.01, average: 19900, reduceOnly: true });
    expect(await usdm.fetchPositions([SYMBOL])).toEqual([]);
    await usdm.cancelAllOrders(SYMBOL, { trigger: true }).catch(() => undefined);
    const after = await usdm.fetchBalance();
    expect(after.USDT.free).toBeCloseTo(1000 - 0.1 - 1 - 0.0995, 8);

    const trades = await usdm.fetchMyTrades(SYMBOL);
    expect(trades.map((t: Exchange) => [t.side, t.price, t.amount, t.fee.cost])).toEqual([
      ['buy', 20000, 0.01, 0.1],
      ['sell', 19900, 0.01, 0.0995],
    ]);
    expect(trades[1].info.realizedPnl).toBe('-1.00000000');
    expect(await usdm.fetchFundingHistory(SYMBOL)).toEqual([]);
    await invariants();
  });

  it('answers Binance refusals to raw signed requests a bot sends (Hummingbot paths)', async () => {
    const key = await newApiKey(server, ALICE);
    const raw = (method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string>) =>
      signedQuery(server, key, method, path, params, '/fapi');
    expect((await raw('POST', '/v1/leverage', { symbol: 'BTCUSDT', leverage: '126' })).body).toEqual({
      code: -4028,
      msg: 'Leverage 126 is not valid',
    });
    const hedgeOrder = await raw('POST', '/v1/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '19000',
      positionSide: 'LONG',
    });
    expect(hedgeOrder).toMatchObject({
      status: 400,
      body: { code: -4061, msg: "Order's position side does not match user's setting." },
    });
    const fok = await raw('POST', '/v1/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'FOK',
      quantity: '0.001',
      price: '19000',
    });
    expect(fok.body.code).toBe(-5021);
    const wouldTrigger = await raw('POST', '/v1/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'STOP_MARKET',
      quantity: '0.001',
      stopPrice: '25000',
    });
    expect(wouldTrigger.body).toEqual({ code: -2021, msg: 'Order would immediately trigger.' });
    const stop = await raw('POST', '/v1/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'STOP_MARKET',
      quantity: '0.001',
      stopPrice: '15000',
    });
    expect(stop.body).toMatchObject({ type: 'STOP_MARKET', status: 'NEW', stopPrice: '15000.0', origQty: '0.001' });
    const cancelled = await raw('DELETE', '/v1/order', { symbol: 'BTCUSDT', orderId: String(stop.body.orderId) });
    expect(cancelled.body).toMatchObject({ status: 'CANCELED', orderId: stop.body.orderId });
    const account = await raw('GET', '/v2/account', {});
    expect(account.body.assets[0]).toMatchObject({ asset: 'USDT', walletBalance: '998.80050000' });
    expect((await raw('GET', '/v2/positionRisk', {})).body).toEqual([]);

    // Every order type Hummingbot sends on /fapi/v1/order: the resting and conditional ones placed and cancelled.
    const kinds: Record<string, Record<string, string>> = {
      LIMIT: { side: 'BUY', timeInForce: 'GTC', price: '18000' },
      STOP: { side: 'SELL', price: '14900', stopPrice: '15000' },
      TAKE_PROFIT: { side: 'SELL', price: '25000', stopPrice: '25000' },
      TAKE_PROFIT_MARKET: { side: 'SELL', stopPrice: '25000' },
      TRAILING_STOP_MARKET: { side: 'SELL', callbackRate: '1' },
    };
    for (const [type, fields] of Object.entries(kinds)) {
      const placed = await raw('POST', '/v1/order', { symbol: 'BTCUSDT', type, quantity: '0.001', ...fields });
      expect(placed, type).toMatchObject({ status: 200, body: { type, status: 'NEW', origQty: '0.001' } });
      const gone = await raw('DELETE', '/v1/order', { symbol: 'BTCUSDT', orderId: String(placed.body.orderId) });
      expect(gone.body, type).toMatchObject({ status: 'CANCELED', type });
    }
    // MARKET both ways against Bob's web orders: one contract bought at 20000 and sold reduce-only at 19900.
    expect((await webOrder({ price: '20000', volume: '1' })).code).toBe('0');
    expect((await webOrder({ side: 'BUY', price: '19900', volume: '1' })).code).toBe('0');
    const bought = await raw('POST', '/v1/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.001',
    });
    expect(bought.body).toMatchObject({ type: 'MARKET', status: 'FILLED', executedQty: '0.001', avgPrice: '20000.0' });
    const sold = await raw('POST', '/v1/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.001',
      reduceOnly: 'true',
    });
    expect(sold.body).toMatchObject({ status: 'FILLED', reduceOnly: true, avgPrice: '19900.0' });
    expect((await raw('GET', '/v2/positionRisk', {})).body).toEqual([]);
    await invariants();
  });
});
