// Over 400 lines: every public market endpoint and stream of the Open API against one running market.
import type { AddressInfo } from 'node:net';
import Big from 'big.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { FrameQueue } from './realtime-socket.ts';
import { fund, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/**
 * The Open API's public half through the real server: REST market data in Binance's shapes and codes, and the
 * WebSocket streams, including a local order book kept by Binance's own recipe from a REST snapshot and diffs.
 */
const SELLER = 401;
const BUYER = 402;
const START = Date.UTC(2026, 0, 1, 12);

// biome-ignore lint/suspicious/noExplicitAny: Binance's payloads are checked field by field
type Json = any;

/** A stream client: JSON text frames, kept in order, awaited by predicate. */
class StreamSocket {
  private readonly queue = new FrameQueue<Json>();
  readonly frames = this.queue.frames;
  pings = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('ping', () => this.pings++);
    ws.on('message', (data: Buffer, isBinary) => {
      expect(isBinary).toBe(false);
      this.queue.push(JSON.parse(data.toString()));
    });
  }
  static open(url: string): Promise<StreamSocket> {
    const ws = new WebSocket(url);
    const socket = new StreamSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }
  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  next(test: (f: Json) => boolean, ms = 4000): Promise<Json> {
    return this.queue.next(test, ms);
  }
  request(frame: { method: string; params?: unknown; id: number | string }): Promise<Json> {
    this.send(frame);
    return this.next((f) => f.id === frame.id && ('result' in f || 'error' in f));
  }
  close() {
    this.ws.close();
  }
}

