import { LoanStatus } from '@opex/contract/calls/lever';
import Big from 'big.js';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { fund, marginInvariants, seedMarket, tradingInvariants } from '../../../test/trading-fixtures.ts';
import type { Database } from '../../db/schema.ts';
import { ledgerOf } from '../../ledger/ledger-units.ts';
import { ManualClock } from '../../platform/clock.ts';
import { TradingCore } from '../trading-core.ts';

type Core = TradingCore;

import { accrue, owedInFull } from './loan-interest.ts';
import { loanFromRow } from './margin-loans.ts';
import { pairRisk } from './margin-risk.ts';

/**
 * Margin under random traders and random price paths: every index price event is followed by the core's risk check
 * at that price, and after it no account that still owes anything is at or under the liquidation line (so each one
 * that crossed was liquidated within that event), a liquidated account owes nothing, and per coin the ledger is
 * conserved with loans, interest and the insurance fund included. Longer runs: MARGIN_PROPERTY_RUNS.
 */
const RUNS = Number(process.env.MARGIN_PROPERTY_RUNS ?? 150);
const SYMBOL = 'btcusdt';
const MAKER = 100;
const TRADERS = [1, 2, 3];
const DAY = 86_400_000;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('long' as const),
    trader: fc.constantFrom(...TRADERS),
    deposit: fc.integer({ min: 20, max: 500 }),
    leverage: fc.integer({ min: 10, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('short' as const),
    trader: fc.constantFrom(...TRADERS),
    deposit: fc.integer({ min: 20, max: 500 }),
    leverage: fc.integer({ min: 10, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('price' as const),
    /** The move in per mille of the price now. */
    move: fc.integer({ min: -200, max: 200 }),
    /** How much the maker's book holds at each level (thin books leave shortfalls for the fund). */
    depth: fc.constantFrom('0.001', '0.05', '5'),
  }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 3 * DAY }) }),
  fc.record({ kind: fc.constant('repay' as const), trader: fc.constantFrom(...TRADERS) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

describe('margin liquidation under random price paths', () => {
  it('liquidates every account that crosses the line in the same price event, and keeps the ledger whole', async () => {
    // What the runs went through, so the property is known to have met liquidations and shortfalls.
    const seen = { liquidations: 0, shortfalls: 0, interest: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(3, 5, 10),
        fc.array(step, { minLength: 5, maxLength: 18 }),
        async (multiple, steps) => {
          const database = await openTestDatabase('sqlite');
          const clock = new ManualClock(Date.UTC(2026, 0, 1));
          const core = new TradingCore(database, clock);
          try {
            await seedMarket(database.db, { is_open_lever: 1, multiple });
            await database.db
              .insertInto('margin_coins')
              .values([
                { coin: 'USDT', daily_rate: '0.002', min_borrow: '1', updated_at: 0 },
                { coin: 'BTC', daily_rate: '0.001', min_borrow: '0.0001', updated_at: 0 },
              ])
              .execute();
            await core.start();
            await fund(core, MAKER, 'BTC', '100000');
            await fund(core, MAKER, 'USDT', '100000000');
            for (const t of TRADERS) await fund(core, t, 'USDT', '100000');
            for (const t of TRADERS) await fund(core, t, 'BTC', '100');
            const market = new Market(core, clock);
            await market.quote('100', '5');
            for (const s of steps) await apply(database.db, core, clock, market, s);
            expect(await marginInvariants(database.db)).toEqual([]);
            const statuses = await database.db.selectFrom('margin_loans').select('status').execute();
            seen.liquidations += statuses.filter((l) => l.status === LoanStatus.liquidated).length;
            seen.shortfalls += statuses.filter((l) => l.status === LoanStatus.shortfall).length;
            const lending = await database.db
              .selectFrom('balances')
              .select('available')
              .where('account', '=', 'lending')
              .execute();
            seen.interest += lending.filter((b) => b.available !== '0').length;
            expect(await tradingInvariants(database.db, core)).toEqual([]);
          } finally {
            await core.stop();
            await database.close();
          }
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.MARGIN_PROPERTY_SEED ?? 20261127) },
    );
    expect(seen.liquidations).toBeGreaterThan(0);
    expect(seen.shortfalls).toBeGreaterThan(0);
    expect(seen.interest).toBeGreaterThan(0);
  }, 120_000);
});

/** The maker's book around the index price, and the index price itself. */
class Market {
  price = new Big(100);
  private orders: number[] = [];
  constructor(
    private readonly core: Core,
    private readonly clock: ManualClock,
  ) {}

  async quote(price: string, depth: string) {
    this.price = new Big(price);
    for (const id of this.orders) await this.core.cancelOrder({ userId: MAKER, orderId: id, symbol: SYMBOL });
    this.orders = [];
    for (const [side, factor] of [
      ['BUY', '0.99'],
      ['BUY', '0.97'],
      ['SELL', '1.01'],
      ['SELL', '1.03'],
    ] as const) {
      const at = this.price
        .times(factor)
        .round(2, side === 'BUY' ? Big.roundDown : Big.roundUp)
        .toFixed();
      const placed = await this.core.placeOrder({
        userId: MAKER,
        symbol: SYMBOL,
        request: { side, type: 1, price: at, volume: depth },
        clientOrderId: null,
      });
      if (placed.ok) this.orders.push(placed.orderId);
    }
  }

  at = () => ({ at: this.clock.now() });
  text = () => this.price.toFixed();
}

async function apply(db: Kysely<Database>, core: Core, clock: ManualClock, market: Market, s: Step) {
  const price = market.text();
  if (s.kind === 'long' || s.kind === 'short') {
    const coin = s.kind === 'long' ? 'USDT' : 'BTC';
    const deposit =
      s.kind === 'long' ? String(s.deposit) : new Big(s.deposit).div(price).round(4, Big.roundDown).toFixed();
    if (deposit === '0') return;
    await core.execute(
      'marginTransfer',
      { userId: s.trader, symbol: SYMBOL, coin, amount: deposit, direction: 'in', price },
      market.at(),
    );
    // Borrow a share of what may be borrowed, then trade it through the book in the position's direction.
    const room = await canBorrow(db, core, s.trader, coin, price, clock.now());
    const amount = room
      .times(s.leverage)
      .div(100)
      .round(coin === 'USDT' ? 2 : 4, Big.roundDown);
    if (amount.gt(coin === 'USDT' ? 1 : '0.0001'))
      await core.execute(
        'marginBorrow',
        { userId: s.trader, symbol: SYMBOL, coin, amount: amount.toFixed(), price },
        market.at(),
      );
    const side = s.kind === 'long' ? 'BUY' : 'SELL';
    const limit = market.price
      .times(side === 'BUY' ? '1.05' : '0.95')
      .round(2)
      .toFixed();
    const volume = (side === 'BUY' ? amount.div(limit) : amount).round(4, Big.roundDown).toFixed();
    if (volume !== '0')
      await core.execute(
        'marginPlace',
        {
          place: {
            userId: s.trader,
            symbol: SYMBOL,
            request: { side, type: 1, price: limit, volume, timeInForce: 'IOC' },
            clientOrderId: null,
          },
          autoBorrow: false,
          price,
        },
        market.at(),
      );
  } else if (s.kind === 'price') {
    const next = market.price
      .times(1000 + s.move)
      .div(1000)
      .round(2);
    if (next.lte(1)) return;
    await market.quote(next.toFixed(), s.depth);
    const checked = await core.execute('marginCheck', { symbol: SYMBOL, price: next.toFixed() }, market.at());
    // After the check at this price, no one who still owes is at or under the line.
    for (const userId of TRADERS) {
      const risk = await riskOf(db, core, userId, next.toFixed(), clock.now());
      if (risk.debt > 0n)
        expect(risk.liquidate, `user ${userId} at ${next} after ${JSON.stringify(checked)}`).toBe(false);
    }
  } else if (s.kind === 'wait') {
    clock.advance(s.ms);
    await core.execute('marginInterest', {}, market.at());
  } else {
    for (const coin of ['USDT', 'BTC'])
      await core.execute(
        'marginRepay',
        { userId: s.trader, symbol: 'BTCUSDT', coin, amount: 'all', price },
        market.at(),
      );
  }
}

/** The pair's risk of a user as committed, at `price` and now: the same function the core decides with. */
async function riskOf(db: Kysely<Database>, core: Core, userId: number, price: string, now: number) {
  const rules = core.market(SYMBOL)?.margin;
  if (!rules) throw new Error('no margin rules');
  const balances = await db
    .selectFrom('balances')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('account', '=', 'lever:BTCUSDT')
    .execute();
  const loans = (
    await db.selectFrom('margin_loans').selectAll().where('user_id', '=', userId).where('status', '=', 1).execute()
  ).map(loanFromRow);
  const side = (coin: string) => {
    const b = balances.find((r) => r.coin === coin);
    const scale = rules.coins.get(coin)?.scale ?? 8;
    let owed = 0n;
    for (const l of loans) if (l.coin === coin) owed += owedInFull(accrue(l.loan, l.dailyRate, now), scale);
    return { available: ledgerOf(b?.available ?? '0'), locked: ledgerOf(b?.locked ?? '0'), owed, scale };
  };
  return pairRisk({ base: side('BTC'), quote: side('USDT') }, ledgerOf(price), rules);
}

async function canBorrow(db: Kysely<Database>, core: Core, userId: number, coin: string, price: string, now: number) {
  const risk = await riskOf(db, core, userId, price, now);
  return new Big((coin === 'USDT' ? risk.canBorrow.quote : risk.canBorrow.base).toString()).div(new Big(10).pow(18));
}
