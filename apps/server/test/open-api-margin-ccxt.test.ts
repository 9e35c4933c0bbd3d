import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LoanStatus } from '@opex/contract/calls/lever';
import Big from 'big.js';
import ccxt from 'ccxt';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ledgerText } from '../src/ledger/ledger-units.ts';
import { type MarginReader, marginMarket, pairView } from '../src/margin/margin-reads.ts';
import { insertApiKey } from '../src/modules/openapi/api-keys.ts';
import { serverSecretBox } from '../src/secrets/secret-box.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_LOGINS } from '../src/seed/demo-logins.ts';
import { createServices, type Services } from '../src/services.ts';
import { binanceAt, type Exchange } from './open-api-fixtures.ts';
import { balanceOf, tradingInvariants } from './trading-fixtures.ts';

/**
 * CCXT's `binance` class trading isolated margin against the real server on a real port, every URL (the /sapi
 * family included) pointing at it: borrowing and repaying (everything owed, too), the interest history, moving money
 * between spot and the pair's margin account, the isolated account's balance checked against the core's figures,
 * and orders on the margin account (limit and market, with and without auto-borrow, auto-repay), listed and
 * cancelled apart from spot's. Each test ends with the ledger's invariants. SQLite only, as open-api-ccxt.test.ts.
 */
const SECRET_BOX_KEY = 'cd'.repeat(32);
const PAIR = 'BTC/USDT';
const ISOLATED = { marginMode: 'isolated' };
const ISOLATED_BALANCE = { type: 'margin', marginMode: 'isolated', symbols: [PAIR] };

