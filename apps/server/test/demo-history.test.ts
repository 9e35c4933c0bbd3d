import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { type Candle, klinePeriods } from '@opex/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MarketMaker } from '../src/market-maker/market-maker.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

const DAY_S = 86_400;

/** Answers to `req` frames over one realtime socket, by cb_id. */
async function requester(url: string) {
  const ws = new WebSocket(url);
  const waiting = new Map<string, (data: Candle[]) => void>();
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(gunzipSync(raw).toString());
    if (frame.event_rep === 'rep') waiting.get(frame.cb_id)?.(frame.data);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let n = 0;
  return {
    req(channel: string, params: object = {}): Promise<Candle[]> {
      const cb_id = `q${++n}`;
      ws.send(JSON.stringify({ event: 'req', params: { channel, cb_id, ...params } }));
      return new Promise((resolve) => waiting.set(cb_id, resolve));
    },
    close: () => ws.close(),
  };
}

describe.each(testDialects)('a fresh demo has the past of every market on %s', (dialect) => {
  let server: TestServer;
  let maker: MarketMaker;
  let startMs = 0;
  let url = '';
  let symbols: string[] = [];
  const db = () => server.services.database.db;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedDemo(server.services);
    await server.services.core.reloadMarkets();
    symbols = (await db().selectFrom('markets').select('symbol').where('status', '=', 'open').execute()).map(
      (m) => m.symbol,
    );
    // The rounds are driven by the test: a very long tick.
    maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 11, takerPercent: 100 });
    const started = performance.now();
    await maker.start();
    startMs = performance.now() - started;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/kline-api/ws`;
  });
  afterAll(async () => {
    await maker.stop();
    await server.close();
  });

  it('serves a full page of candles of every period from the start, a day and more of 15-minute ones', async () => {
    console.log(`market maker start with the demo's past seeded (${dialect}): ${Math.round(startMs)} ms`);
    expect(symbols.length).toBeGreaterThanOrEqual(4);
    const socket = await requester(url);
    const now = server.clock.now() / 1000;
    for (const symbol of symbols) {
      const quarter = await socket.req(`market_${symbol}_kline_15min`);
      expect(quarter.length).toBe(300);
      expect(now - (quarter[0] as Candle).id).toBeGreaterThan(DAY_S);
      for (const period of klinePeriods) {
        const page = await socket.req(`market_${symbol}_kline_${period}`, { pageSize: 300 });
        // 300 weeks make about 70 months; every other period has a page of 300.
        expect(page.length).toBeGreaterThanOrEqual(period === '1month' ? 69 : 300);
        // Oldest first, one candle per period without gaps in the recent part, prices that hold together.
        const ids = page.map((c) => c.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        for (const c of page) {
          expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
          expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
          expect(Number(c.vol)).toBeGreaterThan(0);
        }
      }
    }
    socket.close();
  });

  it('ends where the market maker starts: the live candle, the 24 h ticker and the first trades join it', async () => {
    const { marketData } = server.services;
    const before = marketData.latestCandle('btcusdt', '1min');
    const ticker = marketData.ticker('btcusdt');
    expect(ticker?.close).toBe(before?.close);
    // The 24 h window holds a day of seeded minutes: its volume is a day's, its open a day ago's close.
    const day = await marketData.klineHistory('btcusdt', '1min', undefined, 1440);
    expect(day).toHaveLength(1440);
    expect(ticker?.open).toBe(day[0]?.open);
    server.clock.advance(2001);
    for (let i = 0; i < 6; i++) {
      await maker.tick();
      server.clock.advance(500);
    }
    const first = marketData.recentTrades('btcusdt', 150).at(-1);
    expect(first).toBeDefined();
    // One walk: the first live trade is within the quotes around the last seeded close (2% of the price).
    const jump = Math.abs(Number(first?.price) / Number(before?.close) - 1);
    expect(jump).toBeLessThan(0.02);
    // The current day's candle carries on from the seeded one: same open, live trades added.
    expect(marketData.latestCandle('btcusdt', '1day')?.id).toBe(Date.UTC(2026, 0, 1) / 1000);
  });

  it('is seeded once: a restart keeps the past and adds none over it', async () => {
    await marketData().flush();
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('klines')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await maker.stop();
    maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 12 });
    await maker.start();
    await marketData().flush();
    expect(await count()).toBe(before);
  });

  const marketData = () => server.services.marketData;
});
