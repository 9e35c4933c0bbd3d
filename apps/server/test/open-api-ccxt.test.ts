import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import ccxt from 'ccxt';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertApiKey } from '../src/modules/openapi/api-keys.ts';
import { serverSecretBox } from '../src/secrets/secret-box.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_LOGINS } from '../src/seed/demo-logins.ts';
import { createServices } from '../src/services.ts';

/**
 * CCXT, the library most bots trade through, against the real server on a real port: `ccxt.binance` pointed
 * at our /api/v3 loads the markets, reads tickers, books, candles, trades and balances, places, reads and cancels
 * orders signed with a key from the key store; `ccxt.pro.binance` keeps an order book from our /ws streams and
 * follows the orders over the WebSocket API's user data stream (/ws-api/v3).
 * SQLite only: what is under test is CCXT's view of our API, not the dialect (open-api-signed.test.ts runs both).
 */
const SECRET_BOX_KEY = 'cd'.repeat(32);

// biome-ignore lint/suspicious/noExplicitAny: CCXT's exchange classes are typed loosely across versions
type Exchange = any;

function binanceAt(base: string, key: { apiKey: string; secret: string }, pro = false): Exchange {
  const api = `${base}/api/v3`;
  const ws = `${base.replace(/^http/, 'ws')}/ws`;
  const config = {
    apiKey: key.apiKey,
    secret: key.secret,
    enableRateLimit: false,
    timeout: 5000,
    urls: {
      api: {
        public: api,
        private: api,
        v1: api,
        ws: { spot: ws, margin: ws, 'ws-api': { spot: `${base.replace(/^http/, 'ws')}/ws-api/v3` } },
      },
    },
    options: {
      // Spot only, from our exchangeInfo: no futures (fapi/dapi), margin or capital (sapi) calls, no clock sync.
      fetchMarkets: { types: ['spot'] },
      fetchCurrencies: false,
      fetchMargins: false,
      adjustForTimeDifference: false,
      defaultType: 'spot',
    },
  };
  return pro ? new ccxt.pro.binance(config) : new ccxt.binance(config);
}