describe('CCXT binance isolated margin against the Open API', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let services: Services;
  let alice: Exchange;
  let bob: Exchange;
  let aliceId: number;
  let alicePro: Exchange;

  const invariants = async () => expect(await tradingInvariants(database.db, services.core)).toEqual([]);
  const isolatedBalance = () => alice.fetchBalance(ISOLATED_BALANCE);
  /** The pair's account as the margin reads (and so the core's risk) see it now. */
  const coreView = async () => {
    const reader: MarginReader = { db: database.db, core: services.core, prices: services.prices };
    const spec = marginMarket(reader, 'BTCUSDT');
    if (!spec) throw new Error('BTCUSDT is not open for margin');
    return pairView(reader, aliceId, spec, Date.now());
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'opex-ccxt-margin-'));
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
    services = await createServices(config, database);
    await seedDemo(services);
    // The operator sets BTC/USDT's isolated margin to 3x and its own rates over the demo's (market ... --lever 1
    // --multiple 3; margin coin ...).
    await database.db
      .updateTable('markets')
      .set({ is_open_lever: 1, multiple: 3 })
      .where('symbol', '=', 'btcusdt')
      .execute();
    await database.db
      .insertInto('margin_coins')
      .values([
        { coin: 'USDT', daily_rate: '0.001', min_borrow: '10', updated_at: 0 },
        { coin: 'BTC', daily_rate: '0.0002', min_borrow: '0.0001', updated_at: 0 },
      ])
      .onConflict((oc) =>
        oc.column('coin').doUpdateSet((eb) => ({
          daily_rate: eb.ref('excluded.daily_rate'),
          min_borrow: eb.ref('excluded.min_borrow'),
        })),
      )
      .execute();
    await services.core.reloadMarkets();
    app = await buildApp(services, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const box = serverSecretBox(services.config);
    const keys = [];
    const ids = [];
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
      ids.push(Number(user.id));
    }
    aliceId = ids[0] as number;
    alice = binanceAt(base, keys[0] as { apiKey: string; secret: string });
    alicePro = binanceAt(base, keys[0] as { apiKey: string; secret: string }, true);
    bob = binanceAt(base, keys[1] as { apiKey: string; secret: string });
    await Promise.all([alice.loadMarkets(), bob.loadMarkets()]);
    // Bob quotes on spot: the book's mid, 65000, is BTC's index price in USDT.
    await bob.createOrder(PAIR, 'limit', 'buy', 0.5, 64000);
    await bob.createOrder(PAIR, 'limit', 'sell', 0.5, 66000);
    await services.prices.current();
  }, 30_000);

  afterAll(async () => {
    await alicePro?.close();
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves money in and out, borrows, repays part and then all of it, and shows the account as the core has it', async () => {
    const market = alice.market(PAIR);
    expect(market).toMatchObject({ id: 'BTCUSDT', spot: true, margin: true });
    expect(await alice.fetchIsolatedBorrowRate(PAIR)).toMatchObject({
      symbol: PAIR,
      base: 'BTC',
      baseRate: 0.0002,
      quote: 'USDT',
      quoteRate: 0.001,
      period: 86_400_000,
    });

    const moved = await alice.transfer('USDT', 1000, 'spot', 'isolated', { symbol: PAIR });
    expect(Number(moved.id)).toBeGreaterThan(0);
    expect((await alice.fetchBalance()).free.USDT).toBe(99000);
    expect((await isolatedBalance()).USDT).toMatchObject({ free: 1000, used: 0, debt: 0 });

    const loan = await alice.borrowIsolatedMargin(PAIR, 'USDT', 500);
    expect(loan).toMatchObject({ currency: 'USDT' });
    expect(Number(loan.id)).toBeGreaterThan(0);

    // The isolated account's figures are the margin reads', which the core decides with.
    const balance = await isolatedBalance();
    const view = await coreView();
    const [pair] = balance.info.assets;
    expect(pair).toMatchObject({
      symbol: 'BTCUSDT',
      isolatedCreated: true,
      enabled: true,
      tradeEnabled: true,
      indexPrice: '65000.00000000',
      marginRatio: '3',
      quoteAsset: {
        asset: 'USDT',
        borrowed: '500.00000000',
        free: '1500.00000000',
        locked: '0.00000000',
        totalAsset: '1500.00000000',
      },
      baseAsset: { asset: 'BTC', borrowed: '0.00000000', free: '0.00000000' },
    });
    expect(view.coins.quote).toMatchObject({ available: 1500n * 10n ** 18n, principal: 500n * 10n ** 18n });
    // Interest accrues by the millisecond: the read just after may owe one more unit (0.000001 USDT), never less.
    const interest = new Big(pair.quoteAsset.interest);
    const coreInterest = new Big(ledgerText(view.coins.quote.interest));
    expect(coreInterest.minus(interest).abs().lte('0.000001')).toBe(true);
    expect(
      new Big(pair.marginLevel)
        .div(ledgerText(view.risk?.riskRate ?? 0n))
        .minus(1)
        .abs()
        .lt('0.000001'),
    ).toBe(true);
    expect(new Big(pair.liquidatePrice).gt(0)).toBe(false); // all quote, debt in quote: no price liquidates it
    expect(balance.USDT).toMatchObject({ free: 1500, used: 0 });
    expect(new Big(balance.USDT.debt).gte(500)).toBe(true);

    // Refusals reach CCXT as the classes it gives Binance's codes.
    await expect(alice.borrowIsolatedMargin(PAIR, 'USDT', 100000)).rejects.toBeInstanceOf(ccxt.BadRequest); // -3006
    await expect(alice.borrowIsolatedMargin(PAIR, 'USDT', 1)).rejects.toBeInstanceOf(ccxt.BadRequest); // -3013
    await expect(alice.repayIsolatedMargin(PAIR, 'USDT', 10000)).rejects.toBeInstanceOf(ccxt.BadRequest); // -3015
    await expect(alice.repayIsolatedMargin(PAIR, 'BTC', 0.001)).rejects.toBeInstanceOf(ccxt.BadRequest); // nothing owed
    await expect(alice.borrowIsolatedMargin('LTC/USDT', 'USDT', 100)).rejects.toBeInstanceOf(ccxt.BadSymbol); // -3028
    await expect(alice.transfer('USDT', 1400, 'isolated', 'spot', { symbol: PAIR })).rejects.toBeInstanceOf(
      ccxt.BadRequest, // -3020: below the transfer line
    );
    await expect(alice.transfer('USDT', 200000, 'spot', 'isolated', { symbol: PAIR })).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds, // -3041
    );

    // An hour's interest posting (the scheduler's), then part of the debt repaid: interest first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await services.core.execute('marginInterest', {})).posted).toBe(1);
    await alice.repayIsolatedMargin(PAIR, 'USDT', 100);
    const owing = (await isolatedBalance()).USDT;
    expect(new Big(owing.debt).gt(400)).toBe(true);
    expect(new Big(owing.debt).lt(400.01)).toBe(true);

    // Everything owed, as the balance shows it, repays everything: nothing is owed afterwards.
    await alice.repayIsolatedMargin(PAIR, 'USDT', owing.debt);
    const cleared = await isolatedBalance();
    expect(cleared.USDT.debt).toBe(0);
    expect(cleared.info.assets[0].quoteAsset).toMatchObject({ borrowed: '0.00000000', interest: '0.00000000' });
    const loans = await database.db.selectFrom('margin_loans').selectAll().where('user_id', '=', aliceId).execute();
    expect(loans.map((l) => l.status)).toEqual([LoanStatus.repaid]);
    const paid = new Big(loans[0]?.interest_paid ?? 0);
    expect(paid.gt(0)).toBe(true);

    // The interest history lists what was posted for the loan, and it sums to what was paid.
    const history = await alice.fetchBorrowInterest('USDT', PAIR);
    expect(history.length).toBeGreaterThanOrEqual(1);
    expect(history[0]).toMatchObject({
      currency: 'USDT',
      marginMode: 'isolated',
      amountBorrowed: 500,
      interestRate: 0.001,
    });
    const posted = history.reduce((sum: Big, row: Exchange) => sum.plus(row.info.interest), new Big(0));
    expect(posted.eq(paid)).toBe(true);

    // All of it back to spot: what the account lost is the interest.
    const left = new Big(cleared.USDT.free);
    await alice.transfer('USDT', left.toNumber(), 'isolated', 'spot', { symbol: PAIR });
    expect(await balanceOf(database.db, aliceId, 'USDT', 'lever:BTCUSDT')).toEqual({ available: '0', locked: '0' });
    expect(new Big((await alice.fetchBalance()).free.USDT).eq(new Big(100000).minus(paid))).toBe(true);
    await invariants();
  }, 30_000);

  it('trades on the isolated account: limit and market orders, with and without auto-borrow, apart from spot', async () => {
    await alice.transfer('USDT', 1000, 'spot', 'isolated', { symbol: PAIR });
    // Spot's user data stream (the WebSocket API's) is followed meanwhile: it reports spot orders only.
    await alicePro.loadHttpProxyAgent();
    await alicePro.loadMarkets();
    await alicePro.authenticate();
    const live = alicePro.watchOrders(PAIR);

    // A resting limit buy without borrowing: listed and cancelled on the isolated account, unseen by spot calls.
    const resting = await alice.createOrder(PAIR, 'limit', 'buy', 0.01, 60000, ISOLATED);
    const spotOrder = await alice.createOrder(PAIR, 'limit', 'buy', 0.001, 50000);
    expect((await live).map((o: Exchange) => o.id)).toEqual([spotOrder.id]);
    await alice.cancelOrder(spotOrder.id, PAIR);
    expect(resting).toMatchObject({ status: 'open', price: 60000, amount: 0.01 });
    expect(resting.info.isIsolated).toBe(true);
    expect((await alice.fetchOpenOrders(PAIR, undefined, undefined, ISOLATED)).map((o: Exchange) => o.id)).toEqual([
      resting.id,
    ]);
    expect(await alice.fetchOpenOrders(PAIR)).toEqual([]);
    expect((await isolatedBalance()).USDT).toMatchObject({ free: 400, used: 600 });
    await expect(alice.cancelOrder(resting.id, PAIR)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    const cancelled = await alice.cancelOrder(resting.id, PAIR, ISOLATED);
    expect(cancelled.status).toBe('canceled');
    expect((await alice.fetchOrder(resting.id, PAIR, ISOLATED)).status).toBe('canceled');

    // Too big for the account without borrowing; with auto-borrow (MARGIN_BUY) the shortfall is borrowed first.
    await expect(alice.createOrder(PAIR, 'limit', 'buy', 0.05, 60000, ISOLATED)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    );
    const leveraged = await alice.createOrder(PAIR, 'limit', 'buy', 0.05, 60000, {
      ...ISOLATED,
      sideEffectType: 'MARGIN_BUY',
    });
    expect(leveraged.status).toBe('open');
    expect((await isolatedBalance()).USDT).toMatchObject({ free: 0, used: 3000 });
    expect(new Big((await isolatedBalance()).USDT.debt).gte(2000)).toBe(true);
    // Beyond what 3x allows, auto-borrow refuses the order and borrows nothing.
    await expect(
      alice.createOrder(PAIR, 'limit', 'buy', 1, 60000, { ...ISOLATED, sideEffectType: 'MARGIN_BUY' }),
    ).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    await alice.cancelAllOrders(PAIR, ISOLATED);
    expect(await alice.fetchOpenOrders(PAIR, undefined, undefined, ISOLATED)).toEqual([]);
    // A cancelled order keeps what was borrowed for it: repaid here, all of it.
    const borrowed = await isolatedBalance();
    expect(borrowed.USDT.free).toBe(3000);
    await alice.repayIsolatedMargin(PAIR, 'USDT', borrowed.USDT.debt);
    expect((await isolatedBalance()).USDT.debt).toBe(0);

    // A market sell with auto-borrow: a short of BTC borrowed and sold into Bob's bid.
    const short = await alice.createOrder(PAIR, 'market', 'sell', 0.01, undefined, {
      ...ISOLATED,
      sideEffectType: 'MARGIN_BUY',
    });
    expect(short).toMatchObject({ status: 'closed', side: 'sell', filled: 0.01, cost: 640 });
    const shorted = await isolatedBalance();
    expect(shorted.BTC).toMatchObject({ free: 0, debt: expect.any(Number) });
    expect(new Big(shorted.BTC.debt).gte('0.01')).toBe(true);

    // A market buy without side effect, by quote amount: plain spending of the account's USDT.
    const bought = await alice.createOrder(PAIR, 'market', 'buy', undefined, undefined, { ...ISOLATED, cost: 330 });
    expect(bought).toMatchObject({ status: 'closed', side: 'buy', filled: 0.005, cost: 330 });

    // Closing the short with AUTO_REPAY (CCXT's reduceOnly): what the buy brought in, net of its 0.2% fee in BTC,
    // repays the BTC debt as it fills.
    const before = new Big((await isolatedBalance()).BTC.debt);
    const cover = await alice.createOrder(PAIR, 'market', 'buy', 0.005, undefined, { ...ISOLATED, reduceOnly: true });
    expect(cover).toMatchObject({ status: 'closed', filled: 0.005 });
    const repaid = before.minus((await isolatedBalance()).BTC.debt);
    // 0.00499 BTC less owed (a unit of interest may have accrued since).
    expect(repaid.gte('0.00498999') && repaid.lte('0.00499')).toBe(true);

    // The isolated account's orders and trades, none of them among spot's.
    const orders = await alice.fetchOrders(PAIR, undefined, undefined, ISOLATED);
    expect(orders.map((o: Exchange) => o.status)).toEqual(['canceled', 'canceled', 'closed', 'closed', 'closed']);
    const trades = await alice.fetchMyTrades(PAIR, undefined, undefined, ISOLATED);
    expect(trades.map((t: Exchange) => [t.side, t.amount, t.price])).toEqual([
      ['sell', 0.01, 64000],
      ['buy', 0.005, 66000],
      ['buy', 0.005, 66000],
    ]);
    expect(await alice.fetchMyTrades(PAIR)).toEqual([]);
    await invariants();
  }, 30_000);
});
