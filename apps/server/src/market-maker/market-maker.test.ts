import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDialects } from '../../test/harness.ts';
import { fund, tradingInvariants } from '../../test/trading-fixtures.ts';
import { saveMarket } from '../catalog/markets.ts';
import { setRate } from '../catalog/rates.ts';
import { MarketMaker } from './market-maker.ts';

describe.each(testDialects)('demo market maker on %s', (dialect) => {
  let server: TestServer;
  let maker: MarketMaker;
  const db = () => server.services.database.db;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const now = server.clock.now();
    await saveMarket(
      db(),
      {
        base: 'BTC',
        quote: 'USDT',
        pricePrecision: 2,
        volumePrecision: 6,
        depthSteps: '0.01,0.1,1',
        limitVolumeMin: '0.000001',
        limitPriceMin: '0.01',
        marketBuyMin: '5',
        marketSellMin: '0.0001',
        makerFee: '0.001',
        takerFee: '0.002',
      },
      now,
    );
    await saveMarket(
      db(),
      {
        base: 'TRX',
        quote: 'USDT',
        pricePrecision: 5,
        volumePrecision: 1,
        depthSteps: '0.00001,0.0001',
        limitVolumeMin: '0.1',
        limitPriceMin: '0.00001',
        marketBuyMin: '5',
        marketSellMin: '10',
        makerFee: '0.001',
        takerFee: '0.002',
      },
      now,
    );
    for (const [coin, rate] of [
      ['BTC', '65000'],
      ['TRX', '0.12'],
      ['USDT', '1'],
    ] as const)
      await setRate(db(), { coin, fiat: 'usd', rate }, now);
    await db()
      .insertInto('coins')
      .values(
        ['BTC', 'USDT', 'TRX'].map((symbol, i) => ({
          symbol,
          name: symbol,
          icon: '',
          sort: i,
          show_precision: 8,
          scale: 8,
          is_fiat: 0,
          main_chain_type: '',
          deposit_open: 1,
          withdraw_open: 1,
          otc_open: 0,
          fiat_precision: '{}',
          introduction: '{}',
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    // A very long tick: the test drives the rounds itself.
    maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 7, takerPercent: 100 });
    await maker.start();
  });
  afterAll(async () => {
    await maker.stop();
    await server.close();
  });

  it('quotes both sides of every market, trades, and keeps the ledger and books consistent', async () => {
    // The core re-reads markets added since its start every 2 s (of the clock) while it handles commands.
    server.clock.advance(2001);
    for (let i = 0; i < 12; i++) {
      await maker.tick();
      server.clock.advance(500);
    }
    for (const symbol of ['btcusdt', 'trxusdt']) {
      const book = server.services.core.book(symbol);
      expect(book?.bids.size).toBeGreaterThan(0);
      expect(book?.asks.size).toBeGreaterThan(0);
      expect(server.services.marketData.ticker(symbol)?.vol).not.toMatch(/^0(\.0+)?$/);
    }
    const bid = server.services.core.book('btcusdt')?.bids;
    const best = Number(bid?.price[bid.best()]) / 100;
    expect(best).toBeGreaterThan(60000);
    expect(best).toBeLessThan(70000);
    expect(maker.stats.takes).toBeGreaterThan(0);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });

  it("prunes the bots' day-old history, never a real trader's, with balances and the ledger exact", async () => {
    const TRADER = 4242;
    await fund(server.services.core, TRADER, 'USDT', '1000');
    const bought = await server.services.core.placeOrder({
      userId: TRADER,
      symbol: 'btcusdt',
      request: { side: 'BUY', type: 2, volume: '50.00' },
      clientOrderId: null,
    });
    expect(bought.ok).toBe(true);
    // A day and more later, the bots trade on; what they did the day before is old.
    server.clock.advance(25 * 3_600_000);
    for (let i = 0; i < 4; i++) {
      await maker.tick();
      server.clock.advance(500);
    }
    const count = async (table: 'orders' | 'trades' | 'ledger_entries') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const balances = async () =>
      (await db().selectFrom('balances').selectAll().orderBy(['owner_id', 'account', 'coin']).execute()).map(
        ({ updated_at: _, ...b }) => b,
      );
    const before = {
      orders: await count('orders'),
      trades: await count('trades'),
      ledger: await count('ledger_entries'),
    };
    const held = await balances();
    const traderRows = async () => ({
      orders: await db().selectFrom('orders').select('id').where('user_id', '=', TRADER).execute(),
      trades: await db()
        .selectFrom('trades')
        .select('id')
        .where((eb) => eb.or([eb('taker_user_id', '=', TRADER), eb('maker_user_id', '=', TRADER)]))
        .execute(),
      ledger: await db().selectFrom('ledger_entries').select('id').where('owner_id', '=', TRADER).execute(),
    });
    const trader = await traderRows();
    expect(trader.trades.length).toBeGreaterThan(0);

    const pruned = await maker.prune();
    expect(pruned.trades).toBeGreaterThan(0);
    expect(pruned.orders).toBeGreaterThan(0);
    expect(await count('trades')).toBe(before.trades - pruned.trades);
    expect(await count('orders')).toBe(before.orders - pruned.orders);
    expect(await count('ledger_entries')).toBeLessThan(before.ledger);
    expect(await balances()).toEqual(held);
    expect(await traderRows()).toEqual(trader);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
    // Again later: the previous opening rows are summed in, one per balance, and nothing else changes.
    server.clock.advance(25 * 3_600_000);
    await maker.tick();
    await maker.prune();
    const opening = await db()
      .selectFrom('ledger_entries')
      .select(['owner_id', 'account', 'coin', 'field'])
      .where('cause', '=', 'opening_balance')
      .execute();
    const perBalance = new Set(opening.map((o) => `${o.owner_id}/${o.account}/${o.coin}/${o.field}`));
    expect(perBalance.size).toBe(opening.length);
    expect(await traderRows()).toEqual(trader);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });

  it('resumes after a restart: funds are topped up only when low and old quotes are cancelled', async () => {
    await maker.stop();
    const again = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 8 });
    await again.start();
    await again.tick();
    await again.stop();
    const makerOrders = await db().selectFrom('orders').select('id').where('status', 'in', [1, 3]).execute();
    expect(makerOrders.length).toBeGreaterThan(0);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });
});
