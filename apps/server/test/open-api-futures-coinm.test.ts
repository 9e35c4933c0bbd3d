import { coOrderCreate } from '@opex/contract/calls/co-order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFuturesApiServer } from './futures-api-fixtures.ts';
import { type TestClient, type TestServer, testDialects } from './harness.ts';
import { type ApiKey, type Exchange, futuresAt, newApiKey } from './open-api-fixtures.ts';
import { tradingInvariants } from './trading-fixtures.ts';

/**
 * The COIN-M half (/dapi) through CCXT's binancecoinm: quantities in contracts of 100 USD, margin, fees and PnL in
 * BTC as an inverse contract counts them (value = contracts x 100 / price), each worked out by hand. Bob trades on
 * the web as the other side; the closing fill and the balance also followed over /dstream by ccxt.pro.
 */
const [ALICE, BOB] = [651, 652];
const SYMBOL = 'BTC/USD:BTC';

describe.each(testDialects)('futures Open API COIN-M trading on %s', (dialect) => {
  let server: TestServer;
  let coinm: Exchange;
  let bob: TestClient;
  let inverseId: number;
  let base: string;
  let key: ApiKey;
  const webOrder = (fields: Record<string, unknown>) =>
    bob.call(coOrderCreate, { contractId: inverseId, side: 'SELL', open: 'OPEN', type: 1, volume: '1', ...fields });

  beforeAll(async () => {
    const started = await startFuturesApiServer(dialect, [ALICE, BOB], { inverse: true });
    ({ server, base } = started);
    bob = started.clients[1] as TestClient;
    inverseId = Number(
      (
        await server.services.database.db
          .selectFrom('contracts')
          .select('id')
          .where('contract_name', '=', 'E-BTC-USD')
          .executeTakeFirstOrThrow()
      ).id,
    );
    key = await newApiKey(server, ALICE);
    coinm = futuresAt(base, 'binancecoinm', { key, server });
    await coinm.loadMarkets();
  }, 30_000);
  afterAll(() => server.close());

  it('trades contracts with inverse margin, fees and PnL in BTC', async () => {
    expect(coinm.market(SYMBOL)).toMatchObject({ id: 'BTCUSD_PERP', inverse: true, contractSize: 100 });
    expect((await coinm.fetchBalance()).BTC).toMatchObject({ free: 1, used: 0, total: 1 });
    expect(await coinm.setLeverage(20, SYMBOL)).toMatchObject({ leverage: 20, symbol: 'BTCUSD_PERP' });

    // Bob asks 10 contracts at 20000; Alice buys them at market: 1000 USD is 0.05 BTC, margin 0.0025 at 20x, taker
    // fee 0.05% of 0.05 = 0.000025.
    expect((await webOrder({ price: '20000', volume: '10' })).code).toBe('0');
    const bought = await coinm.createOrder(SYMBOL, 'market', 'buy', 10);
    expect(bought).toMatchObject({ status: 'closed', filled: 10, average: 20000 });
    const held = await coinm.fetchBalance();
    expect(held.BTC.free).toBeCloseTo(1 - 0.0025 - 0.000025, 10);
    const [position] = await coinm.fetchPositions([SYMBOL]);
    expect(position).toMatchObject({ symbol: SYMBOL, side: 'long', contracts: 10, entryPrice: 20000, leverage: 20 });
    expect(position.info).toMatchObject({ positionAmt: '10', notionalValue: '0.05000000', leverage: '20' });

    // A resting limit buy of 5 contracts, listed, then cancelled.
    const resting = await coinm.createOrder(SYMBOL, 'limit', 'buy', 5, 19000);
    expect(resting).toMatchObject({ status: 'open', amount: 5, price: 19000 });
    expect((await coinm.fetchOpenOrders(SYMBOL)).map((o: Exchange) => o.id)).toEqual([resting.id]);
    expect(await coinm.cancelOrder(resting.id, SYMBOL)).toMatchObject({ id: resting.id, status: 'canceled' });

    // A stop-market closing the long goes to /dapi/v1/algoOrder; listed among trigger orders, then cancelled.
    const stop = await coinm.createOrder(SYMBOL, 'market', 'sell', 10, undefined, {
      stopLossPrice: 19000,
      reduceOnly: true,
    });
    expect(stop).toMatchObject({ status: 'open', triggerPrice: 19000, amount: 10, reduceOnly: true });
    const triggers = await coinm.fetchOpenOrders(SYMBOL, undefined, undefined, { trigger: true });
    expect(triggers.map((o: Exchange) => o.id)).toEqual([stop.id]);
    await coinm.cancelOrder(stop.id, SYMBOL, { trigger: true });
    expect(await coinm.fetchOpenOrders(SYMBOL, undefined, undefined, { trigger: true })).toEqual([]);

    // Bob bids 10 at 20200; Alice closes at market. The exit value is 1000 / 20200 = 0.04950495 BTC (to the coin's 8
    // places), so PnL = 0.05 - 0.04950495 = 0.00049505 and the fee 0.05% of it = 0.00002475 (rounded to 8 places).
    // Followed over /dstream/ws/<listenKey> by ccxt.pro binancecoinm.
    const pro = futuresAt(base, 'binancecoinm', { pro: true, key, server });
    await pro.loadHttpProxyAgent();
    await pro.loadMarkets();
    const streamed = pro.watchOrders(SYMBOL);
    const balance = pro.watchBalance();
    // And the bar's K-line stream: its second volume is in BTC, summed from the bar's trades.
    const klines: Exchange[] = [];
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/dstream/stream?streams=btcusd_perp@kline_1m`);
    ws.on('message', (data) => klines.push(JSON.parse(data.toString()).data));
    await new Promise((resolve) => ws.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await webOrder({ side: 'BUY', price: '20200', volume: '10' })).code).toBe('0');
    const closed = await coinm.createOrder(SYMBOL, 'market', 'sell', 10, undefined, { reduceOnly: true });
    try {
      expect((await streamed).at(-1)).toMatchObject({ id: closed.id, status: 'closed', filled: 10, average: 20200 });
      expect((await balance).BTC.total).toBe(1.0004453);
    } finally {
      await pro.close();
    }
    expect(closed).toMatchObject({ status: 'closed', filled: 10, average: 20200 });
    // Both fills are in this minute's bar: 20 contracts, 0.05 + 0.04950495 BTC.
    for (let i = 0; i < 40 && !klines.some((k) => k.k.v === '20'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    ws.close();
    expect(klines.find((k) => k.k.v === '20')).toMatchObject({
      e: 'kline',
      s: 'BTCUSD_PERP',
      k: { i: '1m', v: '20', q: '0.09950495', c: '20200.0' },
    });
    expect(await coinm.fetchPositions([SYMBOL])).toEqual([]);
    const trades = await coinm.fetchMyTrades(SYMBOL);
    expect(trades.map((t: Exchange) => [t.side, t.price, t.amount])).toEqual([
      ['buy', 20000, 10],
      ['sell', 20200, 10],
    ]);
    expect(trades.map((t: Exchange) => [t.info.commission, t.info.realizedPnl, t.info.baseQty])).toEqual([
      ['0.00002500', '0.00000000', '0.05000000'],
      ['0.00002475', '0.00049505', '0.04950495'],
    ]);
    // 1 - 0.000025 - 0.00002475 + 0.00049505.
    const after = await coinm.fetchBalance();
    expect(after.BTC).toMatchObject({ free: 1.0004453, used: 0, total: 1.0004453 });
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  });
});
