import { Side } from '@opex/engine/commands';
import { defineRules } from '@opex/engine/market-rules';
import { OrderBook } from '@opex/engine/order-book';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedContract } from '../../../test/futures-fixtures.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../../../test/harness.ts';
import { ManualClock } from '../../platform/clock.ts';
import { fundingSchedule } from '../core-schedule.ts';
import type { MarketSpec } from '../market-spec.ts';
import { Scheduler } from '../scheduler.ts';
import { TradingCore } from '../trading-core.ts';
import type { FundingContract } from './funding-commands.ts';
import { sampleOf } from './funding-commands.ts';
import type { FuturesRules } from './futures-rules.ts';

const E18 = 10n ** 18n;
const at = (hour: number, minute = 0, second = 0) => Date.UTC(2026, 0, 2, hour, minute, second);

describe('a premium sample from a contract book', () => {
  // 0.001 BTC a contract, price to 0.1; top leverage 125x: impact notional 200 x 125 = 25,000 USDT.
  const spec = {
    pricePrecision: 1,
    futures: {
      terms: { kind: 'linear', multiplier: E18 / 1000n },
      brackets: [{ maxLeverage: 125n }],
    } as unknown as FuturesRules,
  } as MarketSpec;
  /** Levels of [side, price in ticks of 0.1, contracts]. */
  const book = (levels: [Side, number, number][]) => {
    const b = new OrderBook(defineRules({ maxQty: 2 ** 30 }));
    for (const [i, [side, ticks, qty]] of levels.entries()) b.placeLimit(i + 1, 1, side, ticks, qty, 0);
    return b;
  };

  it('walks the levels to the impact notional, each at its price', () => {
    // Bids: 300 contracts at 50,010 (15,003 USDT, 0.3 BTC), then 9,997 USDT of the 300 at 50,000 (0.19994 BTC):
    // impact bid 25,000 / 0.49994 = 50,006.0007...; the ask (50,020) is above the index, so it adds nothing.
    // P = (25,000 / 0.49994 - 50,000) / 50,000 = 25,000 / 24,997 - 1 = 3 / 24,997, truncated to 18 digits.
    const b = book([
      [Side.Buy, 500_100, 300],
      [Side.Buy, 500_000, 300],
      [Side.Sell, 500_200, 1000],
    ]);
    expect(sampleOf(spec, b, 50_000n * E18)).toBe(120_014_401_728_207n);
  });

  it('takes none while a side holds less than the impact notional, or the book is empty', () => {
    const thin = book([
      [Side.Buy, 500_000, 1000],
      [Side.Sell, 500_200, 10],
    ]);
    expect(sampleOf(spec, thin, 50_000n * E18)).toBeNull();
    expect(sampleOf(spec, book([]), 50_000n * E18)).toBeNull();
  });
});

describe.each(testDialects)('funding on the scheduler on %s', (dialect) => {
  let database: TestDatabase;
  let core: TradingCore;
  let clock: ManualClock;
  let contractId: number;
  /** What the contract prices service would hand the scheduler: fixed prices, the mark dropped when `late`. */
  let late = false;
  const moment = (t: number) => {
    const c: FundingContract = {
      contractId,
      symbol: 'e-btc-usdt',
      frequencyHours: 8,
      startHour: 0,
      cap: '0.0075',
      index: late ? null : '50000',
      mark: late ? null : '50001',
    };
    return { at: t, contracts: [c] };
  };
  const startCore = async () => {
    core = new TradingCore(database, clock, { inboxPollMs: 0 });
    await core.start();
    return new Scheduler(database.db, core, clock, fundingSchedule({ fundingMoment: moment }));
  };
  const rates = () =>
    database.db
      .selectFrom('funding_rates')
      .select(['funding_time', 'rate', 'mark', 'samples'])
      .orderBy('funding_time')
      .execute();
  const sample = (t: number, premium: string) =>
    database.db
      .insertInto('funding_samples')
      .values({ contract_id: contractId, at: t, premium, index_price: '50000' })
      .execute();

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    clock = new ManualClock(at(15, 58, 30));
    contractId = (await seedContract(database.db, {}, '50000:125:0.004')).id;
  });
  afterEach(async () => {
    await core.stop();
    await database.drop();
  });

  it('settles each interval from its own samples at the funding moment, once, whatever restarts', async () => {
    let scheduler = await startCore();
    await scheduler.runDue();
    // The interval [08:00, 16:00) averages 0.001: F = 0.001 + clamp(0.0001 - 0.001, +-0.0005) = 0.0005. A sample
    // before it and the one at 16:00 (the next interval's first) are not its.
    await sample(at(7, 59), '0.5');
    await sample(at(8), '0.0009');
    await sample(at(15, 59), '0.0011');
    await sample(at(16), '0.5');
    clock.set(at(16, 0, 30));
    await scheduler.runDue();
    expect(await rates()).toEqual([{ funding_time: at(16), rate: '0.0005', mark: '50001', samples: 2 }]);

    // A restart sends nothing twice.
    await core.stop();
    scheduler = await startCore();
    await scheduler.runDue();
    expect(await rates()).toHaveLength(1);

    // Down until after midnight: the hours missed are sent in order; the one at 00:00 settles with the mark of the
    // minute before it as stored, its prices now being no longer that moment's.
    await core.stop();
    late = true;
    await database.db
      .insertInto('futures_price_klines')
      .values({
        contract_id: contractId,
        kind: 'mark',
        open_time: at(23, 59),
        open: '1',
        high: '1',
        low: '1',
        close: '50123.4',
      })
      .execute();
    clock.set(at(24, 5));
    scheduler = await startCore();
    await scheduler.runDue();
    // Only the 16:00 sample (0.5) fell in [16:00, 24:00): 0.5 + clamp(0.0001 - 0.5) = 0.4995, capped at 0.0075.
    expect(await rates()).toEqual([
      { funding_time: at(16), rate: '0.0005', mark: '50001', samples: 2 },
      { funding_time: at(24), rate: '0.0075', mark: '50123.4', samples: 1 },
    ]);
    const marks = await database.db.selectFrom('schedule_marks').selectAll().orderBy('task').execute();
    // The minutes missed are not sampled after the fact: only the latest is sent.
    expect(marks).toEqual([
      { task: 'futures.funding', done_until: at(24) },
      { task: 'futures.premium', done_until: at(24, 5) },
    ]);
  });
});