describe('CCXT binance against the Open API', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let base: string;
  let alice: Exchange;
  let bob: Exchange;
  let aliceKey: { apiKey: string; secret: string };

  beforeAll(async () => {
    // The server as main.ts builds it (system clock, demo seed with its funded traders, real HTTP and WebSocket
    // listeners), in this process so that it starts in a second or two.
    dataDir = mkdtempSync(path.join(tmpdir(), 'opex-ccxt-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO: '1',
      MARKET_MAKER: '0',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      CHAIN_POLL_MS: '0',
      OPEN_API_SECRET_KEY: SECRET_BOX_KEY,
    });
    database = openDatabase({ sqliteFile: path.join(dataDir, 'opex.sqlite') });
    await migrateToLatest(database.db, database.dialect);
    const services = await createServices(config, database);
    await seedDemo(services);
    app = await buildApp(services, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // Keys made through the key store, as the API management page makes them.
    const box = serverSecretBox(services.config);
    const keys = [];
    for (const login of DEMO_LOGINS) {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', login.email)
        .executeTakeFirstOrThrow();
      const { row, secret } = await insertApiKey(
        database.db,
        box,
        Number(user.id),
        { label: 'ccxt', permissions: ['read', 'trade'], ip: '' },
        Date.now(),
      );
      keys.push({ apiKey: row.api_key, secret });
    }
    aliceKey = keys[0] as { apiKey: string; secret: string };
    alice = binanceAt(base, aliceKey);
    bob = binanceAt(base, keys[1] as { apiKey: string; secret: string });
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads markets and trades BTC/USDT: limit, market, cancel, queries and a live order book', async () => {
    await alice.loadMarkets();
    const market = alice.market('BTC/USDT');
    expect(market).toMatchObject({ id: 'BTCUSDT', spot: true, base: 'BTC', quote: 'USDT', active: true });
    expect(market.precision).toMatchObject({ price: 0.01, amount: 0.000001 });
    expect(market.limits.cost.min).toBe(5);
    await bob.loadMarkets();

    const balance = await alice.fetchBalance();
    expect(balance.free.USDT).toBe(100000);
    expect(balance.total.BTC).toBe(2);

    // Bob quotes; Alice watches the book over the WebSocket while it changes.
    const ask = await bob.createOrder('BTC/USDT', 'limit', 'sell', 0.5, 65000);
    expect(ask).toMatchObject({ status: 'open', type: 'limit', side: 'sell', price: 65000, amount: 0.5 });
    const watcher = binanceAt(base, { apiKey: '', secret: '' }, true);
    // Plain ws:// (no TLS in a test) needs CCXT's HTTP agent loaded first.
    await watcher.loadHttpProxyAgent();
    try {
      const first = await watcher.watchOrderBook('BTC/USDT');
      expect(first.asks[0]).toEqual([65000, 0.5]);
      const bid = await bob.createOrder('BTC/USDT', 'limit', 'buy', 0.25, 64000);
      let book = first;
      for (let i = 0; i < 30 && book.bids.length === 0; i++) book = await watcher.watchOrderBook('BTC/USDT');
      expect(book.bids[0]).toEqual([64000, 0.25]);
      expect(book.asks[0]).toEqual([65000, 0.5]);
      const rest = await alice.fetchOrderBook('BTC/USDT');
      expect(rest.nonce).toBeGreaterThanOrEqual(first.nonce);
      expect(rest.bids[0]).toEqual([64000, 0.25]);
      await bob.cancelOrder(bid.id, 'BTC/USDT');
    } finally {
      await watcher.close();
    }

    // A resting limit buy, followed live over the WebSocket API's user data stream, found by id and among the open
    // orders, then cancelled.
    const alicePro = binanceAt(base, aliceKey, true);
    await alicePro.loadHttpProxyAgent();
    await alicePro.loadMarkets();
    await alicePro.authenticate();
    const live = alicePro.watchOrders('BTC/USDT');
    const resting = await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 60000);
    expect(resting).toMatchObject({ status: 'open', filled: 0, remaining: 0.01 });
    const [pushed] = await live;
    expect(pushed).toMatchObject({
      id: resting.id,
      clientOrderId: resting.clientOrderId,
      status: 'open',
      price: 60000,
    });
    expect(resting.clientOrderId).toMatch(/^x-/);
    const open = await alice.fetchOpenOrders('BTC/USDT');
    expect(open.map((o: Exchange) => o.id)).toEqual([resting.id]);
    expect((await alice.fetchBalance()).used.USDT).toBe(600);
    const liveCancel = alicePro.watchOrders('BTC/USDT');
    const cancelled = await alice.cancelOrder(resting.id, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    expect((await liveCancel).at(-1)).toMatchObject({ id: resting.id, status: 'canceled' });
    expect((await alice.fetchOrder(resting.id, 'BTC/USDT')).status).toBe('canceled');

    // A market buy by cost takes Bob's ask; the balance change streams too.
    const liveBalance = alicePro.watchBalance();
    const bought = await alice.createOrder('BTC/USDT', 'market', 'buy', undefined, undefined, { cost: 650 });
    expect((await liveBalance).BTC).toMatchObject({ free: 2.00998, used: 0 });
    await alicePro.close();
    expect(bought).toMatchObject({ status: 'closed', type: 'market', side: 'buy', filled: 0.01, cost: 650 });
    expect(bought.trades).toHaveLength(1);
    expect(bought.fee).toMatchObject({ currency: 'BTC', cost: 0.00002 });
    const mine = await alice.fetchMyTrades('BTC/USDT');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ price: 65000, amount: 0.01, side: 'buy', takerOrMaker: 'taker', order: bought.id });
    const after = await alice.fetchBalance();
    expect(new Big(after.free.USDT).eq(100000 - 650)).toBe(true);
    expect(new Big(after.free.BTC).eq('2.00998')).toBe(true);

    // A market sell by quantity against nothing to take expires unfilled, as on Binance.
    const sold = await alice.createOrder('BTC/USDT', 'market', 'sell', 0.001);
    expect(sold).toMatchObject({ status: 'expired', filled: 0 });

    // Public data now shows the trade.
    const ticker = await alice.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ symbol: 'BTC/USDT', last: 65000, ask: 65000 });
    const trades = await alice.fetchTrades('BTC/USDT');
    expect(trades.at(-1)).toMatchObject({ price: 65000, amount: 0.01, side: 'buy' });
    const candles = await alice.fetchOHLCV('BTC/USDT', '1m');
    expect(candles.at(-1)?.slice(1, 6)).toEqual([65000, 65000, 65000, 65000, 0.01]);

    // Bob's order shows the fill; every order of Alice's is listed.
    const askNow = await bob.fetchOrder(ask.id, 'BTC/USDT');
    expect(askNow).toMatchObject({ status: 'open', filled: 0.01, remaining: 0.49 });
    const all = await alice.fetchOrders('BTC/USDT');
    expect(all.map((o: Exchange) => o.status)).toEqual(['canceled', 'closed', 'expired']);
    // A market buy by amount, as bots send it most: the quantity, priced against the book when placed.
    const byAmount = await alice.createOrder('BTC/USDT', 'market', 'buy', 0.01);
    expect(byAmount).toMatchObject({ status: 'closed', side: 'buy', amount: 0.01, filled: 0.01, cost: 650 });
    expect((await alice.fetchBalance()).used.USDT).toBe(0);
    // Refusals arrive as CCXT's exception classes.
    await expect(alice.createOrder('BTC/USDT', 'limit', 'buy', 10, 65000)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    );
    await expect(alice.cancelOrder('999999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await bob.cancelAllOrders('BTC/USDT');
    expect(await bob.fetchOpenOrders('BTC/USDT')).toEqual([]);
  }, 30_000);
});
