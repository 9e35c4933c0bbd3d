import type { AddressInfo } from 'node:net';
import { coTransfer } from '@opex/contract/calls/co-account';
import { coOrderCreate } from '@opex/contract/calls/co-order';
import { createCoId, levelEdit } from '@opex/contract/calls/co-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { addBtcAndUsdt, BTC_BRACKETS, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { type Exchange, futuresAt } from './open-api-fixtures.ts';
import { fund, loginAs } from './trading-fixtures.ts';

/**
 * The futures Open API's public half through CCXT's binanceusdm (linear, /fapi) and binancecoinm (inverse, /dapi),
 * every URL pointed at the test server: markets, book, trades, candles, tickers, funding, mark and index candles,
 * open interest, and a live order book over /fstream. Plus raw requests for what CCXT does not read.
 */
const [ALICE, BOB] = [611, 612];
const NOON = Date.UTC(2026, 0, 1, 12);
const SIXTEEN = Date.UTC(2026, 0, 1, 16);

describe.each(testDialects)('futures Open API market data on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let base: string;
  let usdm: Exchange;
  let coinm: Exchange;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  let contractId: number;
  const order = (client: TestClient, fields: Record<string, unknown>) =>
    client.call(coOrderCreate, { contractId, side: 'BUY', open: 'OPEN', type: 1, volume: '1', ...fields });
  const raw = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, body: (await response.json()) as Exchange };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd('USDT', '--min-order-money', '5'));
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', BTC_BRACKETS);
    await admin(...linearContractAdd('USDT', '--type', 'Q', '--delivery', '2026-03-27T08:00:00Z'));
    await admin(...linearContractAdd('USDT', '--type', 'W', '--delivery', '2026-01-09T08:00:00Z'));
    await admin(
      ...['contract', 'add', '--base', 'BTC', '--quote', 'USD', '--type', 'E', '--side', 'inverse'],
      ...['--multiplier', '100', '--price-precision', '1', '--max-limit-volume', '100000'],
      ...['--max-market-money', '1000000', '--maker-fee', '0.0002', '--taker-fee', '0.0005'],
    );
    contractId = Number(
      (
        await server.services.database.db
          .selectFrom('contracts')
          .select('id')
          .where('contract_name', '=', 'E-BTC-USDT')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await server.services.core.reloadMarkets();
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', '20000');
    await server.services.prices.current();
    await server.services.contractPrices.tick();

    const alice = await loginAs(server, ALICE);
    const bob = await loginAs(server, BOB);
    for (const [id, client] of [
      [ALICE, alice],
      [BOB, bob],
    ] as const) {
      await fund(server.services.core, id, 'USDT', '1000');
      await client.call(coTransfer, { transferType: 'wallet_to_contract', amount: '1000', coinSymbol: 'USDT' });
      expect((await client.call(createCoId, {})).code).toBe('0');
      expect((await client.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
    }
    // One trade of 10 contracts (0.01 BTC) at 20000, then a book of 5 asked at 20100 and 3 bid at 19900.
    expect((await order(bob, { side: 'SELL', price: '20000', volume: '10' })).code).toBe('0');
    expect((await order(alice, { price: '20000', volume: '10' })).code).toBe('0');
    expect((await order(bob, { side: 'SELL', price: '20100', volume: '5' })).code).toBe('0');
    expect((await order(alice, { price: '19900', volume: '3' })).code).toBe('0');
    await server.services.marketData.flush();
    await server.services.contractPrices.tick();

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    usdm = futuresAt(base, 'binanceusdm');
    coinm = futuresAt(base, 'binancecoinm');
  }, 30_000);
  afterAll(() => server.close());

  it('loads linear perpetual, dated and weekly contracts on /fapi and the inverse one on /dapi', async () => {
    await usdm.loadMarkets();
    expect(Object.keys(usdm.markets).sort()).toEqual(['BTC/USDT:USDT', 'BTC/USDT:USDT-260109', 'BTC/USDT:USDT-260327']);
    const perpetual = usdm.market('BTC/USDT:USDT');
    expect(perpetual).toMatchObject({ id: 'BTCUSDT', swap: true, linear: true, contractSize: 1, active: true });
    // Quantities in BTC: one contract (0.001 BTC) is the step; 1 to 100000 contracts; 5 USDT the least value.
    expect(perpetual.precision).toMatchObject({ amount: 0.001, price: 0.1 });
    expect(perpetual.limits).toMatchObject({ amount: { min: 0.001, max: 100 }, cost: { min: 5 } });
    expect(usdm.market('BTC/USDT:USDT-260327')).toMatchObject({
      id: 'BTCUSDT_260327',
      future: true,
      expiry: Date.UTC(2026, 2, 27, 8),
    });
    expect(usdm.market('BTC/USDT:USDT-260109').info).toMatchObject({ contractType: 'CURRENT_WEEK' });

    await coinm.loadMarkets();
    expect(Object.keys(coinm.markets)).toEqual(['BTC/USD:BTC']);
    const inverse = coinm.market('BTC/USD:BTC');
    expect(inverse).toMatchObject({ id: 'BTCUSD_PERP', swap: true, inverse: true, contractSize: 100 });
    expect(inverse.precision).toMatchObject({ amount: 1, price: 0.1 });
  });

  it('serves the book, trades, candles and tickers in BTC', async () => {
    const book = await usdm.fetchOrderBook('BTC/USDT:USDT');
    expect(book.asks).toEqual([[20100, 0.005]]);
    expect(book.bids).toEqual([[19900, 0.003]]);
    const trades = await usdm.fetchTrades('BTC/USDT:USDT');
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ price: 20000, amount: 0.01, cost: 200, side: 'buy' });
    const candles = await usdm.fetchOHLCV('BTC/USDT:USDT', '1m');
    expect(candles).toEqual([[NOON, 20000, 20000, 20000, 20000, 0.01]]);
    const ticker = await usdm.fetchTicker('BTC/USDT:USDT');
    expect(ticker).toMatchObject({ last: 20000, baseVolume: 0.01, quoteVolume: 200 });
    const tickers = await usdm.fetchTickers();
    expect(tickers['BTC/USDT:USDT'].last).toBe(20000);
    expect(tickers['BTC/USDT:USDT-260327'].last).toBeUndefined();
  });

  it('serves mark, index, funding and open interest', async () => {
    const rate = await usdm.fetchFundingRate('BTC/USDT:USDT');
    // No premium sampled yet: the interest part alone, 0.01% per 8 hours, paid at 16:00.
    expect(rate).toMatchObject({ indexPrice: 20000, fundingRate: 0.0001, fundingTimestamp: SIXTEEN });
    const rates = await usdm.fetchFundingRates();
    expect(Object.keys(rates).sort()).toEqual(['BTC/USDT:USDT', 'BTC/USDT:USDT-260109', 'BTC/USDT:USDT-260327']);
    const marks = await usdm.fetchMarkOHLCV('BTC/USDT:USDT', '1m');
    expect(marks.at(-1)[4]).toBe(rate.markPrice);
    const index = await usdm.fetchIndexOHLCV('BTC/USDT:USDT', '1h');
    expect(index).toEqual([[NOON, 20000, 20000, 20000, 20000, 0]]);
    const interest = await usdm.fetchOpenInterest('BTC/USDT:USDT');
    expect(interest.openInterestAmount).toBe(0.01);

    // A settled funding at 16:00 is in the history.
    server.clock.set(SIXTEEN);
    const { contractPrices, core } = server.services;
    await contractPrices.tick();
    const mark = { task: 'futures.funding', until: SIXTEEN };
    await core.execute('fundingSettle', contractPrices.fundingMoment(SIXTEEN), { at: SIXTEEN, mark });
    const history = await usdm.fetchFundingRateHistory('BTC/USDT:USDT');
    expect(history.map((h: Exchange) => [h.timestamp, h.fundingRate])).toEqual([[SIXTEEN, 0.0001]]);

    const inverse = await coinm.fetchFundingRate('BTC/USD:BTC');
    expect(inverse).toMatchObject({ indexPrice: 20000, fundingRate: 0.0001 });
  });

  it("refuses a bad symbol and interval with Binance's codes", async () => {
    expect(await raw('/fapi/v1/depth?symbol=NOPE')).toEqual({
      status: 400,
      body: { code: -1121, msg: 'Invalid symbol.' },
    });
    // A linear contract is not on /dapi.
    expect((await raw('/dapi/v1/depth?symbol=BTCUSDT')).body.code).toBe(-1121);
    expect(await raw('/fapi/v1/klines?symbol=BTCUSDT&interval=7m')).toEqual({
      status: 400,
      body: { code: -1120, msg: 'Invalid interval.' },
    });
    const depth = await raw('/dapi/v1/depth?symbol=BTCUSD_PERP');
    expect(depth.body).toMatchObject({ symbol: 'BTCUSD_PERP', pair: 'BTCUSD', bids: [], asks: [] });
    const perp = await raw('/fapi/v1/continuousKlines?pair=BTCUSDT&contractType=PERPETUAL&interval=1m');
    expect(perp.body[0].slice(0, 8)).toEqual([
      NOON,
      '20000.0',
      '20000.0',
      '20000.0',
      '20000.0',
      '0.010',
      NOON + 59_999,
      '200.0000',
    ]);
  });

  it('streams depth diffs with pu joined to the previous u, and keeps a CCXT book live', async () => {
    const ws = new WebSocket(
      `${base.replace(/^http/, 'ws')}/fstream/stream?streams=btcusdt@depth@100ms/btcusdt@aggTrade`,
    );
    const frames: Exchange[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const snapshot = (await raw('/fapi/v1/depth?symbol=BTCUSDT')).body;
    const alice = await loginAs(server, ALICE);
    expect((await order(alice, { price: '19800', volume: '2' })).code).toBe('0');
    expect((await order(alice, { price: '19700', volume: '4' })).code).toBe('0');
    for (let i = 0; i < 40 && frames.filter((f) => f.stream === 'btcusdt@depth@100ms').length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const diffs = frames.filter((f) => f.stream === 'btcusdt@depth@100ms').map((f) => f.data);
    expect(diffs[0]).toMatchObject({
      e: 'depthUpdate',
      s: 'BTCUSDT',
      U: snapshot.lastUpdateId + 1,
      pu: snapshot.lastUpdateId,
    });
    const levels = diffs.flatMap((d: Exchange) => d.b);
    expect(levels).toEqual([
      ['19800.0', '0.002'],
      ['19700.0', '0.004'],
    ]);
    for (let i = 1; i < diffs.length; i++) expect(diffs[i].pu).toBe(diffs[i - 1].u);
    ws.close();

    const watcher = futuresAt(base, 'binanceusdm', { pro: true });
    await watcher.loadHttpProxyAgent();
    try {
      const book = await watcher.watchOrderBook('BTC/USDT:USDT');
      expect(book.bids[0]).toEqual([19900, 0.003]);
      expect(book.asks[0]).toEqual([20100, 0.005]);
      const bob = await loginAs(server, BOB);
      const traded = watcher.watchTrades('BTC/USDT:USDT');
      // The subscription is confirmed before the trade happens.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await order(bob, { side: 'SELL', price: '19900', volume: '3' })).code).toBe('0');
      const [trade] = await traded;
      expect(trade).toMatchObject({ price: 19900, amount: 0.003, side: 'sell' });
    } finally {
      await watcher.close();
    }
  }, 20_000);

  it('streams the mark price each second, K-lines and the 24 h ticker as Binance shapes them', async () => {
    const ws = new WebSocket(
      `${base.replace(/^http/, 'ws')}/fstream/stream?streams=btcusdt@markPrice@1s/btcusdt@kline_1m/btcusdt@ticker`,
    );
    const frames: Exchange[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 150));
    // The index moves to 20100 and Alice lifts one contract of Bob's ask at 20100: the mark, the candle and the
    // ticker all move.
    await admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', '20100');
    await server.services.prices.current();
    await server.services.contractPrices.tick();
    const alice = await loginAs(server, ALICE);
    expect((await order(alice, { price: '20100', volume: '1' })).code).toBe('0');
    const seen = (stream: string, test: (data: Exchange) => boolean) =>
      frames.find((f) => f.stream === stream && test(f.data))?.data;
    for (let i = 0; i < 60; i++) {
      const all = [
        seen('btcusdt@markPrice@1s', (d) => d.i === '20100.0'),
        seen('btcusdt@kline_1m', (d) => d.k.c === '20100.0'),
        seen('btcusdt@ticker', (d) => d.c === '20100.0'),
      ];
      if (all.every(Boolean)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    ws.close();
    expect(seen('btcusdt@markPrice@1s', (d) => d.i === '20100.0')).toMatchObject({
      e: 'markPriceUpdate',
      s: 'BTCUSDT',
      i: '20100.0',
      r: expect.any(String),
      T: expect.any(Number),
    });
    expect(seen('btcusdt@kline_1m', (d) => d.k.c === '20100.0')).toMatchObject({
      e: 'kline',
      s: 'BTCUSDT',
      k: { i: '1m', c: '20100.0', s: 'BTCUSDT' },
    });
    expect(seen('btcusdt@ticker', (d) => d.c === '20100.0')).toMatchObject({ e: '24hrTicker', s: 'BTCUSDT' });
  }, 20_000);
});
