import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedContract } from '../../../test/futures-fixtures.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../../../test/harness.ts';
import { balanceOf, tradingInvariants } from '../../../test/trading-fixtures.ts';
import { ContractDelivery } from '../../futures/contract-delivery.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { CoreCommands } from '../core-commands.ts';
import { deliverySchedule } from '../core-schedule.ts';
import { Scheduler } from '../scheduler.ts';
import { TradingCore } from '../trading-core.ts';
import type { FuturesPlaceCommand } from './futures-commands.ts';
import { deliveryPrice } from './futures-delivery.ts';

const SYMBOL = 'w-btc-usdt';
const [ALICE, BOB, CAROL] = [1, 2, 3];
const MINUTE = 60_000;
/** Friday 2026-01-02 08:00 UTC: the weekly contract's delivery; its successor's is the next Friday. */
const DELIVERY = Date.UTC(2026, 0, 2, 8);
const NEXT_FRIDAY = Date.UTC(2026, 0, 9, 8);
const E18 = 10n ** 18n;

describe('the delivery price', () => {
  it('is the mean of the bars rounded to the nearest tick, a half tick up', () => {
    // (100 + 100.05) / 2 = 100.025 -> 100.0 at one decimal; (100 + 100.1) / 2 = 100.05 -> 100.1.
    expect(deliveryPrice([100n * E18, 10005n * 10n ** 16n], 1)).toBe(100n * E18);
    expect(deliveryPrice([100n * E18, 1001n * 10n ** 17n], 1)).toBe(1001n * 10n ** 17n);
    expect(deliveryPrice([], 1)).toBeNull();
  });
});

/**
 * W-BTC-USDT (as E-BTC-USDT in futures-trading.test.ts: linear, 0.001 BTC a contract, maker 0.02%, taker 0.05%)
 * delivered by the scheduler at its delivery time. Every expected amount is worked out by hand in the comments.
 */
