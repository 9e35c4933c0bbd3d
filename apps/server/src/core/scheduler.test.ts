import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/harness.ts';
import { balanceOf, tradingInvariants } from '../../test/trading-fixtures.ts';
import { creditFromOutside } from '../ledger/ledger.ts';
import { ManualClock } from '../platform/clock.ts';
import type { CoreCommands } from './core-commands.ts';
import { type ScheduledTask, Scheduler } from './scheduler.ts';
import { TradingCore } from './trading-core.ts';

const HOUR = 3_600_000;
const USER = 7;
/** A task as margin's interest will be: one command per hour, the hour inside it (here a credit of 1 USDT). */
const hourlyReward: ScheduledTask<CoreCommands, 'movement'> = {
  name: 'test.reward',
  everyMs: HOUR,
  kind: 'movement',
  input: (at) => ({
    movement: creditFromOutside({
      ownerId: USER,
      coin: 'USDT',
      amount: '1',
      cause: 'operator_credit',
      causeId: `reward:${at}`,
    }),
  }),
};

describe.each(testDialects)('the scheduler on %s', (dialect) => {
  let database: TestDatabase;
  let core: TradingCore;
  const start = Date.UTC(2026, 0, 1, 12, 30);
  let clock: ManualClock;

  const startCore = async () => {
    core = new TradingCore(database, clock, { inboxPollMs: 0 });
    await core.start();
    return new Scheduler(database.db, core, clock, [hourlyReward]);
  };
  const rewards = () =>
    database.db
      .selectFrom('ledger_entries')
      .select(['cause_id', 'created_at'])
      .where('cause', '=', 'operator_credit')
      .where('owner_id', '=', USER)
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    clock = new ManualClock(start);
  });
  afterEach(async () => {
    await core.stop();
    await database.drop();
  });

  it('sends one command per period boundary, with the moment inside, and no history before its first run', async () => {
    const scheduler = await startCore();
    await scheduler.runDue();
    expect(await rewards()).toEqual([]);
    clock.advance(HOUR);
    await scheduler.runDue();
    await scheduler.runDue();
    const first = Date.UTC(2026, 0, 1, 13);
    expect(await rewards()).toEqual([{ cause_id: `reward:${first}`, created_at: first }]);
    expect(await balanceOf(database.db, USER, 'USDT')).toEqual({ available: '1', locked: '0' });
    expect(await tradingInvariants(database.db, core)).toEqual([]);
  });

  it('catches up the moments missed while stopped, in order, and never repeats one after a restart', async () => {
    let scheduler = await startCore();
    await scheduler.runDue();
    clock.advance(HOUR);
    await scheduler.runDue();
    await core.stop();
    // Down for three hours: three moments are due on start.
    clock.advance(3 * HOUR);
    scheduler = await startCore();
    await scheduler.runDue();
    const hours = [13, 14, 15, 16].map((h) => Date.UTC(2026, 0, 1, h));
    expect(await rewards()).toEqual(hours.map((h) => ({ cause_id: `reward:${h}`, created_at: h })));
    const mark = await database.db.selectFrom('schedule_marks').selectAll().executeTakeFirstOrThrow();
    expect(mark).toEqual({ task: 'test.reward', done_until: hours[3] });
    expect(await balanceOf(database.db, USER, 'USDT')).toEqual({ available: '4', locked: '0' });
    expect(await tradingInvariants(database.db, core)).toEqual([]);
  });

  it('stores no mark for a moment the core could not take, and sends it again on the next run', async () => {
    const scheduler = await startCore();
    await scheduler.runDue();
    clock.advance(2 * HOUR);
    await core.stop();
    await scheduler.runDue();
    const begun = { task: 'test.reward', done_until: Date.UTC(2026, 0, 1, 12) };
    expect(await database.db.selectFrom('schedule_marks').selectAll().execute()).toEqual([begun]);
    const restarted = await startCore();
    await restarted.runDue();
    expect((await rewards()).map((r) => r.created_at)).toEqual([13, 14].map((h) => Date.UTC(2026, 0, 1, h)));
  });
});
