import { coAccountBalance, coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { addBtcAndUsdt, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { balanceOf, fund, loginAs, tradingInvariants } from './trading-fixtures.ts';

const ALICE = 501;

describe.each(testDialects)('the futures account on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let alice: TestClient;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const db = () => server.services.database.db;
  const transfer = (transferType: 'wallet_to_contract' | 'contract_to_wallet', amount: string, coinSymbol = 'USDT') =>
    alice.call(coTransfer, { transferType, amount, coinSymbol });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd());
    await fund(server.services.core, ALICE, 'USDT', '1000');
    await fund(server.services.core, ALICE, 'BTC', '1');
    alice = await loginAs(server, ALICE);
  });
  afterAll(() => server.close());

  it('moves a margin coin in and out exactly, and shows the account per margin coin', async () => {
    expect((await transfer('wallet_to_contract', '250.5')).code).toBe('0');
    expect((await transfer('contract_to_wallet', '0.000001')).code).toBe('0');
    expect(await balanceOf(db(), ALICE, 'USDT', 'co')).toEqual({ available: '250.499999', locked: '0' });
    expect(await balanceOf(db(), ALICE, 'USDT')).toEqual({ available: '749.500001', locked: '0' });
    const { data } = await alice.call(coAccountBalance, { marginCoin: 'usdt' });
    expect(data.accounts).toEqual([
      {
        symbol: 'USDT',
        canUseAmount: '250.499999',
        totalAmount: '250.499999',
        totalMargin: '0',
        isolateMargin: '0',
        lockAmount: '0',
        realizedAmount: '0',
        unRealizedAmount: '0',
        totalMarginRate: '0',
      },
    ]);
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
  });

  it("lists the futures account's ledger, newest first, by kind and coin, the user's own only", async () => {
    const list = async (request: Parameters<typeof alice.call<typeof coTransactionList>>[1]) =>
      (await alice.call(coTransactionList, request)).data;
    const all = await list({});
    expect(all.count).toBe(2);
    expect(all.transList.map((t) => [t.type, t.typeCode, t.symbol, t.amount, t.contractName])).toEqual([
      ['Transfer out', 2, 'USDT', '-0.000001', ''],
      ['Transfer in', 1, 'USDT', '250.5', ''],
    ]);
    expect((await list({ type: 1 })).transList.map((t) => t.amount)).toEqual(['250.5']);
    expect((await list({ type: '2', symbol: 'usdt' })).transList.map((t) => t.amount)).toEqual(['-0.000001']);
    expect(await list({ type: 5 })).toEqual({ transList: [], count: 0 });
    expect(await list({ type: 12 })).toEqual({ transList: [], count: 0 });
    expect((await list({ symbol: 'BTC' })).count).toBe(0);
    // The last 14 days by default: a window before the transfers holds none.
    expect((await list({ beginTime: 0, endTime: 1 })).count).toBe(0);
    expect((await list({ limit: 1, page: 2 })).transList.map((t) => t.amount)).toEqual(['250.5']);
    // A funding payment's rows name their contract by the cause id the settlement gives them.
    const contract = await db().selectFrom('contracts').select('id').executeTakeFirstOrThrow();
    const at = server.clock.now();
    await server.services.core.postMovement({
      cause: 'funding',
      causeId: `funding:${contract.id}:${at}`,
      postings: [
        { ownerId: ALICE, account: 'co', coin: 'USDT', field: 'available', delta: '-0.25' },
        { ownerId: 0, account: 'futures_insurance', coin: 'USDT', field: 'available', delta: '0.25' },
      ],
    });
    expect((await list({ type: 5 })).transList).toEqual([
      { ctime: at, type: 'Funding fee', typeCode: 5, symbol: 'USDT', amount: '-0.25', contractName: 'E-BTC-USDT' },
    ]);
    const bob = await loginAs(server, ALICE + 1);
    expect((await bob.call(coTransactionList, {})).data.count).toBe(0);
    expect((await alice.call(coTransactionList, { type: 14 as never })).code).toBe(ErrorCode.badRequest);
  });

  it('refuses what it cannot do, with the rule named, and moves nothing', async () => {
    const ledgerRows = async () => (await db().selectFrom('ledger_entries').select('id').execute()).length;
    const before = await ledgerRows();
    // BTC margins no listed contract here (the BTC/USDT contract is margined in USDT).
    expect(await transfer('wallet_to_contract', '0.1', 'BTC')).toMatchObject({
      code: ErrorCode.coinNotFound,
      msg: expect.stringContaining('coinSymbol'),
    });
    expect((await transfer('wallet_to_contract', '1.0000001')).code).toBe(ErrorCode.transferPrecision);
    expect((await transfer('contract_to_wallet', '5000')).code).toBe(ErrorCode.insufficientBalance);
    expect((await transfer('wallet_to_contract', '0')).code).toBe(ErrorCode.badRequest);
    expect(
      (await alice.call(coTransfer, { transferType: 'sideways' as never, amount: '1', coinSymbol: 'USDT' })).code,
    ).toBe(ErrorCode.badRequest);
    await admin('contract', 'halt', 'E-BTC-USDT');
    expect((await transfer('wallet_to_contract', '1')).code).toBe('0');
    await admin('contract', 'resume', 'E-BTC-USDT');
    expect(
      (await server.client().call(coTransfer, { transferType: 'wallet_to_contract', amount: '1', coinSymbol: 'USDT' }))
        .code,
    ).toBe(ErrorCode.sessionEnded);
    // An inverse contract margined in BTC whose transfers in are closed: BTC may not move in.
    await admin(
      ...['contract', 'add', '--base', 'BTC', '--quote', 'USD', '--type', 'E', '--side', 'inverse'],
      ...['--multiplier', '100', '--price-precision', '1', '--max-limit-volume', '100000'],
      ...['--max-market-money', '1000000', '--maker-fee', '0.0002', '--taker-fee', '0.0005', '--funds-in', '0'],
    );
    expect((await transfer('wallet_to_contract', '0.1', 'BTC')).code).toBe(ErrorCode.switchedOff);
    expect(await ledgerRows()).toBe(before + 2);
  });
});
