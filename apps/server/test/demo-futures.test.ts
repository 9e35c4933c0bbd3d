import { publicMarketInfo } from '@opex/contract/calls/co-common';
import { openOrderStatuses } from '@opex/contract/calls/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { FORCED } from '../src/core/futures/futures-state.ts';
import { openFuturesAccount } from '../src/futures/user-config.ts';
import { creditFromOutside } from '../src/ledger/ledger.ts';
import { MarketData } from '../src/market-data/market-data.ts';
import { BOT_EMAILS } from '../src/market-maker/bot-accounts.ts';
import { MarketMaker } from '../src/market-maker/market-maker.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { futuresInvariants, tradingInvariants } from './trading-fixtures.ts';

const CONTRACTS = ['E-BTC-USDT', 'E-ETH-USDT', 'E-BTC-USD', 'S-BTC-USDT'];

describe.each(testDialects)('demo futures on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  const db = () => server.services.database.db;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  /** Every contract and bracket row as stored, times left out. */
  const catalogue = async () => ({
    contracts: (await db().selectFrom('contracts').selectAll().orderBy('id').execute()).map(
      ({ created_at: _, updated_at: __, ...c }) => c,
    ),
    brackets: await db().selectFrom('contract_brackets').selectAll().orderBy('contract_id').orderBy('tier').execute(),
  });

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await seedDemo(server.services);
  });
  afterAll(() => server.close());

  it('lists two linear perpetuals, an inverse one and a simulated one with brackets, through the operator commands', async () => {
    const { contracts, brackets } = await catalogue();
    expect(contracts.map((c) => [c.contract_name, c.status, c.margin_coin, c.multiplier, c.capital_frequency])).toEqual(
      [
        ['E-BTC-USDT', 'listed', 'USDT', '0.001', 8],
        ['E-ETH-USDT', 'listed', 'USDT', '0.01', 8],
        ['E-BTC-USD', 'listed', 'BTC', '100', 8],
        ['S-BTC-USDT', 'listed', 'USDT', '0.001', 8],
      ],
    );
    const first = brackets.filter((b) => b.tier === 1).map((b) => [b.max_notional, b.max_leverage]);
    expect(first).toEqual([
      ['50000', 125],
      ['50000', 100],
      ['5', 125],
      ['50000', 125],
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', 'like', 'contract.%')
      .execute();
    expect(audit).toHaveLength(8);
    expect(audit.every((a) => a.actor === 'seed:demo')).toBe(true);
  });

  it("is idempotent and leaves an operator's changes as they are", async () => {
    await admin('contract', 'halt', 'E-ETH-USDT');
    await admin('contract', 'delist', 'E-BTC-USD');
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', '10000:20:0.01');
    const changed = await catalogue();
    await seedDemo(server.services);
    expect(await catalogue()).toEqual(changed);
  });

  it('lists them on a demo database from before futures, and finishes a start cut off before the brackets', async () => {
    await db().deleteFrom('contract_brackets').execute();
    await db().deleteFrom('contracts').execute();
    await seedDemo(server.services);
    const contract = await db()
      .selectFrom('contracts')
      .select('id')
      .where('contract_name', '=', 'E-ETH-USDT')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('contract_brackets').where('contract_id', '=', contract.id).execute();
    await seedDemo(server.services);
    const { contracts, brackets } = await catalogue();
    expect(contracts.map((c) => c.contract_name)).toEqual(CONTRACTS);
    expect(new Set(brackets.map((b) => b.contract_id)).size).toBe(4);
  });

  // Four contracts quoted for 70 rounds: longer than the default 20 s on PostgreSQL on a busy machine.
  it('quotes and trades every contract through the core, its bots within their bound and the ledger exact', async () => {
    const { core, prices, contractPrices, marketData } = server.services;
    await core.reloadMarkets();
    await prices.current();
    await contractPrices.tick();
    const maker = new MarketMaker(server.services, {
      tickMs: 3_600_000,
      seed: 11,
      layers: 8,
      takerPercent: 100,
      futuresBoundLayers: 4,
    });
    await maker.start();
    const symbols = CONTRACTS.map((c) => c.toLowerCase());
    // Seeded history: the chart has a past before the first trade.
    for (const symbol of symbols) expect(marketData.hasHistory(symbol)).toBe(true);
    let largest = 0;
    const within = async () => {
      for (const symbol of symbols) {
        const held = await maker.futuresPositions(symbol);
        expect(held).not.toBeNull();
        if (!held) continue;
        expect(Math.abs(held.maker)).toBeLessThanOrEqual(held.bound);
        expect(Math.abs(held.taker)).toBeLessThanOrEqual(held.bound);
        largest = Math.max(largest, Math.abs(held.maker) / held.bound);
      }
    };
    const round = async () => {
      await maker.tick();
      server.clock.advance(500);
      await prices.current();
      await contractPrices.tick();
      await within();
    };
    for (let i = 0; i < 30; i++) await round();
    // A trader sells into the maker's bids again and again: the maker's long position stops at its bound.
    const TRADER = 4242;
    await openFuturesAccount(db(), TRADER, server.clock.now());
    await core.postMovement(
      creditFromOutside({
        ownerId: TRADER,
        account: 'co',
        coin: 'USDT',
        amount: '100000',
        cause: 'operator_credit',
        causeId: 'trader',
      }),
    );
    const trade = (side: 'BUY' | 'SELL', volume: string) =>
      core.execute('futuresPlace', {
        userId: TRADER,
        symbol: 'e-btc-usdt',
        side,
        kind: 2,
        volume,
        intent: { positionSide: 'both', reduceOnly: side === 'BUY', leverage: 10, marginMode: 1 },
        clientOrderId: null,
      });
    for (let i = 0; i < 10; i++) {
      await trade('SELL', '20');
      await round();
    }
    expect(largest).toBeGreaterThan(0.9);
    // The trader buys its position back: the bots' positions shrink to within half the bound again.
    for (let i = 0; i < 30; i++) {
      const short = await db()
        .selectFrom('futures_positions')
        .select('qty')
        .where('user_id', '=', TRADER)
        .where('open', '=', 1)
        .executeTakeFirst();
      if (short) await trade('BUY', String(Math.min(20, -Number(short.qty))));
      await round();
    }
    const btc = await maker.futuresPositions('e-btc-usdt');
    expect(Math.abs(btc?.maker ?? Infinity)).toBeLessThanOrEqual((btc?.bound ?? 0) / 2);
    await maker.stop();
    // No bot order was refused, for margin or anything else.
    expect(maker.futuresRefusals).toBe(0);
    const visitor = server.client();
    for (const name of CONTRACTS) {
      const symbol = name.toLowerCase();
      const book = core.book(symbol);
      expect(book?.bids.size, name).toBeGreaterThan(0);
      expect(book?.asks.size, name).toBeGreaterThan(0);
      const trades = await db().selectFrom('trades').select('id').where('symbol', '=', symbol).execute();
      expect(trades.length, name).toBeGreaterThan(5);
      expect(marketData.ticker(symbol)?.vol, name).not.toMatch(/^0(\.0+)?$/);
      // The mark follows the index of the spot books: within the quotes' reach of it.
      const contract = await db()
        .selectFrom('contracts')
        .select('id')
        .where('contract_name', '=', name)
        .where('status', '=', 'listed')
        .executeTakeFirstOrThrow();
      const { data } = await visitor.call(publicMarketInfo, { contractId: contract.id });
      expect(Number(data.tagPrice), name).toBeGreaterThan(0);
      expect(Math.abs(Number(data.tagPrice) / Number(data.indexPrice) - 1), name).toBeLessThan(0.01);
    }
    expect(await tradingInvariants(db(), core)).toEqual([]);
  }, 60_000);

  it('quotes a contract listed while it runs within a minute, and leaves a halted one', async () => {
    const { core } = server.services;
    const maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 13, layers: 4 });
    await maker.start();
    await maker.tick();
    await admin('contract', 'halt', 'E-ETH-USDT');
    await admin(
      ...['contract', 'add', '--base', 'ETH', '--quote', 'USD', '--type', 'E', '--side', 'inverse'],
      ...['--multiplier', '10', '--price-precision', '2', '--max-limit-volume', '100000'],
      ...['--max-market-money', '1000000', '--maker-fee', '0.0002', '--taker-fee', '0.0005'],
    );
    await admin('contract', 'brackets', 'E-ETH-USD', '--tiers', '100:50:0.01');
    // The core reads the catalogue again within seconds as commands flow; at once here.
    await core.reloadMarkets();
    await server.services.prices.current();
    await server.services.contractPrices.tick();
    for (let i = 0; i < 6; i++) {
      server.clock.advance(15_000);
      await maker.tick();
    }
    await maker.stop();
    // Its bots were funded in ETH, its margin coin, before their first order.
    expect(maker.futuresRefusals).toBe(0);
    expect(core.book('e-eth-usd')?.bids.size).toBeGreaterThan(0);
    expect(core.book('e-eth-usd')?.asks.size).toBeGreaterThan(0);
    expect(core.book('e-eth-usdt')?.bids.size).toBe(0);
    expect(core.book('e-eth-usdt')?.asks.size).toBe(0);
    await admin('contract', 'resume', 'E-ETH-USDT');
    expect(await tradingInvariants(db(), core)).toEqual([]);
  });

  it("after a restart: the contracts' past is read back, not walked again, and the maker's old quotes are cancelled", async () => {
    const { core, marketData } = server.services;
    await marketData.flush();
    const again = await MarketData.start(server.services.database, server.clock, core);
    try {
      for (const name of CONTRACTS) {
        expect(again.hasHistory(name.toLowerCase()), name).toBe(true);
        expect(again.ticker(name.toLowerCase())?.vol, name).toEqual(marketData.ticker(name.toLowerCase())?.vol);
      }
    } finally {
      await again.stop();
    }
    const openQuotes = () =>
      db()
        .selectFrom('orders')
        .select('id')
        .where('account', '=', 'co')
        .where('status', 'in', [...openOrderStatuses])
        .execute();
    const before = await openQuotes();
    expect(before.length).toBeGreaterThan(0);
    const maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 12, layers: 8 });
    await maker.start();
    await maker.stop();
    const left = new Set((await openQuotes()).map((o) => o.id));
    expect(before.filter((o) => left.has(o.id))).toEqual([]);
    expect(await tradingInvariants(db(), core)).toEqual([]);
  });
  it("prunes the bots' day-old futures fills and orders, never a trader's, a liquidation's, a position or a funding", async () => {
    const { core, prices, contractPrices } = server.services;
    const TRADER = 4242;
    const bots = (
      await db().selectFrom('users').select('id').where('email', 'in', Object.values(BOT_EMAILS)).execute()
    ).map((u) => Number(u.id));
    expect(bots).toHaveLength(2);
    // A funding paid between the bots' and the trader's open positions (an operator's settlement now).
    const at = server.clock.now();
    const moment = { ...contractPrices.fundingMoment(at), operator: true as const };
    expect((await core.execute('fundingSettle', moment, { at })).ok).toBe(true);
    // A liquidation's forced order (the kind the liquidation writes), filled against the other bot long ago.
    const bookTrade = await db()
      .selectFrom('trades')
      .select(['id', 'taker_order_id', 'maker_order_id'])
      .where('symbol', '=', 'e-btc-usdt')
      .where('taker_user_id', 'in', bots)
      .where('maker_user_id', 'in', bots)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('futures_orders')
      .set({ kind: FORCED })
      .where('order_id', '=', bookTrade.taker_order_id)
      .execute();
    // A day and more later, the bots trade on; what they did the day before is old.
    server.clock.advance(25 * 3_600_000);
    const maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 14, layers: 4, takerPercent: 100 });
    await maker.start();
    for (let i = 0; i < 4; i++) {
      await maker.tick();
      server.clock.advance(500);
      await prices.current();
      await contractPrices.tick();
    }
    await maker.stop();

    const count = async (table: 'futures_fills' | 'futures_orders') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const kept = async () => ({
      balances: (
        await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('account').orderBy('coin').execute()
      ).map(({ updated_at: _, ...b }) => b),
      positions: await db().selectFrom('futures_positions').selectAll().orderBy('id').execute(),
      funding: await db()
        .selectFrom('ledger_entries')
        .selectAll()
        .where('cause', '=', 'funding')
        .orderBy('id')
        .execute(),
      trader: {
        orders: await db().selectFrom('futures_orders').selectAll().where('user_id', '=', TRADER).execute(),
        fills: await db()
          .selectFrom('futures_fills')
          .innerJoin('trades', 'trades.id', 'futures_fills.trade_id')
          .selectAll('futures_fills')
          .where((eb) => eb.or([eb('taker_user_id', '=', TRADER), eb('maker_user_id', '=', TRADER)]))
          .orderBy('trade_id')
          .execute(),
        ledger: await db().selectFrom('ledger_entries').select('id').where('owner_id', '=', TRADER).execute(),
      },
      forced: {
        trade: await db().selectFrom('futures_fills').selectAll().where('trade_id', '=', bookTrade.id).execute(),
        orders: await db()
          .selectFrom('futures_orders')
          .select('order_id')
          .where('order_id', 'in', [bookTrade.taker_order_id, bookTrade.maker_order_id])
          .execute(),
      },
    });
    const before = { fills: await count('futures_fills'), orders: await count('futures_orders'), kept: await kept() };
    expect(before.kept.trader.fills.length).toBeGreaterThan(0);
    expect(before.kept.funding.length).toBeGreaterThan(0);
    expect(before.kept.forced.orders).toHaveLength(2);

    const pruned = await maker.prune();
    expect(pruned.trades).toBeGreaterThan(0);
    expect(pruned.orders).toBeGreaterThan(0);
    expect(await count('futures_fills')).toBeLessThan(before.fills);
    expect(await count('futures_orders')).toBeLessThan(before.orders);
    expect(await kept()).toEqual(before.kept);
    // Each futures row goes with its trade or order: none is left without one, none of theirs is missing.
    const futuresTrades = await db()
      .selectFrom('trades')
      .leftJoin('futures_fills', 'futures_fills.trade_id', 'trades.id')
      .select(['trades.id', 'futures_fills.trade_id'])
      .where((eb) => eb.or([eb('trades.symbol', 'like', 'e-%'), eb('trades.symbol', 'like', 's-%')]))
      .execute();
    expect(futuresTrades.filter((t) => t.trade_id === null)).toEqual([]);
    expect(futuresTrades).toHaveLength(await count('futures_fills'));
    const coOrders = await db()
      .selectFrom('orders')
      .leftJoin('futures_orders', 'futures_orders.order_id', 'orders.id')
      .select(['orders.id', 'futures_orders.order_id'])
      .where('orders.account', 'in', ['co', 'co_sim'])
      .execute();
    expect(coOrders.filter((o) => o.order_id === null)).toEqual([]);
    expect(coOrders).toHaveLength(await count('futures_orders'));
    expect(await tradingInvariants(db(), core)).toEqual([]);
    expect(await futuresInvariants(db())).toEqual([]);
  });
});
