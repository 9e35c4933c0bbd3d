import { coAccountBalance, coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { getRiskAccount } from '@opex/contract/calls/co-common';
import { coCurrentOrderList, coHisTradeList, coOrderCreate } from '@opex/contract/calls/co-order';
import { coAssetsList } from '@opex/contract/calls/co-position';
import { createCoId, getUserConfig, receiveCoupon } from '@opex/contract/calls/co-user';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { isSimulatedAccount } from '../src/core/futures/futures-rules.ts';
import { SYSTEM_OWNER } from '../src/ledger/accounts.ts';
import { addBtcAndUsdt, BTC_BRACKETS, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, loginAs, tradingInvariants } from './trading-fixtures.ts';

const [ALICE, BOB, CAROL] = [701, 702, 703];

/**
 * Simulated futures (type S) through the real server: the coupon is test money from the simulated faucet into the
 * user's co_sim account, granted once; a simulated trade moves only simulated accounts (co_sim, sim_clearing,
 * sim_fee), so real balances, the real fee income and the real insurance fund stay as they were; the order centre
 * filters by coType; money is conserved per coin with the simulated accounts apart.
 */
describe.each(testDialects)('simulated futures on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let real: number;
  let sim: number;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const db = () => server.services.database.db;
  const order = (client: TestClient, fields: Record<string, unknown>) =>
    client.call(coOrderCreate, { contractId: sim, side: 'BUY', open: 'OPEN', type: 1, volume: '1', ...fields });
  /** Every balance the real side of the exchange holds, to compare before and after simulated trading. */
  const realBalances = async () =>
    (await db().selectFrom('balances').selectAll().orderBy('owner_id').orderBy('account').orderBy('coin').execute())
      .filter((b) => !isSimulatedAccount(b.account))
      .map((b) => `${b.owner_id}/${b.account}/${b.coin}: ${b.available} + ${b.locked}`);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd());
    await admin(...linearContractAdd('USDT', '--type', 'S'));
    for (const name of ['E-BTC-USDT', 'S-BTC-USDT']) await admin('contract', 'brackets', name, '--tiers', BTC_BRACKETS);
    const ids = await db().selectFrom('contracts').select(['id', 'contract_type']).execute();
    real = Number(ids.find((c) => c.contract_type === 'E')?.id);
    sim = Number(ids.find((c) => c.contract_type === 'S')?.id);
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
    carol = await loginAs(server, CAROL);
    // Alice has real money in her futures account; Bob has none.
    await fund(server.services.core, ALICE, 'USDT', '1000');
    expect((await alice.call(createCoId, {})).code).toBe('0');
    expect((await bob.call(createCoId, {})).code).toBe('0');
    const moved = await alice.call(coTransfer, {
      transferType: 'wallet_to_contract',
      amount: '400',
      coinSymbol: 'USDT',
    });
    expect(moved.code).toBe('0');
  });
  afterAll(() => server.close());

  it('grants the coupon once, from the simulated faucet into the simulated account', async () => {
    expect((await carol.call(receiveCoupon, {})).code).toBe(ErrorCode.futuresNoAccount);
    expect((await alice.call(getUserConfig, { contractId: sim })).data?.couponTag).toBe(0);
    const before = await realBalances();

    expect((await alice.call(receiveCoupon, {})).code).toBe('0');
    expect((await alice.call(getUserConfig, { contractId: sim })).data?.couponTag).toBe(1);
    expect((await alice.call(getUserConfig, { contractId: real })).data?.couponTag).toBe(1);
    const again = await alice.call(receiveCoupon, {});
    expect(again.code).toBe(ErrorCode.futuresCouponClaimed);

    // The operator's amount applies to later claims.
    await admin('setting', 'set', 'sim_coupon', '{"USDT":"5000"}');
    expect((await bob.call(receiveCoupon, {})).code).toBe('0');

    expect(await balanceOf(db(), ALICE, 'USDT', 'co_sim')).toMatchObject({ available: '10000', locked: '0' });
    expect(await balanceOf(db(), BOB, 'USDT', 'co_sim')).toMatchObject({ available: '5000', locked: '0' });
    expect(await balanceOf(db(), SYSTEM_OWNER, 'USDT', 'sim_faucet')).toMatchObject({ available: '-15000' });
    expect(await realBalances()).toEqual(before);

    const simAccount = await alice.call(coAccountBalance, { simulated: 1 });
    expect(simAccount.data?.accounts).toMatchObject([{ symbol: 'USDT', canUseAmount: '10000', totalAmount: '10000' }]);
    const realAccount = await alice.call(coAccountBalance, {});
    expect(realAccount.data?.accounts).toMatchObject([{ symbol: 'USDT', canUseAmount: '400', totalAmount: '400' }]);
    const ledger = await alice.call(coTransactionList, { simulated: 1 });
    expect(ledger.data?.transList).toMatchObject([{ typeCode: 10, type: 'Bonus issued', amount: '10000' }]);
    expect((await alice.call(coTransactionList, {})).data?.transList.map((t) => t.typeCode)).toEqual([1]);
  });

  it('trades the simulated contract on simulated accounts only, real balances and funds untouched', async () => {
    const before = await realBalances();
    const insurance = (await alice.call(getRiskAccount, { coinSymbol: 'USDT' })).data;

    expect((await order(alice, { side: 'SELL', price: '20000', volume: '10' })).code).toBe('0');
    expect((await order(bob, { type: 2, volume: '200' })).code).toBe('0');
    expect((await order(bob, { side: 'SELL', price: '20100', volume: '3' })).code).toBe('0');

    // The position shows on the simulated side only, margined from the simulated account.
    const simAssets = await bob.call(coAssetsList, { simulated: 1 });
    expect(simAssets.data?.positionList).toMatchObject([
      { contractName: 'S-BTC-USDT', orderSide: 'BUY', positionVolume: '10' },
    ]);
    expect((await bob.call(coAssetsList, {})).data?.positionList).toEqual([]);
    const bobSim = await balanceOf(db(), BOB, 'USDT', 'co_sim');
    expect(Number(bobSim.available) + Number(bobSim.locked)).toBeLessThan(5000);
    expect(Number(bobSim.locked)).toBeGreaterThan(0);

    // Nothing real moved: balances (fee income included), the real insurance fund.
    expect(await realBalances()).toEqual(before);
    expect((await alice.call(getRiskAccount, { coinSymbol: 'USDT' })).data).toEqual(insurance);
    expect(Number((await balanceOf(db(), SYSTEM_OWNER, 'USDT', 'sim_fee')).available)).toBeGreaterThan(0);
    const rows = await db()
      .selectFrom('ledger_entries')
      .select(['account', 'cause'])
      .where('cause', 'in', ['fee', 'position_margin', 'coupon'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !isSimulatedAccount(r.account))).toEqual([]);

    // Test money never leaves for a real account: Bob's real futures account is empty, so there is nothing to move.
    const out = await bob.call(coTransfer, { transferType: 'contract_to_wallet', amount: '1', coinSymbol: 'USDT' });
    expect(out.code).toBe(ErrorCode.insufficientBalance);

    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });

  it("filters the order centre by the contract's family", async () => {
    const simOrders = await bob.call(coCurrentOrderList, { coType: 'S' });
    expect(simOrders.data?.orderList.map((o) => o.contractName)).toEqual(['S-BTC-USDT']);
    expect((await bob.call(coCurrentOrderList, { coType: 'E' })).data).toMatchObject({ count: 0, orderList: [] });
    expect((await bob.call(coCurrentOrderList, {})).data?.count).toBe(1);
    const window = { beginTime: 0, endTime: Date.now() * 2 };
    expect((await bob.call(coHisTradeList, { coType: 'S', ...window })).data?.count).toBe(1);
    expect((await bob.call(coHisTradeList, { coType: 'E', ...window })).data?.count).toBe(0);
  });
});