/** Binance's "how to manage a local order book correctly", followed to the letter. */
class LocalBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  lastId = 0;

  constructor(
    snapshot: { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] },
    buffered: Json[],
  ) {
    for (const [p, q] of snapshot.bids) this.bids.set(p, q);
    for (const [p, q] of snapshot.asks) this.asks.set(p, q);
    this.lastId = snapshot.lastUpdateId;
    const usable = buffered.filter((e) => e.u > snapshot.lastUpdateId);
    if (usable[0]) expect(usable[0].U).toBeLessThanOrEqual(snapshot.lastUpdateId + 1);
    for (const e of usable) this.apply(e);
  }

  apply(event: Json): void {
    if (event.u <= this.lastId) return;
    // Every event starts where the previous one ended: a gap would mean resyncing.
    expect(event.U).toBeLessThanOrEqual(this.lastId + 1);
    for (const [side, levels] of [
      [this.bids, event.b],
      [this.asks, event.a],
    ] as const) {
      for (const [p, q] of levels as [string, string][]) {
        if (new Big(q).eq(0)) side.delete(p);
        else side.set(p, q);
      }
    }
    this.lastId = event.u;
  }

  view() {
    const sorted = (m: Map<string, string>, desc: boolean) =>
      [...m].sort((a, b) => (desc ? new Big(b[0]).cmp(a[0]) : new Big(a[0]).cmp(b[0])));
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDialects)('Open API market data on %s', (dialect) => {
  let server: TestServer;
  let base: string;
  const core = () => server.services.core;
  const place = async (userId: number, side: 'BUY' | 'SELL', price: string, volume: string) => {
    const outcome = await core().placeOrder({
      userId,
      symbol: 'btcusdt',
      request: { side, type: 1, price, volume },
      clientOrderId: null,
    });
    if (!outcome.ok) throw new Error(`order refused: ${outcome.code}`);
    return outcome.orderId;
  };
  const get = async (path: string, query: Record<string, string> = {}) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v3${path}`, query });
    return { status: response.statusCode, body: response.json() as Json };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { WS_PING_MS: '200' } });
    const db = server.services.database.db;
    await seedMarket(db, {
      limit_price_min: '0.05',
      limit_volume_min: '0.001',
      market_sell_min: '0.002',
      market_buy_min: '5',
      min_notional: '5',
      price_band_up: '10',
      price_band_down: '12.5',
    });
    await seedMarket(db, { base: 'ETH', quote: 'USDT', price_precision: 3, volume_precision: 5, status: 'closed' });
    await fund(core(), SELLER, 'BTC', '100');
    await fund(core(), BUYER, 'USDT', '1000000');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => expect(await tradingInvariants(server.services.database.db, core())).toEqual([]));
  afterAll(() => server.close());

  it('lists the markets with filters from their tick, lot and minimums', async () => {
    const { status, body } = await get('/exchangeInfo');
    expect(status).toBe(200);
    // The order-entry bucket (defaults: 100 at once, 50 a second) is the one limit announced.
    expect(body).toMatchObject({
      timezone: 'UTC',
      serverTime: START,
      rateLimits: [{ rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 2, limit: 100 }],
    });
    const btc = body.symbols.find((s: Json) => s.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({
      status: 'TRADING',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
      isSpotTradingAllowed: true,
      permissionSets: [['SPOT']],
    });
    const filter = (type: string) => btc.filters.find((f: Json) => f.filterType === type);
    expect(filter('PRICE_FILTER')).toEqual({
      filterType: 'PRICE_FILTER',
      minPrice: '0.05000000',
      maxPrice: '21474836.47000000',
      tickSize: '0.01000000',
    });
    expect(filter('LOT_SIZE')).toMatchObject({ minQty: '0.00100000', stepSize: '0.00010000' });
    expect(filter('MARKET_LOT_SIZE')).toMatchObject({ minQty: '0.00200000', stepSize: '0.00010000' });
    expect(filter('NOTIONAL')).toMatchObject({ minNotional: '5.00000000', applyMinToMarket: true });
    expect(filter('MIN_NOTIONAL')).toMatchObject({ minNotional: '5.00000000' });
    expect(filter('PERCENT_PRICE_BY_SIDE')).toEqual({
      filterType: 'PERCENT_PRICE_BY_SIDE',
      bidMultiplierUp: '1.1',
      bidMultiplierDown: '0',
      askMultiplierUp: '2147483647',
      askMultiplierDown: '0.875',
      avgPriceMins: 0,
    });
    expect(btc).toMatchObject({
      defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
      allowedSelfTradePreventionModes: ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
    });

    const eth = await get('/exchangeInfo', { symbol: 'ETHUSDT' });
    expect(eth.body.symbols).toHaveLength(1);
    expect(eth.body.symbols[0]).toMatchObject({ symbol: 'ETHUSDT', status: 'BREAK' });
    expect(eth.body.symbols[0].filters[0]).toMatchObject({ tickSize: '0.00100000' });
    // A market without a minimum value or a price band advertises neither.
    expect(eth.body.symbols[0].filters.map((f: Json) => f.filterType)).toEqual([
      'PRICE_FILTER',
      'LOT_SIZE',
      'MARKET_LOT_SIZE',
    ]);
    const both = await get('/exchangeInfo', { symbols: '["ETHUSDT","BTCUSDT"]' });
    expect(both.body.symbols.map((s: Json) => s.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
  });

  it("refuses bad requests with Binance's codes and messages", async () => {
    expect(await get('/depth')).toEqual({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed." },
    });
    expect(await get('/depth', { symbol: 'NOPEUSDT' })).toEqual({
      status: 400,
      body: { code: -1121, msg: 'Invalid symbol.' },
    });
    expect(await get('/exchangeInfo', { symbols: '["BTCUSDT","NOPE"]' })).toMatchObject({ body: { code: -1121 } });
    expect(await get('/depth', { symbol: 'BTCUSDT', limit: 'ten' })).toEqual({
      status: 400,
      body: { code: -1100, msg: "Illegal characters found in parameter 'limit'." },
    });
    expect(await get('/trades', { symbol: 'BTCUSDT', colour: 'red' })).toEqual({
      status: 400,
      body: { code: -1104, msg: "Not all sent parameters were read; read '1' parameter(s) but was sent '2'." },
    });
    expect(await get('/klines', { symbol: 'BTCUSDT', interval: '7m' })).toEqual({
      status: 400,
      body: { code: -1120, msg: 'Invalid interval.' },
    });
    expect(await get('/klines', { symbol: 'BTCUSDT' })).toMatchObject({ body: { code: -1102 } });
    expect(await get('/exchangeInfo', { symbols: 'BTCUSDT' })).toMatchObject({ body: { code: -1100 } });
    expect((await get('/ping')).body).toEqual({});
    expect((await get('/time')).body).toEqual({ serverTime: START });
  });

  it('keeps a local book from a REST snapshot and @depth@100ms diffs that equals a fresh REST depth', async () => {
    await place(SELLER, 'SELL', '101.00', '1');
    await place(BUYER, 'BUY', '99.00', '1');
    const s = await StreamSocket.open(`${base}/ws/0`);
    expect(await s.request({ method: 'SUBSCRIBE', params: ['btcusdt@depth@100ms'], id: 1 })).toEqual({
      result: null,
      id: 1,
    });
    // Changes before the snapshot land in the buffer; the recipe discards what the snapshot already holds.
    const sellA = await place(SELLER, 'SELL', '102.50', '0.5');
    await place(BUYER, 'BUY', '98.75', '2');
    await sleep(150);
    const snapshot = (await get('/depth', { symbol: 'BTCUSDT', limit: '1000' })).body;
    expect(snapshot.lastUpdateId).toBeGreaterThan(0);
    const events = () => s.frames.filter((f) => f.e === 'depthUpdate');
    const book = new LocalBook(snapshot, events());
    const seen = events().length;

    // After the snapshot: a trade, a cancel, new levels on both sides, a partial fill.
    await place(BUYER, 'BUY', '101.00', '0.4');
    await core().cancelOrder({ userId: SELLER, orderId: sellA, symbol: 'btcusdt' });
    await place(SELLER, 'SELL', '100.10', '0.3');
    await place(BUYER, 'BUY', '99.50', '0.7');
    await place(SELLER, 'SELL', '99.50', '0.2');
    await sleep(50);
    await place(BUYER, 'BUY', '97.00', '1.2345');

    const settled = {
      bids: [
        ['99.50', '0.5000'],
        ['99.00', '1.0000'],
        ['98.75', '2.0000'],
        ['97.00', '1.2345'],
      ],
      asks: [
        ['100.10', '0.3000'],
        ['101.00', '0.6000'],
      ],
    };
    // Diffs are sampled every 100 ms: wait until the REST book shows every change, then compare at equal ids.
    let fresh: Json;
    for (let i = 0; i < 50; i++) {
      await sleep(60);
      for (const e of events().slice(seen)) book.apply(e);
      fresh = (await get('/depth', { symbol: 'BTCUSDT', limit: '1000' })).body;
      const complete = JSON.stringify([fresh.bids, fresh.asks]) === JSON.stringify([settled.bids, settled.asks]);
      if (complete && fresh.lastUpdateId === book.lastId) break;
    }
    expect(fresh).toMatchObject(settled);
    expect(book.lastId).toBe(fresh.lastUpdateId);
    expect(book.view()).toEqual({ bids: fresh.bids, asks: fresh.asks });
    expect((await get('/depth', { symbol: 'BTCUSDT', limit: '1' })).body).toMatchObject({
      bids: [['99.50', '0.5000']],
      asks: [['100.10', '0.3000']],
    });
    // The partial book and book ticker speak of the same book.
    expect(
      await s.request({ method: 'SUBSCRIBE', params: ['btcusdt@depth5@100ms', 'btcusdt@bookTicker'], id: 2 }),
    ).toEqual({ result: null, id: 2 });
    const partial = await s.next((f) => f.lastUpdateId !== undefined && Array.isArray(f.bids));
    expect(partial).toEqual({ lastUpdateId: fresh.lastUpdateId, bids: fresh.bids, asks: fresh.asks });
    await place(BUYER, 'BUY', '99.60', '0.1');
    expect(await s.next((f) => f.b === '99.60')).toMatchObject({ s: 'BTCUSDT', B: '0.1000', a: '100.10', A: '0.3000' });
    s.close();
    expect(await tradingInvariants(server.services.database.db, core())).toEqual([]);
  });

  it('syncs a second book from the 1000 ms @depth stream on /stream while another client already watches', async () => {
    const watcher = await StreamSocket.open(`${base}/ws/btcusdt@depth@100ms`);
    await place(SELLER, 'SELL', '103.00', '0.1');
    const late = await StreamSocket.open(`${base}/stream?streams=btcusdt@depth`);
    const deepBid = await place(BUYER, 'BUY', '96.00', '0.3');
    await sleep(100);
    const snapshot = (await get('/depth', { symbol: 'BTCUSDT', limit: '5000' })).body;
    const diffs = () => late.frames.filter((f) => f.stream === 'btcusdt@depth').map((f) => f.data);
    const book = new LocalBook(snapshot, diffs());
    const seen = diffs().length;
    await place(SELLER, 'SELL', '103.00', '0.2');
    const deeperBid = await place(BUYER, 'BUY', '96.00', '0.1');
    for (const orderId of [deepBid, deeperBid]) await core().cancelOrder({ userId: BUYER, orderId, symbol: 'btcusdt' });
    let fresh: Json;
    for (let i = 0; i < 40; i++) {
      await sleep(100);
      for (const e of diffs().slice(seen)) book.apply(e);
      fresh = (await get('/depth', { symbol: 'BTCUSDT', limit: '5000' })).body;
      const settled = fresh.asks.some((l: string[]) => l[0] === '103.00' && l[1] === '0.3000');
      if (settled && !fresh.bids.some((l: string[]) => l[0] === '96.00') && fresh.lastUpdateId === book.lastId) break;
    }
    expect(fresh.bids.some((l: string[]) => l[0] === '96.00')).toBe(false);
    expect(book.lastId).toBe(fresh.lastUpdateId);
    expect(book.view()).toEqual({ bids: fresh.bids, asks: fresh.asks });
    expect(diffs().slice(seen).length).toBeGreaterThan(0);
    watcher.close();
    late.close();
    // With no watcher left, REST reads the live book under the same counter.
    await sleep(100);
    const live = (await get('/depth', { symbol: 'BTCUSDT', limit: '5000' })).body;
    expect(live).toEqual(fresh);
  });

  it('sends trades and K-lines on a combined stream, and serves them over REST', async () => {
    const s = await StreamSocket.open(
      `${base}/stream?streams=btcusdt@trade/nopeusdt@trade/btcusdt@kline_1m/BTCUSDT@aggTrade`,
    );
    expect(await s.request({ method: 'LIST_SUBSCRIPTIONS', id: 'list' })).toEqual({
      result: ['btcusdt@trade', 'btcusdt@kline_1m', 'btcusdt@aggTrade'],
      id: 'list',
    });
    await place(SELLER, 'SELL', '100.00', '0.25');
    await place(BUYER, 'BUY', '100.10', '0.5');
    const trade = await s.next((f) => f.stream === 'btcusdt@trade');
    expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT', p: '100.00', q: '0.2500', T: START, m: false });
    const agg = await s.next((f) => f.stream === 'btcusdt@aggTrade');
    expect(agg.data).toMatchObject({ e: 'aggTrade', a: trade.data.t, f: trade.data.t, l: trade.data.t, p: '100.00' });
    const kline = await s.next((f) => f.stream === 'btcusdt@kline_1m' && f.data.k.c === '100.10');
    expect(kline.data.k).toMatchObject({ t: START, T: START + 59_999, i: '1m', s: 'BTCUSDT', x: false });

    // The candle closes once its minute is over.
    server.clock.advance(60_000);
    const closed = await s.next((f) => f.stream === 'btcusdt@kline_1m' && f.data.k.x === true);
    expect(closed.data.k).toMatchObject({ t: START, c: '100.10' });

    const trades = (await get('/trades', { symbol: 'BTCUSDT', limit: '2' })).body;
    expect(trades).toHaveLength(2);
    expect(trades[1]).toMatchObject({ price: '100.10', qty: '0.2500', isBuyerMaker: false, isBestMatch: true });
    expect(trades[1].id).toBeGreaterThan(trades[0].id);
    const aggs = (await get('/aggTrades', { symbol: 'BTCUSDT', fromId: String(trade.data.t) })).body;
    expect(aggs[0]).toMatchObject({ a: trade.data.t, p: '100.00', q: '0.2500', m: false });
    const klines = (await get('/klines', { symbol: 'BTCUSDT', interval: '1m', startTime: String(START) })).body;
    expect(klines).toHaveLength(1);
    expect(klines[0].slice(0, 8)).toEqual([
      START,
      '101.00',
      '101.00',
      '99.50',
      '100.10',
      expect.any(String),
      START + 59_999,
      expect.any(String),
    ]);
    expect((await get('/klines', { symbol: 'BTCUSDT', interval: '1h', endTime: String(START - 1) })).body).toEqual([]);
    const ticker = (await get('/ticker/24hr', { symbol: 'BTCUSDT' })).body;
    expect(ticker).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '100.10', openPrice: '101.00', lastQty: '0.2500' });
    const inWindow = await server.services.database.db
      .selectFrom('trades')
      .select(['id'])
      .where('symbol', '=', 'btcusdt')
      .orderBy('id')
      .execute();
    expect(ticker).toMatchObject({
      count: inWindow.length,
      firstId: Number(inWindow[0]?.id),
      lastId: Number(inWindow.at(-1)?.id),
    });
    const mini = (await get('/ticker/24hr', { symbols: '["BTCUSDT"]', type: 'MINI' })).body;
    expect(mini).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', lastPrice: '100.10', count: ticker.count })]);
    expect(mini[0].bidPrice).toBeUndefined();
    expect((await get('/ticker/price', { symbol: 'BTCUSDT' })).body).toEqual({ symbol: 'BTCUSDT', price: '100.10' });
    const prices = (await get('/ticker/price')).body;
    expect(prices).toEqual([
      { symbol: 'BTCUSDT', price: '100.10' },
      { symbol: 'ETHUSDT', price: '0.000' },
    ]);
    expect((await get('/ticker/bookTicker', { symbol: 'BTCUSDT' })).body).toMatchObject({ bidPrice: '99.60' });
    expect((await get('/avgPrice', { symbol: 'BTCUSDT' })).body).toMatchObject({ mins: 5 });

    // One taker order filling two makers at one price is one aggregate, on the stream and over REST.
    await place(SELLER, 'SELL', '100.10', '0.1');
    await place(BUYER, 'BUY', '100.10', '0.15');
    const joined = (await s.next((f) => f.stream === 'btcusdt@aggTrade' && f.data.l > f.data.f)).data;
    expect(joined).toMatchObject({ p: '100.10', q: '0.1500', a: joined.f, l: joined.f + 1, m: false });
    const { e: _e, E: _E, s: _s, ...fields } = joined;
    expect((await get('/aggTrades', { symbol: 'BTCUSDT', limit: '1' })).body).toEqual([fields]);
    expect((await get('/aggTrades', { symbol: 'BTCUSDT', fromId: String(joined.f) })).body).toEqual([fields]);
    // An id inside an aggregate is not an aggregate id: from it, the next aggregate starts.
    expect((await get('/aggTrades', { symbol: 'BTCUSDT', fromId: String(joined.f + 1) })).body).toEqual([]);
    const recent = (await get('/aggTrades', { symbol: 'BTCUSDT', limit: '3' })).body;
    expect(recent.map((t: Json) => [t.p, t.q])).toEqual([
      ['100.00', '0.2500'],
      ['100.10', '0.2500'],
      ['100.10', '0.1500'],
    ]);
    const byTime = (await get('/aggTrades', { symbol: 'BTCUSDT', startTime: String(START + 60_000) })).body;
    expect(byTime).toEqual([fields]);
    s.close();
  });

  it('answers SUBSCRIBE, UNSUBSCRIBE and bad requests, and pings by RFC ping frames', async () => {
    const s = await StreamSocket.open(`${base}/ws`);
    expect(await s.request({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'btcusdt@ticker'], id: 7 })).toEqual({
      result: null,
      id: 7,
    });
    expect(await s.request({ method: 'UNSUBSCRIBE', params: ['btcusdt@ticker'], id: 8 })).toEqual({
      result: null,
      id: 8,
    });
    expect(await s.request({ method: 'LIST_SUBSCRIPTIONS', id: 9 })).toEqual({ result: ['btcusdt@trade'], id: 9 });
    expect(await s.request({ method: 'SUBSCRIBE', params: ['btcusdt@nonsense'], id: 10 })).toMatchObject({
      error: { code: 2 },
      id: 10,
    });
    expect(await s.request({ method: 'SUBSCRIBE', params: ['nopeusdt@trade'], id: 11 })).toMatchObject({
      error: { code: 2 },
      id: 11,
    });
    expect(await s.request({ method: 'FLY', id: 12 })).toMatchObject({ error: { code: 2 }, id: 12 });
    s.send('{not json');
    expect(await s.next((f) => f.error?.code === 3)).toEqual({
      error: { code: 3, msg: 'Invalid JSON payload' },
      id: null,
    });
    // The unsubscribed ticker stays silent; the trade stream is raw (not wrapped) on /ws.
    await place(SELLER, 'SELL', '99.60', '0.1');
    expect(await s.next((f) => f.e === 'trade')).toMatchObject({ p: '99.60', m: true });
    await sleep(1100);
    expect(s.frames.some((f) => f.e === '24hrTicker')).toBe(false);
    expect(await s.request({ method: 'SUBSCRIBE', params: ['btcusdt@miniTicker', '!miniTicker@arr'], id: 13 })).toEqual(
      {
        result: null,
        id: 13,
      },
    );
    const mini = await s.next((f) => f.e === '24hrMiniTicker');
    expect(mini).toMatchObject({ s: 'BTCUSDT', c: '99.60', o: '101.00' });
    const all = await s.next((f) => Array.isArray(f));
    expect(all).toEqual([expect.objectContaining({ e: '24hrMiniTicker', s: 'BTCUSDT', c: '99.60' })]);
    expect(s.pings).toBeGreaterThan(0);
    s.close();
  });

  it('serves its OpenAPI document', async () => {
    const { status, body } = await get('/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(body.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-MBX-APIKEY',
    });
    // Every operation it lists is served; the signed ones name the key and the signature parameters.
    for (const [path, methods] of Object.entries<Json>(body.paths)) {
      for (const [method, op] of Object.entries<Json>(methods)) {
        const names = op.parameters.map((p: Json) => p.name);
        if (op['x-permission']) expect(names).toEqual(expect.arrayContaining(['timestamp', 'recvWindow', 'signature']));
        expect([path, server.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path })]).toEqual([path, true]);
      }
    }
    expect(body.paths['/api/v3/userDataStream'].post.security).toEqual([{ ApiKey: [] }]);
    for (const path of ['/api/v3/account', '/api/v3/openOrders', '/api/v3/allOrders', '/api/v3/myTrades'])
      expect(body.paths[path].get.security).toEqual([{ ApiKey: [] }]);
    expect(Object.keys(body.paths['/api/v3/order']).sort()).toEqual(['delete', 'get', 'post']);
    // And every futures route served (both families, and the futures transfer) is in it.
    const served = server.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const m = /(\/(?:fapi|dapi)\/\S+|\/sapi\/v1\/futures\/transfer) \(([A-Z, ]+)\)/.exec(line);
        if (!m) return [];
        const methods = (m[2] as string).split(', ').filter((x) => x !== 'HEAD');
        return methods.map((x) => `${x.toLowerCase()} ${m[1]}`);
      });
    expect(served.length).toBeGreaterThan(100);
    const documented = (line: string) => {
      const [method, path] = line.split(' ') as [string, string];
      return body.paths[path]?.[method] ? [] : [line];
    };
    expect(served.flatMap(documented)).toEqual([]);
  });
});
