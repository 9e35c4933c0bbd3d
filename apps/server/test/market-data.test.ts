import { index } from '@opex/contract/calls/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarketData } from '../src/market-data/market-data.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { fund, seedMarket, tradingInvariants } from './trading-fixtures.ts';

const SELLER = 201;
const BUYER = 202;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDialects)('tickers and K-lines from trades on %s', (dialect) => {
  let server: TestServer;
  const core = () => server.services.core;
  const md = () => server.services.marketData;

  /** One trade of `volume` at `price` between the two funded users (the buyer takes). */
  async function trade(price: string, volume: string) {
    const sell = await core().placeOrder({
      userId: SELLER,
      symbol: 'btcusdt',
      request: { side: 'SELL', type: 1, price, volume },
      clientOrderId: null,
    });
    const buy = await core().placeOrder({
      userId: BUYER,
      symbol: 'btcusdt',
      request: { side: 'BUY', type: 1, price, volume },
      clientOrderId: null,
    });
    expect(sell.ok && buy.ok).toBe(true);
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(server.services.database.db);
    await fund(core(), SELLER, 'BTC', '10');
    await fund(core(), BUYER, 'USDT', '100000');
    // Thursday 2026-01-01 12:00 UTC.
    await trade('100.00', '1');
    server.clock.advance(MINUTE);
    await trade('110.00', '0.5');
  });
  afterEach(async () => expect(await tradingInvariants(server.services.database.db, core())).toEqual([]));
  afterAll(() => server.close());

  it('keeps the rolling 24 h ticker at the market precision', () => {
    expect(md().ticker('btcusdt')).toEqual({
      open: '100.00',
      close: '110.00',
      high: '110.00',
      low: '100.00',
      vol: '1.5000',
      amount: '155.000000',
      rose: '0.1000',
    });
    expect(md().review()).toHaveProperty('btcusdt.close', '110.00');
  });

  it('buckets K-lines by period: epoch seconds, weeks from Monday, months by the calendar', () => {
    const t0 = Date.UTC(2026, 0, 1, 12) / 1000;
    expect(md().latestCandle('btcusdt', '1min')).toEqual({
      id: t0 + 60,
      open: '110.00',
      close: '110.00',
      high: '110.00',
      low: '110.00',
      vol: '0.5000',
      amount: '55.000000',
    });
    expect(md().latestCandle('btcusdt', '60min')).toMatchObject({
      id: t0,
      open: '100.00',
      close: '110.00',
      vol: '1.5000',
    });
    expect(md().latestCandle('btcusdt', '4h')?.id).toBe(t0);
    expect(md().latestCandle('btcusdt', '1day')?.id).toBe(Date.UTC(2026, 0, 1) / 1000);
    expect(md().latestCandle('btcusdt', '1week')?.id).toBe(Date.UTC(2025, 11, 29) / 1000);
    expect(md().latestCandle('btcusdt', '1month')?.id).toBe(Date.UTC(2026, 0, 1) / 1000);
  });

  it('writes K-lines in batches and serves history; a restart rebuilds the same from the tables', async () => {
    const before = await md().klineHistory('btcusdt', '1min', undefined, 10);
    expect(before.map((c) => c.close)).toEqual(['100.00', '110.00']);
    await md().flush();
    const rows = await server.services.database.db.selectFrom('klines').selectAll().execute();
    expect(rows).toHaveLength(10); // 2 one-minute candles + one for each of the 8 longer periods
    const t0 = Date.UTC(2026, 0, 1, 12) / 1000;
    expect(await md().klineHistory('btcusdt', '1min', t0 + 60, 10)).toHaveLength(1);

    const rebuilt = await MarketData.start(server.services.database, server.clock, core());
    expect(await rebuilt.klineHistory('btcusdt', '1min', undefined, 10)).toEqual(before);
    expect(rebuilt.ticker('btcusdt')).toEqual(md().ticker('btcusdt'));
    expect(rebuilt.recentTrades('btcusdt', 100).map((t) => t.price)).toEqual(['110.00', '100.00']);
    await rebuilt.stop();
  });

  it('replays trades that were committed after the last K-line write', async () => {
    await md().flush();
    await trade('120.00', '1');
    const rebuilt = await MarketData.start(server.services.database, server.clock, core());
    expect(rebuilt.latestCandle('btcusdt', '1day')).toMatchObject({ close: '120.00', high: '120.00', vol: '2.5000' });
    await rebuilt.stop();
  });

  it('lets trades leave the 24 h window with the clock, and feeds the home page', async () => {
    server.clock.advance(24 * HOUR - 2 * MINUTE);
    expect(md().ticker('btcusdt')).toMatchObject({ open: '100.00', vol: '2.5000' });
    server.clock.advance(2 * MINUTE);
    expect(md().ticker('btcusdt')).toMatchObject({ open: '110.00', high: '120.00', low: '110.00', vol: '1.5000' });
    server.clock.advance(HOUR);
    expect(md().ticker('btcusdt')).toEqual({
      open: '120.00',
      close: '120.00',
      high: '120.00',
      low: '120.00',
      vol: '0.0000',
      amount: '0.000000',
      rose: '0.0000',
    });
    const home = await server.client().call(index, {});
    expect(home.data.marketList.find((m: { symbol: string }) => m.symbol === 'btcusdt')).toMatchObject({
      close: '120.00',
      vol: '0.0000',
    });
    expect(await tradingInvariants(server.services.database.db, core())).toEqual([]);
  });
});
