import { LoanStatus } from '@opex/contract/calls/lever';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../../test/harness.ts';
import { balanceOf, fund, seedMarket, tradingInvariants } from '../../../test/trading-fixtures.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { PlaceCommand } from '../spot/order-placement.ts';
import { TradingCore } from '../trading-core.ts';

const HOUR = 3_600_000;
const SYMBOL = 'BTCUSDT';
const ALICE = 1;
const BOB = 2;

describe.each(testDialects)('margin commands on %s', (dialect) => {
  let database: TestDatabase;
  let core: TradingCore;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  const start = async () => {
    core = new TradingCore(database, clock, { inboxPollMs: 20 });
    await core.start();
  };
  const at = () => clock.now();
  const transferIn = (userId: number, coin: string, amount: string) =>
    core.execute(
      'marginTransfer',
      { userId, symbol: SYMBOL, coin, amount, direction: 'in', price: '100' },
      { at: at() },
    );
  const borrow = (userId: number, coin: string, amount: string, price = '100') =>
    core.execute('marginBorrow', { userId, symbol: SYMBOL, coin, amount, price }, { at: at() });
  const lever = (userId: number, coin: string) => balanceOf(database.db, userId, coin, `lever:${SYMBOL}`);
  const loanAccount = (userId: number, coin: string) => balanceOf(database.db, userId, coin, `loan:${SYMBOL}`);
  const expectInvariants = async () => expect(await tradingInvariants(database.db, core)).toEqual([]);
  type Request = PlaceCommand['request'];
  /** An order on Alice's BTCUSDT margin account, the index at 100. */
  const onMargin = (request: Request, effects: { autoBorrow?: boolean; autoRepay?: boolean } = {}) =>
    core.execute(
      'marginPlace',
      {
        place: { userId: ALICE, symbol: 'btcusdt', request, clientOrderId: null },
        autoBorrow: effects.autoBorrow ?? false,
        autoRepay: effects.autoRepay ?? false,
        price: '100',
      },
      { at: at() },
    );
  /** A spot limit order of Bob's. */
  const bob = (side: 'BUY' | 'SELL', price: string, volume: string) =>
    core.placeOrder({ userId: BOB, symbol: 'btcusdt', request: { side, type: 1, price, volume }, clientOrderId: null });
  const limit = (side: 'BUY' | 'SELL', price: string, volume: string): Request => ({ side, type: 1, price, volume });

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await seedMarket(database.db, { is_open_lever: 1, multiple: 3 });
    await database.db
      .insertInto('margin_coins')
      .values({ coin: 'USDT', daily_rate: '0.001', min_borrow: '1', updated_at: 0 })
      .execute();
    await start();
    await fund(core, ALICE, 'USDT', '1000');
    await fund(core, BOB, 'BTC', '10');
    await fund(core, BOB, 'USDT', '10000');
  });
  afterEach(async () => {
    await core.stop();
    await database.close();
  });

  it('moves money in, borrows within what leverage allows, and refuses beyond it or below the least loan', async () => {
    expect(await transferIn(ALICE, 'USDT', '100')).toEqual({ ok: true });
    expect(await lever(ALICE, 'USDT')).toEqual({ available: '100', locked: '0' });
    // 3x: assets 100 and no debt may borrow (3 - 1) x 100 = 200.
    expect(await borrow(ALICE, 'USDT', '200.01')).toEqual({ ok: false, code: ErrorCode.borrowAboveLimit });
    expect(await borrow(ALICE, 'USDT', '0.5')).toEqual({ ok: false, code: ErrorCode.borrowBelowMinimum });
    expect(await borrow(ALICE, 'ETH', '1')).toEqual({ ok: false, code: ErrorCode.marginCoinNotInPair });
    expect(await borrow(ALICE, 'USDT', '1', '')).toMatchObject({ ok: false });
    const loan = await borrow(ALICE, 'USDT', '200');
    expect(loan).toEqual({ ok: true, loanId: 1 });
    expect(await lever(ALICE, 'USDT')).toEqual({ available: '300', locked: '0' });
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '-200', locked: '0' });
    expect(await borrow(ALICE, 'USDT', '1')).toEqual({ ok: false, code: ErrorCode.borrowAboveLimit });
    await expectInvariants();
  });

  it('keeps money in while the risk rate would fall under the transfer line', async () => {
    await transferIn(ALICE, 'USDT', '100');
    await borrow(ALICE, 'USDT', '100');
    // Assets 200, debt 100: at the 200% line nothing may leave.
    const out = (amount: string) =>
      core.execute(
        'marginTransfer',
        { userId: ALICE, symbol: SYMBOL, coin: 'USDT', amount, direction: 'out', price: '100' },
        { at: at() },
      );
    expect(await out('0.01')).toEqual({ ok: false, code: ErrorCode.marginTransferRisk });
    await core.execute('marginRepay', { userId: ALICE, loanId: 1, amount: 'all', price: '100' }, { at: at() });
    expect(await out('100')).toEqual({ ok: true });
    expect(await balanceOf(database.db, ALICE, 'USDT')).toEqual({ available: '1000', locked: '0' });
    await expectInvariants();
  });

  it('posts interest hourly in whole units, pays interest first, and "repay all" leaves no debt and no dust', async () => {
    await transferIn(ALICE, 'USDT', '100');
    await borrow(ALICE, 'USDT', '150');
    // 150 x 0.001 a day for one hour = 0.00625 USDT; the coin keeps 8 decimals, so all of it is due.
    clock.advance(HOUR);
    expect(await core.execute('marginInterest', {}, { at: at() })).toEqual({ posted: 1 });
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '-150.00625', locked: '0' });
    expect(await balanceOf(database.db, 0, 'USDT', 'lending')).toEqual({ available: '0.00625', locked: '0' });
    clock.advance(HOUR / 2);
    const part = await core.execute(
      'marginRepay',
      { userId: ALICE, loanId: 1, amount: '50', price: '100' },
      { at: at() },
    );
    // 1.5 hours of interest on 150: 0.009375, paid first.
    expect(part).toEqual({ ok: true, interestPaid: '0.009375', principalPaid: '49.990625' });
    clock.advance(7 * HOUR + 123);
    const all = await core.execute(
      'marginRepay',
      { userId: ALICE, loanId: 1, amount: 'all', price: '100' },
      { at: at() },
    );
    expect(all.ok).toBe(true);
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '0', locked: '0' });
    const row = await database.db.selectFrom('margin_loans').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: LoanStatus.repaid, principal: '0', interest: '0', posted: '0' });
    await expectInvariants();
  });

  it('keeps loans and their interest across a restart', async () => {
    await transferIn(ALICE, 'USDT', '100');
    await borrow(ALICE, 'USDT', '100');
    clock.advance(HOUR);
    await core.stop();
    await start();
    clock.advance(HOUR);
    expect(await core.execute('marginInterest', {}, { at: at() })).toEqual({ posted: 1 });
    // Two hours of 100 x 0.001 a day.
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '-100.00833333', locked: '0' });
    await expectInvariants();
  });

  it('borrows what an order needs with auto-borrow, and returns it at once when the order is refused', async () => {
    await transferIn(ALICE, 'USDT', '100');
    const place = (price: string, volume: string, postOnly = false) =>
      onMargin({ ...limit('BUY', price, volume), postOnly }, { autoBorrow: true });
    expect(await place('100', '2.5')).toMatchObject({ ok: true });
    expect(await lever(ALICE, 'USDT')).toEqual({ available: '0', locked: '250' });
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '-150', locked: '0' });
    // A post-only order that would take is refused by the book: its loan is repaid in the same command.
    await bob('SELL', '101', '1');
    // Assets 250 and debt 150 may borrow 2 x 250 - 3 x 150 = 50 more: 50.5 is refused, 40.4 borrowed.
    expect(await place('101', '0.5', true)).toMatchObject({ ok: false, code: ErrorCode.borrowAboveLimit });
    expect(await place('101', '0.4', true)).toMatchObject({ ok: false, code: ErrorCode.postOnlyWouldTake });
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '-150', locked: '0' });
    await expectInvariants();
  });

  it('repays from the proceeds of an auto-repay order as it fills, also after a restart', async () => {
    await transferIn(ALICE, 'USDT', '100');
    await borrow(ALICE, 'USDT', '200');
    await bob('SELL', '100', '3');
    expect((await onMargin(limit('BUY', '100', '3'))).ok).toBe(true);
    // A resting sell with auto-repay; the core restarts before Bob takes it.
    const sell = await onMargin(limit('SELL', '110', '1'), { autoRepay: true });
    expect(sell.ok).toBe(true);
    await core.stop();
    await start();
    await bob('BUY', '110', '1');
    // 110 less the 0.1% maker fee: 109.89 repaid from the 200 owed.
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '-90.11', locked: '0' });
    expect(await lever(ALICE, 'USDT')).toEqual({ available: '0', locked: '0' });
    const repayments = await database.db.selectFrom('margin_repayments').selectAll().execute();
    expect(repayments).toEqual([expect.objectContaining({ amount: '109.89', type: 2, principal: '109.89' })]);
    await expectInvariants();
  });

  it('liquidates at the line within the price event: cancels, sells through the book, repays', async () => {
    await transferIn(ALICE, 'USDT', '100');
    await borrow(ALICE, 'USDT', '200');
    // Alice buys 3 BTC at 100 with 300 USDT (fee 0.2% in BTC).
    await bob('SELL', '100', '3');
    const buy = await onMargin(limit('BUY', '100', '3'));
    expect(buy.ok).toBe(true);
    // A resting sell of hers that the liquidation cancels, and Bob's bid that absorbs the sale.
    await onMargin(limit('SELL', '150', '1'));
    await bob('BUY', '73', '5');
    // At 80 the risk rate is 2.994 x 80 / 200 = 119.76%: announced, not liquidated.
    const safe = await core.execute('marginCheck', { symbol: 'btcusdt', price: '80' }, { at: at() });
    expect(safe.accounts).toEqual([{ userId: ALICE, riskRate: '119.76', liquidated: false }]);
    // At 73: 109.28%, under the 110% line. The sale may go no lower than 73 x 0.95 = 69.35; Bob bids 73.
    const hit = await core.execute('marginCheck', { symbol: 'btcusdt', price: '73' }, { at: at() });
    expect(hit.accounts).toEqual([{ userId: ALICE, riskRate: '109.28', liquidated: true }]);
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '0', locked: '0' });
    // All 2.994 BTC sold at Bob's 73 (218.562, less the 0.2% fee), 200 repaid.
    expect(await lever(ALICE, 'BTC')).toEqual({ available: '0', locked: '0' });
    expect(await lever(ALICE, 'USDT')).toEqual({ available: '18.124876', locked: '0' });
    expect(await core.execute('cancel', { userId: ALICE, orderId: 3, symbol: 'btcusdt' })).toMatchObject({ ok: false });
    const loan = await database.db.selectFrom('margin_loans').selectAll().executeTakeFirstOrThrow();
    expect(loan.status).toBe(LoanStatus.liquidated);
    const record = await database.db.selectFrom('margin_liquidations').selectAll().executeTakeFirstOrThrow();
    expect(record).toMatchObject({ user_id: ALICE, symbol: SYMBOL, index_price: '73', risk_rate: '1.09281' });
    await expectInvariants();
  });

  it('books a shortfall the book cannot absorb to the insurance fund, which takes what is left', async () => {
    await transferIn(ALICE, 'USDT', '100');
    await borrow(ALICE, 'USDT', '200');
    await bob('SELL', '100', '3');
    await onMargin(limit('BUY', '100', '3'));
    // No bids at all: nothing sells; the fund takes her 2.994 BTC and repays the 200 USDT.
    const hit = await core.execute('marginCheck', { symbol: 'btcusdt', price: '60' }, { at: at() });
    expect(hit.accounts[0]?.liquidated).toBe(true);
    expect(await lever(ALICE, 'BTC')).toEqual({ available: '0', locked: '0' });
    expect(await loanAccount(ALICE, 'USDT')).toEqual({ available: '0', locked: '0' });
    expect(await balanceOf(database.db, 0, 'BTC', 'margin_insurance')).toEqual({ available: '2.994', locked: '0' });
    expect(await balanceOf(database.db, 0, 'USDT', 'margin_insurance')).toEqual({ available: '-200', locked: '0' });
    const loan = await database.db.selectFrom('margin_loans').selectAll().executeTakeFirstOrThrow();
    expect(loan.status).toBe(LoanStatus.shortfall);
    await expectInvariants();
  });
});
