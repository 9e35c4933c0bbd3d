import { ErrorCode } from '@opex/contract/error-codes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedContract } from '../../../test/futures-fixtures.ts';
import { openTestDatabase, type TestDatabase, testDialects } from '../../../test/harness.ts';
import { balanceOf, tradingInvariants } from '../../../test/trading-fixtures.ts';
import { ManualClock } from '../../platform/clock.ts';
import { TradingCore } from '../trading-core.ts';
import type { FuturesPlaceCommand } from './futures-commands.ts';

const SYMBOL = 'e-btc-usdt';
const [ALICE, BOB, CAROL, DAVE, EVE] = [1, 2, 3, 4, 5];

/**
 * Futures trading through the core on E-BTC-USDT: linear, 0.001 BTC a contract, maker 0.02%, taker 0.05%, brackets
 * 125x to 50,000 USDT. Every expected amount below is worked out by hand in the comments.
 */
describe.each(testDialects)('futures trading on %s', (dialect) => {
  let database: TestDatabase;
  let core: TradingCore;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  const start = async () => {
    core = new TradingCore(database, clock, { inboxPollMs: 0 });
    await core.start();
  };
  type Order = Partial<FuturesPlaceCommand> & Pick<FuturesPlaceCommand, 'side'>;
  const place = (userId: number, order: Order, intent: Partial<FuturesPlaceCommand['intent']> = {}) =>
    core.execute('futuresPlace', {
      userId,
      symbol: SYMBOL,
      kind: 1,
      clientOrderId: null,
      ...order,
      intent: { positionSide: 'both', reduceOnly: false, leverage: 10, marginMode: 1, ...intent },
    });
  const co = (userId: number, coin = 'USDT') => balanceOf(database.db, userId, coin, 'co');
  const system = (account: string) => balanceOf(database.db, 0, 'USDT', account);
  const positions = () => database.db.selectFrom('futures_positions').selectAll().orderBy('id').execute();
  const open = async (userId: number) =>
    (await positions())
      .filter((p) => p.open === 1 && Number(p.user_id) === userId)
      .map((p) => ({ side: p.position_side, qty: p.qty, entry: Number(p.entry), margin: Number(p.margin) }));
  const expectInvariants = async () => expect(await tradingInvariants(database.db, core)).toEqual([]);
  const credit = (ownerId: number, amount: string) =>
    core.postMovement({
      cause: 'operator_credit',
      causeId: `credit-${ownerId}-${amount}`,
      postings: [
        { ownerId, account: 'co', coin: 'USDT', field: 'available', delta: amount },
        { ownerId: 0, account: 'external', coin: 'USDT', field: 'available', delta: `-${amount}` },
      ],
    });
  const leverage = (userId: number, level: number) =>
    core.execute('futuresLeverage', { userId, symbol: SYMBOL, leverage: level });

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await seedContract(database.db);
    await start();
    for (const user of [ALICE, BOB, CAROL, DAVE]) {
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

  it('opens a long against a resting short: initial margin and fees, then closes it at a profit paid by clearing', async () => {
    // Bob's sell of 10 at 20000: value 10 x 0.001 x 20000 = 200, margin at 10x 20, taker fee held 200 x 0.0005 = 0.1.
    expect(await place(BOB, { side: 'SELL', price: '20000', volume: '10' })).toMatchObject({ ok: true });
    expect(await co(BOB)).toEqual({ available: '979.9', locked: '20.1' });
    // Alice buys 10 at market: she takes Bob's order at 20000 (margin 20, taker fee 0.1).
    expect(await place(ALICE, { side: 'BUY', kind: 2, volume: '10' })).toMatchObject({ ok: true });
    expect(await co(ALICE)).toEqual({ available: '979.9', locked: '20' });
    // Bob, the maker: his reserve goes back, the position holds 20, maker fee 200 x 0.0002 = 0.04.
    expect(await co(BOB)).toEqual({ available: '979.96', locked: '20' });
    expect(await system('fee')).toEqual({ available: '0.14', locked: '0' });
    expect(await open(ALICE)).toEqual([{ side: 'both', qty: '10', entry: 20000, margin: 20 }]);
    expect(await open(BOB)).toEqual([{ side: 'both', qty: '-10', entry: 20000, margin: 20 }]);

    // Alice closes at 21000 (reduce-only), Carol's market buy takes it and opens a long.
    expect(await place(ALICE, { side: 'SELL', price: '21000', volume: '10' }, { reduceOnly: true })).toMatchObject({
      ok: true,
    });
    expect(await co(ALICE)).toEqual({ available: '979.9', locked: '20' });
    expect(await place(CAROL, { side: 'BUY', kind: 2, volume: '10' })).toMatchObject({ ok: true });
    // Alice: margin 20 back, PnL 10 x 0.001 x (21000 - 20000) = 10 from clearing, maker fee 210 x 0.0002 = 0.042.
    expect(await co(ALICE)).toEqual({ available: '1009.858', locked: '0' });
    expect(await open(ALICE)).toEqual([]);
    expect(await system('futures_clearing')).toEqual({ available: '-10', locked: '0' });
    // Carol: margin 21, taker fee 210 x 0.0005 = 0.105.
    expect(await co(CAROL)).toEqual({ available: '978.895', locked: '21' });
    expect(await open(CAROL)).toEqual([{ side: 'both', qty: '10', entry: 21000, margin: 21 }]);
    const closed = (await positions()).find((p) => Number(p.user_id) === ALICE);
    expect(closed).toMatchObject({ open: 0, qty: '0', max_qty: '10', closed_qty: '10' });
    expect(Number(closed?.realized)).toBe(10);
    expect(Number(closed?.fee)).toBeCloseTo(0.142, 12);
    await expectInvariants();
  });

  it('in one-way mode an order nets first and turns the position through zero; reduce-only orders left over are cancelled', async () => {
    await place(BOB, { side: 'SELL', price: '20000', volume: '5' });
    await place(ALICE, { side: 'BUY', price: '20000', volume: '5' });
    // A reduce-only sell of 5 rests at 22000 while Alice's long is 5.
    const reduce = await place(ALICE, { side: 'SELL', price: '22000', volume: '5' }, { reduceOnly: true });
    expect(reduce).toMatchObject({ ok: true });
    // More than the closable volume is refused, and so is a close with no position.
    expect(await place(ALICE, { side: 'SELL', price: '22000', volume: '1' }, { reduceOnly: true })).toEqual({
      ok: false,
      code: ErrorCode.futuresCloseAboveClosable,
    });
    expect(await place(CAROL, { side: 'SELL', price: '22000', volume: '1' }, { reduceOnly: true })).toEqual({
      ok: false,
      code: ErrorCode.futuresNoPosition,
    });
    // Alice sells 8 at 19500 (not reduce-only): 5 close her long at a loss of 5 x 0.001 x 500 = 2.5, 3 open a short.
    await place(CAROL, { side: 'BUY', price: '19500', volume: '8' });
    expect(await place(ALICE, { side: 'SELL', kind: 2, volume: '8' })).toMatchObject({ ok: true });
    expect(await open(ALICE)).toEqual([{ side: 'both', qty: '-3', entry: 19500, margin: 5.85 }]);
    // Her reduce-only sell would now add to a short: cancelled by the exchange.
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', (reduce as { orderId: number }).orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 4, closed_by_exchange: 1 });
    // Alice took Bob's 5 at 20000 (margin 10, taker fee 100 x 0.0005 = 0.05): 989.95 left. Now 10 freed, loss 2.5,
    // the short's margin 3 x 19.5 / 10 = 5.85, taker fee 8 x 19.5 x 0.0005 = 0.078: 991.522.
    expect(await co(ALICE)).toEqual({ available: '991.522', locked: '5.85' });
    await expectInvariants();
  });

  it('keeps hedge-mode long and short positions apart, each closed only by its own closing orders', async () => {
    const hedge = (side: 'long' | 'short', reduceOnly = false) => ({ positionSide: side, reduceOnly });
    await place(BOB, { side: 'SELL', price: '20000', volume: '4' });
    await place(ALICE, { side: 'BUY', price: '20000', volume: '4' }, hedge('long'));
    await place(BOB, { side: 'BUY', price: '20000', volume: '3' });
    await place(ALICE, { side: 'SELL', price: '20000', volume: '3' }, hedge('short'));
    expect(await open(ALICE)).toEqual([
      { side: 'long', qty: '4', entry: 20000, margin: 8 },
      { side: 'short', qty: '-3', entry: 20000, margin: 6 },
    ]);
    // Closing the short with a buy of 3 leaves the long alone.
    await place(BOB, { side: 'SELL', price: '20000', volume: '3' });
    await place(ALICE, { side: 'BUY', kind: 2, volume: '3' }, hedge('short', true));
    expect(await open(ALICE)).toEqual([{ side: 'long', qty: '4', entry: 20000, margin: 8 }]);
    await expectInvariants();
  });

  it('pays a loss beyond an isolated position margin from the insurance fund, never from the rest of the account', async () => {
    // Dave: isolated long of 10 at 100x: margin 200 / 100 = 2, taker fee 0.1.
    await place(BOB, { side: 'SELL', price: '20000', volume: '10' });
    await place(DAVE, { side: 'BUY', kind: 2, volume: '10' }, { leverage: 100, marginMode: 2 });
    expect(await co(DAVE)).toEqual({ available: '997.9', locked: '2' });
    // He closes at 19000: loss 10 x 0.001 x 1000 = 10; his margin pays 2, the fund 8; close fee 190 x 0.0005.
    await place(CAROL, { side: 'BUY', price: '19000', volume: '10' });
    await place(DAVE, { side: 'SELL', kind: 2, volume: '10' }, { leverage: 100, marginMode: 2, reduceOnly: true });
    expect(await co(DAVE)).toEqual({ available: '997.805', locked: '0' });
    expect(await system('futures_insurance')).toEqual({ available: '-8', locked: '0' });
    expect(await system('futures_clearing')).toEqual({ available: '10', locked: '0' });
    await expectInvariants();
  });

  it('refuses what the contract and the account do not allow, changing nothing', async () => {
    const before = await co(ALICE);
    // 10x on 1000 USDT opens at most ~9,950 USDT: 600 contracts at 20000 are 12,000.
    expect(await place(ALICE, { side: 'BUY', price: '20000', volume: '600' })).toEqual({
      ok: false,
      code: ErrorCode.insufficientBalance,
    });
    expect(await place(ALICE, { side: 'BUY', price: '20000', volume: '1' }, { leverage: 126 })).toEqual({
      ok: false,
      code: ErrorCode.futuresLeverageInvalid,
    });
    // 125x allows 50,000 USDT of notional: 3 BTC at 20000 is 60,000.
    expect(await place(ALICE, { side: 'BUY', price: '20000', volume: '3000' }, { leverage: 125 })).toEqual({
      ok: false,
      code: ErrorCode.futuresLeverageTooHigh,
    });
    expect(await place(ALICE, { side: 'BUY', kind: 2, volume: '1' })).toEqual({
      ok: false,
      code: ErrorCode.futuresNoLiquidity,
    });
    expect(await place(ALICE, { side: 'BUY', price: '20000.05', volume: '1' })).toEqual({
      ok: false,
      code: ErrorCode.pricePrecision,
    });
    expect(
      await core.placeOrder({
        userId: ALICE,
        symbol: SYMBOL,
        request: { side: 'BUY', type: 1, price: '1', volume: '1' },
        clientOrderId: null,
      }),
    ).toEqual({ ok: false, code: ErrorCode.marketNotFound });
    expect(await co(ALICE)).toEqual(before);
    await expectInvariants();
  });

  it('adds and removes isolated margin within what the position needs, and keeps positions and orders over a restart', async () => {
    await place(BOB, { side: 'SELL', price: '20000', volume: '10' });
    await place(ALICE, { side: 'BUY', kind: 2, volume: '10' }, { marginMode: 2 });
    const id = Number((await positions()).find((p) => Number(p.user_id) === ALICE)?.id);
    expect(await core.execute('futuresMargin', { userId: ALICE, positionId: id, amount: '30', mark: null })).toEqual({
      ok: true,
    });
    expect(await co(ALICE)).toEqual({ available: '949.9', locked: '50' });
    // Initial margin at 10x is 20: 30 may leave, not 30.01; at a mark of 19900 the loss of 1 keeps 1 more.
    expect(
      await core.execute('futuresMargin', { userId: ALICE, positionId: id, amount: '-30.01', mark: null }),
    ).toEqual({
      ok: false,
      code: ErrorCode.futuresMarginRemoveAbove,
    });
    expect(
      await core.execute('futuresMargin', { userId: ALICE, positionId: id, amount: '-30', mark: '19900' }),
    ).toEqual({ ok: false, code: ErrorCode.futuresMarginRemoveAbove });
    expect(await core.execute('futuresMargin', { userId: BOB, positionId: id, amount: '1', mark: null })).toEqual({
      ok: false,
      code: ErrorCode.futuresPositionNotFound,
    });
    expect(
      await core.execute('futuresMargin', { userId: ALICE, positionId: id, amount: '-29', mark: '19900' }),
    ).toEqual({ ok: true });
    await place(ALICE, { side: 'SELL', price: '21000', volume: '4' }, { marginMode: 2, reduceOnly: true });
    await core.stop();
    await start();
    // After the restart the reduce-only order still counts against what may be closed.
    expect(
      await place(ALICE, { side: 'SELL', price: '21000', volume: '7' }, { marginMode: 2, reduceOnly: true }),
    ).toEqual({
      ok: false,
      code: ErrorCode.futuresCloseAboveClosable,
    });
    // Dave takes 4 of them: 21 x 4 / 10 = 8.4 of the margin is freed.
    await place(DAVE, { side: 'BUY', price: '21000', volume: '4' });
    expect(await open(ALICE)).toEqual([{ side: 'both', qty: '6', entry: 20000, margin: 12.6 }]);
    await expectInvariants();
  });

  it('pays funding from longs to shorts at the mark: cross from the available balance, isolated into the margin', async () => {
    await place(BOB, { side: 'SELL', price: '20000', volume: '10' }, { marginMode: 2 });
    await place(ALICE, { side: 'BUY', kind: 2, volume: '10' });
    const moment = Date.UTC(2026, 0, 1, 8);
    // Premiums 0.08% and 0.12% average 0.1%; the interest 0.01% less that is clamped to -0.05%, so F = 0.05%.
    // The sample at the moment itself belongs to the next interval.
    const contractId = Number((await database.db.selectFrom('contracts').select('id').executeTakeFirstOrThrow()).id);
    await database.db
      .insertInto('funding_samples')
      .values(
        [
          [moment - 120_000, '0.0008'],
          [moment - 60_000, '0.0012'],
          [moment, '0.5'],
        ].map(([at, premium]) => ({
          contract_id: contractId,
          at: Number(at),
          premium: String(premium),
          index_price: '20000',
        })),
      )
      .execute();
    const contract = {
      contractId,
      symbol: SYMBOL,
      frequencyHours: 8,
      startHour: 0,
      cap: '0.0075',
      index: '20000',
      mark: '20000',
    };
    expect(await core.execute('fundingSettle', { at: moment, contracts: [contract] }, { at: moment })).toEqual({
      ok: true,
      count: 1,
    });
    // 10 contracts x 0.001 x 20000 = 200 of value x 0.05% = 0.1: Alice (cross long) pays it from her available
    // balance, Bob's isolated short gets it into its margin.
    expect(await co(ALICE)).toEqual({ available: '979.8', locked: '20' });
    expect(await co(BOB)).toEqual({ available: '979.96', locked: '20.1' });
    expect(await open(BOB)).toEqual([{ side: 'both', qty: '-10', entry: 20000, margin: 20.1 }]);
    expect(await system('futures_insurance')).toEqual({ available: '0', locked: '0' });
    const rate = await database.db.selectFrom('funding_rates').selectAll().executeTakeFirstOrThrow();
    expect(rate).toMatchObject({ rate: '0.0005', mark: '20000', samples: 2 });
    await expectInvariants();
  });

  it('raises and lowers the leverage while holding a position and an open order: margin and reserves held again', async () => {
    await place(BOB, { side: 'SELL', price: '20000', volume: '10' });
    await place(ALICE, { side: 'BUY', kind: 2, volume: '10' });
    // Her buy of 10 at 19000 holds 190 / 10 = 19 and the taker fee 190 x 0.0005 = 0.095.
    const { orderId } = (await place(ALICE, { side: 'BUY', price: '19000', volume: '10' })) as { orderId: number };
    expect(await co(ALICE)).toEqual({ available: '960.805', locked: '39.095' });
    // 20x: the cross position holds 200 / 20 = 10, the order 190 / 20 = 9.5 and its fee 0.095; 19.5 comes back.
    expect(await leverage(ALICE, 20)).toEqual({ ok: true });
    expect(await co(ALICE)).toEqual({ available: '980.305', locked: '19.595' });
    expect(await open(ALICE)).toEqual([{ side: 'both', qty: '10', entry: 20000, margin: 10 }]);
    const stored = async () => ({
      position: (await positions()).find((p) => Number(p.user_id) === ALICE)?.leverage,
      order: (await database.db.selectFrom('futures_orders').selectAll().where('order_id', '=', orderId).execute())[0]
        ?.leverage,
      reserve: (await database.db.selectFrom('orders').select('reserve').where('id', '=', orderId).execute())[0]
        ?.reserve,
    });
    expect(await stored()).toEqual({ position: 20, order: 20, reserve: '9.595' });
    // 5x: the position needs 200 / 5 = 40 and the order 38 + 0.095, 58.5 more, which her available balance holds.
    expect(await leverage(ALICE, 5)).toEqual({ ok: true });
    expect(await co(ALICE)).toEqual({ available: '921.805', locked: '78.095' });
    expect(await stored()).toEqual({ position: 5, order: 5, reserve: '38.095' });
    // The order fills at 5x: the position grows by 10 at 19000 with margin 190 / 5 = 38.
    await place(CAROL, { side: 'SELL', price: '19000', volume: '10' });
    expect(await open(ALICE)).toEqual([{ side: 'both', qty: '20', entry: 19500, margin: 78 }]);
    await expectInvariants();
  });

  it('refuses lowering the leverage when the margin is short, lowering an isolated position, and leaving the bracket', async () => {
    await credit(EVE, '25');
    await place(BOB, { side: 'SELL', price: '20000', volume: '20' });
    await place(EVE, { side: 'BUY', kind: 2, volume: '10' });
    expect(await co(EVE)).toEqual({ available: '4.9', locked: '20' });
    // 8x needs 200 / 8 = 25, 5 more than the 20 held; 4.9 is available.
    expect(await leverage(EVE, 8)).toEqual({ ok: false, code: ErrorCode.futuresLeverageMarginShort });
    expect(await co(EVE)).toEqual({ available: '4.9', locked: '20' });
    // 125x: 200 / 125 = 1.6.
    expect(await leverage(EVE, 125)).toEqual({ ok: true });
    expect(await co(EVE)).toEqual({ available: '23.3', locked: '1.6' });
    expect(await leverage(EVE, 126)).toEqual({ ok: false, code: ErrorCode.futuresLeverageInvalid });

    // Dave's isolated long of 10 at 10x holds 20: it may rise to 20x (the margin stays), not fall to 5x.
    await place(DAVE, { side: 'BUY', kind: 2, volume: '10' }, { marginMode: 2 });
    expect(await leverage(DAVE, 5)).toEqual({ ok: false, code: ErrorCode.futuresLeverageIsolatedLower });
    expect(await leverage(DAVE, 20)).toEqual({ ok: true });
    expect(await open(DAVE)).toEqual([{ side: 'both', qty: '10', entry: 20000, margin: 20 }]);
    expect(await co(DAVE)).toEqual({ available: '979.9', locked: '20' });

    // Alice's long of 3000 contracts is worth 60,000: 100x allows 250,000, 101x only 50,000.
    await credit(ALICE, '10000');
    await credit(CAROL, '10000');
    await place(CAROL, { side: 'SELL', price: '20000', volume: '3000' });
    await place(ALICE, { side: 'BUY', kind: 2, volume: '3000' });
    expect(await leverage(ALICE, 101)).toEqual({ ok: false, code: ErrorCode.futuresLeverageTooHigh });
    expect(await leverage(ALICE, 100)).toEqual({ ok: true });
    expect(await open(ALICE)).toEqual([{ side: 'both', qty: '3000', entry: 20000, margin: 600 }]);
    await expectInvariants();
  });

  describe('liquidation at the mark price', () => {
    const check = (mark: string) => core.execute('futuresRiskCheck', { marks: [{ symbol: SYMBOL, mark }] });
    const liquidations = () => database.db.selectFrom('futures_liquidations').selectAll().execute();
    /** Alice: an isolated long of 10 at 20000, 10x: margin 20, bankrupt at 18000, liquidated at or below 18072.3. */
    const aliceLong = async () => {
      await place(BOB, { side: 'SELL', price: '20000', volume: '10' });
      await place(ALICE, { side: 'BUY', kind: 2, volume: '10' }, { marginMode: 2 });
    };

    it('announces a margin call once when the mark comes within 2% of the liquidation price, again after it moved away', async () => {
      await aliceLong();
      const calls: unknown[] = [];
      const stop = core.bus.subscribe((events) => {
        for (const e of events) if (e.type === 'futuresMarginCall') calls.push(e);
      });
      // Liquidated at 18000 / 0.996 = 18072.28915662650602409638..., rounded up in ledger units: 18500 - 2% = 18130 is
      // above it, 18400 - 2% = 18032 below.
      await check('18500');
      expect(calls).toEqual([]);
      await check('18400');
      await check('18390');
      expect(calls).toEqual([
        expect.objectContaining({
          userId: ALICE,
          symbol: SYMBOL,
          qty: '10',
          mark: '18400',
          liquidation: '18072.289156626506024097',
        }),
      ]);
      await check('19000');
      await check('18400');
      expect(calls).toHaveLength(2);
      stop();
    });

    it("closes an isolated position through the book no worse than its bankruptcy price; the rest of its margin is the fund's", async () => {
      await aliceLong();
      await place(CAROL, { side: 'BUY', price: '18050', volume: '10' });
      await place(ALICE, { side: 'SELL', price: '21000', volume: '4' }, { marginMode: 2, reduceOnly: true });
      // At 18080 the margin balance 20 - 19.2 = 0.8 is above maintenance 0.7232: nothing happens.
      expect(await check('18080')).toEqual({ liquidated: [] });
      // At 18060: 0.6 <= 0.7224. Her closing order is cancelled; the forced sell takes Carol's bid at 18050:
      // loss 10 x 0.001 x 1950 = 19.5 from the margin, the 0.5 left is the fund's clearance.
      const { liquidated } = await check('18060');
      expect(liquidated).toHaveLength(1);
      expect(await open(ALICE)).toEqual([]);
      expect(await co(ALICE)).toEqual({ available: '979.9', locked: '0' });
      expect(await system('futures_insurance')).toEqual({ available: '0.5', locked: '0' });
      expect(await liquidations()).toMatchObject([
        {
          qty: '10',
          mark: '18060',
          bankruptcy_price: '18000',
          by_book: '10',
          by_fund: '0',
          by_adl: '0',
          fund_after: '0.5',
        },
      ]);
      const forced = await database.db.selectFrom('futures_orders').selectAll().where('kind', '=', 6).execute();
      expect(forced).toHaveLength(1);
      await expectInvariants();
    });

    it('with no bid at the bankruptcy price and an empty fund, deleverages the most profitable opposite position', async () => {
      await aliceLong();
      await check('18060');
      // Closed against Bob's short at 18000: Alice loses her margin of 20 exactly, Bob gains 20 and gets his back.
      expect(await open(ALICE)).toEqual([]);
      expect(await open(BOB)).toEqual([]);
      expect(await co(ALICE)).toEqual({ available: '979.9', locked: '0' });
      expect(await co(BOB)).toEqual({ available: '1019.96', locked: '0' });
      expect(await system('futures_clearing')).toEqual({ available: '0', locked: '0' });
      const [row] = await liquidations();
      expect(row).toMatchObject({ by_book: '0', by_fund: '0', by_adl: '10' });
      expect(JSON.parse(row?.adl ?? '[]')).toEqual([{ positionId: expect.any(Number), userId: BOB, qty: '10' }]);
      await expectInvariants();
    });

    it('lets the insurance fund pay a loss beyond the margin as far as it reaches', async () => {
      await core.postMovement({
        cause: 'operator_credit',
        causeId: 'fund',
        postings: [
          { ownerId: 0, account: 'futures_insurance', coin: 'USDT', field: 'available', delta: '5' },
          { ownerId: 0, account: 'external', coin: 'USDT', field: 'available', delta: '-5' },
        ],
      });
      await aliceLong();
      await place(CAROL, { side: 'BUY', price: '17900', volume: '10' });
      // Nothing at 18000 or better; the fund's 5 reaches down to 18000 - 5 / 0.01 = 17500, so Carol's 17900 bid
      // takes it: loss 21, the margin pays 20, the fund 1.
      await check('18060');
      expect(await open(ALICE)).toEqual([]);
      expect(await system('futures_insurance')).toEqual({ available: '4', locked: '0' });
      expect(await liquidations()).toMatchObject([
        { by_book: '0', by_fund: '10', by_adl: '0', fund_before: '5', fund_after: '4' },
      ]);
      await expectInvariants();
    });

    /**
     * Alice: an isolated long of 5000 at 20000, 10x: worth 100,000 (the second bracket: 0.5%, cum 50), margin 10,000,
     * bankrupt at 18000. At mark m her margin balance is 5m - 90,000 and her maintenance 0.025m - 50. Carol bids 5000
     * at 18050.
     */
    const aliceBracketTwo = async () => {
      for (const user of [ALICE, BOB, CAROL]) await credit(user, '20000');
      await place(BOB, { side: 'SELL', price: '20000', volume: '5000' });
      await place(ALICE, { side: 'BUY', kind: 2, volume: '5000' }, { marginMode: 2 });
      await place(CAROL, { side: 'BUY', price: '18050', volume: '5000' });
      expect(await co(ALICE)).toEqual({ available: '10950', locked: '10000' });
    };

    it('reduces a position in the second bracket to the first bracket cap when that restores health', async () => {
      await aliceBracketTwo();
      // At 18090: 450 against 402.25, healthy.
      expect(await check('18090')).toEqual({ liquidated: [] });
      // At 18080: 400 <= 402. 50,000 / 18.08 = 2765.4...: 2765 contracts (worth 49,991.2) stay, 2235 are sold to
      // Carol at 18050: loss 2.235 x 1950 = 4358.25 from their margin 10,000 x 2235 / 5000 = 4470; the 111.75 left is
      // the fund's clearance.
      expect((await check('18080')).liquidated).toHaveLength(1);
      expect(await open(ALICE)).toEqual([{ side: 'both', qty: '2765', entry: 20000, margin: 5530 }]);
      expect(await co(ALICE)).toEqual({ available: '10950', locked: '5530' });
      expect(await system('futures_insurance')).toEqual({ available: '111.75', locked: '0' });
      // Now 5530 - 2.765 x 1920 = 221.2 against the first bracket's 49,991.2 x 0.004 = 199.9648: healthy.
      expect(await check('18080')).toEqual({ liquidated: [] });
      expect(await liquidations()).toMatchObject([
        {
          kind: 'partial',
          qty: '5000',
          keep: '2765',
          mark: '18080',
          bankruptcy_price: '18000',
          by_book: '2235',
          by_fund: '0',
          by_adl: '0',
          fund_before: '0',
          fund_after: '111.75',
        },
      ]);
      await expectInvariants();
    });

    it('reduces a cross position by bracket too, its clearance fee paid from the account', async () => {
      // Alice holds exactly the 10,050 a cross long of 5000 at 20000 takes at 10x (margin 10,000, taker fee 50), so
      // her wallet is 10,000 and the lines are the isolated case's; Carol bids 5000 at 18080.
      for (const user of [BOB, CAROL]) await credit(user, '20000');
      await credit(ALICE, '9050');
      await place(BOB, { side: 'SELL', price: '20000', volume: '5000' });
      await place(ALICE, { side: 'BUY', kind: 2, volume: '5000' });
      await place(CAROL, { side: 'BUY', price: '18080', volume: '5000' });
      expect(await co(ALICE)).toEqual({ available: '0', locked: '10000' });
      // At 18080: 400 <= 402. 2235 are sold at 18080: 4470 of margin freed, loss 2.235 x 1920 = 4291.2, clearance fee
      // 40,408.8 x 0.004 (the first bracket's rate, on the fill's value) = 161.6352 to the fund.
      expect((await check('18080')).liquidated).toHaveLength(1);
      expect(await open(ALICE)).toEqual([{ side: 'both', qty: '2765', entry: 20000, margin: 5530 }]);
      expect(await co(ALICE)).toEqual({ available: '17.1648', locked: '5530' });
      expect(await system('futures_insurance')).toEqual({ available: '161.6352', locked: '0' });
      // Wallet 5547.1648, PnL -5308.8: 238.3648 against 199.9648, healthy.
      expect(await check('18080')).toEqual({ liquidated: [] });
      expect(await liquidations()).toMatchObject([
        { kind: 'partial', margin_mode: 1, qty: '5000', keep: '2765', by_book: '2235', fund_after: '161.6352' },
      ]);
      await expectInvariants();
    });

    it('closes the position whole when the reduction to the first bracket does not restore health', async () => {
      await aliceBracketTwo();
      const notices: unknown[] = [];
      const stop = core.bus.subscribe((events) => {
        for (const e of events) if (e.type === 'futuresLiquidation') notices.push(e);
      });
      // At 18060: 300 <= 401.5. 50,000 / 18.06 = 2768.5...: 2232 are sold at 18050 (loss 4352.4 of their 4464, 111.6
      // to the fund). The 2768 left hold 5536: 5536 - 2.768 x 1940 = 166.08 is below 49,990.08 x 0.004 = 199.96032,
      // so they are closed whole at 18050 too (bankrupt at 20000 - 5536 / 2.768 = 18000): 138.4 more to the fund.
      expect((await check('18060')).liquidated).toHaveLength(1);
      expect(await open(ALICE)).toEqual([]);
      expect(await co(ALICE)).toEqual({ available: '10950', locked: '0' });
      // In all 10,000 - 5 x 1950 = 250.
      expect(await system('futures_insurance')).toEqual({ available: '250', locked: '0' });
      expect(await liquidations()).toMatchObject([
        { kind: 'partial', qty: '5000', keep: '2768', by_book: '2232', fund_after: '111.6' },
        { kind: 'whole', qty: '2768', keep: '0', bankruptcy_price: '18000', by_book: '2768', fund_after: '250' },
      ]);
      expect(notices).toMatchObject([
        { qty: '5000', closed: '2232', partial: true },
        { qty: '2768', closed: '2768', partial: false },
      ]);
      stop();
      await expectInvariants();
    });

    it('liquidates a cross account when its whole balance no longer covers maintenance, and charges the clearance fee', async () => {
      await core.postMovement({
        cause: 'operator_credit',
        causeId: 'eve',
        postings: [
          { ownerId: EVE, account: 'co', coin: 'USDT', field: 'available', delta: '25' },
          { ownerId: 0, account: 'external', coin: 'USDT', field: 'available', delta: '-25' },
        ],
      });
      await place(BOB, { side: 'SELL', price: '20000', volume: '10' });
      await place(EVE, { side: 'BUY', kind: 2, volume: '10' });
      expect(await co(EVE)).toEqual({ available: '4.9', locked: '20' });
      await place(CAROL, { side: 'BUY', price: '17600', volume: '10' });
      // Wallet 24.9: liquidated at or below 17580.32, bankrupt at 20000 - 24.9 / 0.01 = 17510.
      expect(await check('17600')).toEqual({ liquidated: [] });
      expect((await check('17500')).liquidated).toHaveLength(1);
      // Sold at 17600: loss 24; clearance fee 176 x 0.004 = 0.704 to the fund.
      expect(await co(EVE)).toEqual({ available: '0.196', locked: '0' });
      expect(await system('futures_insurance')).toEqual({ available: '0.704', locked: '0' });
      await expectInvariants();
    });
  });
});
