import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { insertApiKey } from '../src/modules/openapi/api-keys.ts';
import { serverSecretBox } from '../src/modules/openapi/secret-box.ts';
import { DEMO_LOGINS } from '../src/seed/demo-logins.ts';
import { freePort, type ServerProcess, startServer } from './exchange-process.ts';

/**
 * CCXT, the library most bots trade through, against the real server as its own process: `ccxt.binance` pointed
 * at our /api/v3 loads the markets, reads tickers, books, candles, trades and balances, places, reads and cancels
 * orders signed with a key from the key store; `ccxt.pro.binance` keeps an order book from our /ws streams.
 * SQLite only: the process and CCXT's own bookkeeping are what is under test, not the dialect.
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
        ws: { spot: ws, margin: ws },
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
  let server: ServerProcess;
  let base: string;
  let alice: Exchange;
  let bob: Exchange;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'opex-ccxt-'));
    const port = await freePort();
    server = await startServer(dataDir, port, { DEMO: '1', MARKET_MAKER: '0', OPEN_API_SECRET_KEY: SECRET_BOX_KEY });
    base = `http://127.0.0.1:${port}`;
    // Keys made through the key store, as the API management page makes them, in the server's own database.
    const handle = openDatabase({ sqliteFile: path.join(dataDir, 'opex.sqlite') });
    const box = serverSecretBox(loadConfig({ OPEN_API_SECRET_KEY: SECRET_BOX_KEY }));
    const keys = [];
    for (const login of DEMO_LOGINS) {
      const user = await handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', login.email)
        .executeTakeFirstOrThrow();
      const { row, secret } = await insertApiKey(
        handle.db,
        box,
        Number(user.id),
        { label: 'ccxt', permissions: ['read', 'trade'], ip: '' },
        Date.now(),
      );
      keys.push({ apiKey: row.api_key, secret });
    }
    await handle.close();
    alice = binanceAt(base, keys[0] as { apiKey: string; secret: string });
    bob = binanceAt(base, keys[1] as { apiKey: string; secret: string });
  }, 40_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
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

    // A resting limit buy, found by id and among the open orders, then cancelled.
    const resting = await alice.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 60000);
    expect(resting).toMatchObject({ status: 'open', filled: 0, remaining: 0.01 });
    expect(resting.clientOrderId).toMatch(/^x-/);
    const open = await alice.fetchOpenOrders('BTC/USDT');
    expect(open.map((o: Exchange) => o.id)).toEqual([resting.id]);
    expect((await alice.fetchBalance()).used.USDT).toBe(600);
    const cancelled = await alice.cancelOrder(resting.id, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    expect((await alice.fetchOrder(resting.id, 'BTC/USDT')).status).toBe('canceled');

    // A market buy by cost takes Bob's ask.
    const bought = await alice.createOrder('BTC/USDT', 'market', 'buy', undefined, undefined, { cost: 650 });
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
    // Refusals arrive as CCXT's exception classes.
    await expect(alice.createOrder('BTC/USDT', 'limit', 'buy', 10, 65000)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    );
    await expect(alice.cancelOrder('999999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await bob.cancelAllOrders('BTC/USDT');
    expect(await bob.fetchOpenOrders('BTC/USDT')).toEqual([]);
  }, 30_000);
});