describe.each(testDialects)('a dated contract delivered on %s', (dialect) => {
  let database: TestDatabase;
  let core: TradingCore;
  let scheduler: Scheduler<CoreCommands>;
  let contractId: number;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  const start = async () => {
    core = new TradingCore(database, clock, { inboxPollMs: 0 });
    await core.start();
    scheduler = new Scheduler(database.db, core, clock, deliverySchedule(new ContractDelivery(database.db)));
  };
  const restart = async () => {
    await core.stop();
    await start();
  };
  type Order = Partial<FuturesPlaceCommand> & Pick<FuturesPlaceCommand, 'side'>;
  const place = (userId: number, order: Order, reduceOnly = false) =>
    core.execute('futuresPlace', {
      userId,
      symbol: SYMBOL,
      kind: 1,
      clientOrderId: null,
      ...order,
      intent: { positionSide: 'both', reduceOnly, leverage: 10, marginMode: 1 },
    });
  const co = (userId: number) => balanceOf(database.db, userId, 'USDT', 'co');
  const system = (account: string) => balanceOf(database.db, 0, 'USDT', account);
  const bar = (openTime: number, close: string) =>
    database.db
      .insertInto('futures_price_klines')
      .values({
        contract_id: contractId,
        kind: 'index',
        open_time: openTime,
        open: close,
        high: close,
        low: close,
        close,
      })
      .execute();
  const deliveries = () => database.db.selectFrom('futures_deliveries').selectAll().execute();
  const contracts = () => database.db.selectFrom('contracts').selectAll().orderBy('id').execute();

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    clock.set(Date.UTC(2026, 0, 1));
    contractId = (await seedContract(database.db, { contract_type: 'W', delivery_time: DELIVERY })).id;
    await start();
    for (const user of [ALICE, BOB, CAROL]) {
      await core.postMovement({
        cause: 'operator_credit',
        causeId: `co-${user}`,
        postings: [
          { ownerId: user, account: 'co', coin: 'USDT', field: 'available', delta: '1000' },
          { ownerId: 0, account: 'external', coin: 'USDT', field: 'available', delta: '-1000' },
        ],
      });
    }
  });
  afterEach(async () => {
    await core.stop();
    await database.close();
  });

  it('cancels the orders, closes long and short at the 30-minute average index, once, and lists the successor', async () => {
    // Bob sells 10 at 20000 and Alice takes them: each holds 10 x 0.001 x 20000 / 10 = 20 margin; fees 0.1 (Alice,
    // taker) and 0.04 (Bob, maker): Alice 979.9 available, Bob 979.96.
    await place(BOB, { side: 'SELL', price: '20000', volume: '10' });
    expect(await place(ALICE, { side: 'BUY', kind: 2, volume: '10' })).toMatchObject({ ok: true });
    // Still open at delivery: Carol's buy of 5 at 19000 (margin 9.5 + fee 0.0475 held) and Alice's reduce-only sell.
    expect(await place(CAROL, { side: 'BUY', price: '19000', volume: '5' })).toMatchObject({ ok: true });
    expect(await place(ALICE, { side: 'SELL', price: '22000', volume: '4' }, true)).toMatchObject({ ok: true });
    expect(await co(CAROL)).toEqual({ available: '990.4525', locked: '9.5475' });
    // And Bob's stop-loss waiting off the book.
    await database.db
      .insertInto('futures_trigger_orders')
      .values({
        user_id: BOB,
        contract_id: contractId,
        symbol: SYMBOL,
        side: 'BUY',
        reduce_only: 1,
        position_side: 'both',
        leverage: 10,
        margin_mode: 1,
        order_type: 2,
        price: '0',
        volume: '10',
        trigger_price: '25000',
        price_kind: 2,
        trigger_type: 1,
        direction: 1,
        tpsl: 0,
        callback_rate: '0',
        activation_price: '0',
        extreme: '0',
        expire_days: 7,
        expire_at: DELIVERY + 7 * 24 * 60 * MINUTE,
        status: 0,
        memo: 0,
        error_code: '',
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .execute();

    // The index bars of the 30 minutes before delivery: 10 at 20990, 10 at 21000, 10 at 21010.05. Their mean is
    // 630000.5 / 30 = 21000.0166..., 21000.0 at the contract's tick. The bars before the window and of the delivery
    // minute itself are not in it.
    for (let i = 0; i < 30; i++) {
      await bar(DELIVERY - (30 - i) * MINUTE, i < 10 ? '20990' : i < 20 ? '21000' : '21010.05');
    }
    await bar(DELIVERY - 31 * MINUTE, '30000');
    await bar(DELIVERY, '30000');

    // The scheduler runs before delivery (nothing due), then the server is down across it: on start the missed
    // minutes are sent and the contract is delivered at its moment.
    clock.set(DELIVERY - 5 * MINUTE);
    await scheduler.runDue();
    expect(await deliveries()).toEqual([]);
    await restart();
    clock.set(DELIVERY + 10 * MINUTE);
    await scheduler.runDue();

    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ symbol: SYMBOL, delivery_time: DELIVERY, orders_cancelled: 2 });
    expect(Number(delivery?.contract_id)).toBe(contractId);
    expect(Number(delivery?.price)).toBe(21000);
    expect(JSON.parse(delivery?.bars ?? '[]')).toHaveLength(30);
    // Alice's long: 10 x 0.001 x (21000 - 20000) = +10; Bob's short the same loss.
    expect(
      JSON.parse(delivery?.positions ?? '[]').map((p: { userId: number; qty: string; realized: string }) => [
        p.userId,
        p.qty,
        Number(p.realized),
      ]),
    ).toEqual([
      // Bob's position is the older: the maker's side of the trade is settled first.
      [BOB, '-10', -10],
      [ALICE, '10', 10],
    ]);
    // Alice: 979.9 + margin 20 + PnL 10, no fee; Bob: 979.96 + 20 - 10; Carol's reserve back whole.
    expect(await co(ALICE)).toEqual({ available: '1009.9', locked: '0' });
    expect(await co(BOB)).toEqual({ available: '989.96', locked: '0' });
    expect(await co(CAROL)).toEqual({ available: '1000', locked: '0' });
    // Clearing paid Alice 10 and took Bob's 10: back to zero. The fee account kept the trade's 0.14 only.
    expect(await system('futures_clearing')).toEqual({ available: '0', locked: '0' });
    expect(await system('fee')).toEqual({ available: '0.14', locked: '0' });
    const pnlRows = await database.db
      .selectFrom('ledger_entries')
      .select(['owner_id', 'account', 'delta'])
      .where('cause', '=', 'delivery')
      .where('cause_id', '=', `delivery:${contractId}`)
      .execute();
    expect(pnlRows.map((r) => [Number(r.owner_id), r.account, Number(r.delta)]).sort()).toEqual(
      [
        [0, 'futures_clearing', -10],
        [0, 'futures_clearing', 10],
        [ALICE, 'co', 10],
        [BOB, 'co', -10],
      ].sort(),
    );
    const orders = await database.db.selectFrom('orders').select(['user_id', 'status', 'closed_by_exchange']).execute();
    expect(orders.filter((o) => o.status === 4).map((o) => [Number(o.user_id), o.closed_by_exchange])).toEqual([
      [CAROL, 1],
      [ALICE, 1],
    ]);
    const open = await database.db.selectFrom('futures_positions').selectAll().where('open', '=', 1).execute();
    expect(open).toEqual([]);

    // Delivered, and rolled: the successor has the name, the terms and brackets, and next Friday's delivery.
    const [old, next] = await contracts();
    expect(old).toMatchObject({ id: contractId, status: 'delivered' });
    expect(next).toMatchObject({ contract_name: 'W-BTC-USDT', status: 'listed', delivery_time: NEXT_FRIDAY });
    expect(next?.taker_fee).toBe(old?.taker_fee);
    const brackets = await database.db.selectFrom('contract_brackets').selectAll().orderBy('tier').execute();
    expect(brackets.filter((b) => Number(b.contract_id) === next?.id)).toHaveLength(3);
    expect(Number((await deliveries())[0]?.successor_id)).toBe(next?.id);
    // Bob's stop-loss: cancelled (status 4), the contract closed (memo 6).
    const triggers = await database.db.selectFrom('futures_trigger_orders').select(['status', 'memo']).execute();
    expect(triggers).toEqual([{ status: 4, memo: 6 }]);

    // The book trades again as the successor's.
    expect(core.market(SYMBOL)?.futures?.contractId).toBe(next?.id);
    expect(await place(CAROL, { side: 'BUY', price: '21000', volume: '1' })).toMatchObject({ ok: true });

    // Neither a restart nor later minutes deliver or roll again.
    await restart();
    clock.set(DELIVERY + 20 * MINUTE);
    await scheduler.runDue();
    expect(await deliveries()).toHaveLength(1);
    expect(await contracts()).toHaveLength(2);
    expect(await co(ALICE)).toEqual({ available: '1009.9', locked: '0' });
    expect(await tradingInvariants(database.db, core)).toEqual([]);
  });

  it('refuses orders on the delivered book until its successor is listed', async () => {
    await bar(DELIVERY - MINUTE, '21000');
    clock.set(DELIVERY);
    const delivery = new ContractDelivery(database.db);
    const command = await delivery.moment(DELIVERY);
    expect(command.contracts.map((c) => [c.contractId, c.price])).toEqual([[contractId, '21000']]);
    expect(await core.execute('futuresDeliver', command)).toEqual({ delivered: [contractId] });
    // Sent again (a scheduler that lost its lease): nothing more.
    expect(await core.execute('futuresDeliver', command)).toEqual({ delivered: [] });
    expect(await place(CAROL, { side: 'BUY', price: '21000', volume: '1' })).toMatchObject({ ok: false });
    // Delivered: no longer due.
    expect((await delivery.moment(DELIVERY)).contracts).toEqual([]);
    await delivery.roll(DELIVERY);
    await core.reloadMarkets();
    expect(await place(CAROL, { side: 'BUY', price: '21000', volume: '1' })).toMatchObject({ ok: true });
    expect(await tradingInvariants(database.db, core)).toEqual([]);
  });
});
