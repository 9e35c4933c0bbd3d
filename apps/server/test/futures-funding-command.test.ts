import { coTransactionList, coTransfer } from '@opex/contract/calls/co-account';
import { coOrderCreate } from '@opex/contract/calls/co-order';
import { createCoId, levelEdit, marginModelEdit } from '@opex/contract/calls/co-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { waitForInbox } from '../src/core/core-inbox.ts';
import { addBtcAndUsdt, BTC_BRACKETS, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, futuresInvariants, ledgerConservation, loginAs } from './trading-fixtures.ts';

const [ALICE, BOB] = [611, 612];
const HOUR = 3_600_000;
/** The test server's clock starts at noon: inside the 08:00 to 16:00 interval of an 8-hourly contract. */
const NOON = Date.UTC(2026, 0, 1, 12);

/**
 * The operator's `funding rate` and `funding settle` against a running exchange: Alice long 10 contracts of
 * E-BTC-USDT (0.001 BTC each) isolated, Bob short 10 cross, both at 20,000; the settlement goes through the core
 * inbox and pays the running interval's rate at the stored mark, as the scheduler's settlement would.
 */
describe.each(testDialects)('the operator settles funding on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let contractId: number;
  let alice: TestClient;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const db = () => server.services.database.db;
  const order = (client: TestClient, side: 'BUY' | 'SELL') =>
    client.call(coOrderCreate, { contractId, side, open: 'OPEN', type: 1, price: '20000.0', volume: '10' });

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await addBtcAndUsdt(admin);
    await admin(...linearContractAdd());
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', BTC_BRACKETS);
    await admin(...linearContractAdd('USDT', '--type', 'Q', '--delivery', '2026-03-27T08:00:00Z'));
    contractId = Number(
      (await db().selectFrom('contracts').select('id').where('contract_name', '=', 'E-BTC-USDT').executeTakeFirst())
        ?.id,
    );
    await server.services.core.reloadMarkets();
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', '20000');
    await server.services.prices.current();
    alice = await loginAs(server, ALICE);
    const bob = await loginAs(server, BOB);
    for (const [id, client] of [
      [ALICE, alice],
      [BOB, bob],
    ] as const) {
      await fund(server.services.core, id, 'USDT', '1000');
      const transfer = { transferType: 'wallet_to_contract', amount: '1000', coinSymbol: 'USDT' } as const;
      expect((await client.call(coTransfer, transfer)).code).toBe('0');
      expect((await client.call(createCoId, {})).code).toBe('0');
      expect((await client.call(levelEdit, { nowLevel: 10, contractId })).code).toBe('0');
    }
    expect((await alice.call(marginModelEdit, { marginModel: 2, contractId })).code).toBe('0');
    expect((await order(bob, 'SELL')).code).toBe('0');
    expect((await order(alice, 'BUY')).code).toBe('0');
    // The exchange works the mark out (20,000: index, and the last trade) and stores its minute's bar.
    await server.services.contractPrices.tick();
  });
  afterAll(() => server.close());

  it("tells the running interval's rate from its samples so far and the next funding time", async () => {
    // The core's premium samples: one of the interval before (07:59, ignored) and one of this interval (11:00).
    // Rate = P + clamp(I - P, ±0.05%) with P = 0.08% and I = 0.01%: 0.08% - 0.05% = 0.03%.
    await db()
      .insertInto('funding_samples')
      .values([
        { contract_id: contractId, at: NOON - 4 * HOUR - 60_000, premium: '0.01', index_price: '20000' },
        { contract_id: contractId, at: NOON - HOUR, premium: '0.0008', index_price: '20000' },
      ])
      .execute();
    expect(await admin('funding', 'rate', 'e-btc-usdt')).toBe(
      'E-BTC-USDT\tpredicted rate 0.03% (0.0003, 1 samples so far)\tnext funding 2026-01-01T16:00:00.000Z\tlast settled rate none yet',
    );
  });

  it('settles now through the core at that rate and the mark, as a funding the scheduler would store', async () => {
    const at = server.clock.now();
    expect(await admin('funding', 'settle', 'E-BTC-USDT')).toBe(
      'E-BTC-USDT funding settled at 2026-01-01T12:00:00.000Z: rate 0.03% (1 samples), mark 20000, 2 ledger rows of positions',
    );
    const rates = await db().selectFrom('funding_rates').selectAll().execute();
    expect(rates.map((r) => [Number(r.contract_id), Number(r.funding_time), r.rate, r.mark, r.samples])).toEqual([
      [contractId, at, '0.0003', '20000', 1],
    ]);
    // Position value 10 x 0.001 x 20,000 = 200 USDT; x 0.03% = 0.06. Alice's long pays from her isolated margin,
    // Bob's cross short is paid into his available balance.
    const rows = await db()
      .selectFrom('ledger_entries')
      .select(['owner_id', 'account', 'field', 'delta'])
      .where('cause', '=', 'funding')
      .where('cause_id', '=', `funding:${contractId}:${at}`)
      .orderBy('owner_id')
      .execute();
    expect(rows.map((r) => [Number(r.owner_id), r.account, r.field, Number(r.delta)])).toEqual([
      [ALICE, 'co', 'locked', -0.06],
      [BOB, 'co', 'available', 0.06],
    ]);
    const positions = await db()
      .selectFrom('futures_positions')
      .select(['user_id', 'funding'])
      .where('contract_id', '=', contractId)
      .orderBy('user_id')
      .execute();
    expect(positions.map((p) => [Number(p.user_id), Number(p.funding)])).toEqual([
      [ALICE, -0.06],
      [BOB, 0.06],
    ]);
    const inbox = await db().selectFrom('core_inbox').select(['kind', 'result']).where('kind', '=', 'fundingSettle');
    expect(await inbox.execute()).toEqual([{ kind: 'fundingSettle', result: 'ok' }]);
    const audit = await db().selectFrom('audit_log').select(['action', 'subject']).orderBy('id', 'desc').limit(1);
    expect(await audit.execute()).toEqual([{ action: 'funding.settle', subject: 'E-BTC-USDT' }]);
    expect(await admin('funding', 'rate', 'E-BTC-USDT')).toContain('last settled rate 0.03%');
    // Alice's futures ledger: the funding she paid, on its contract, above her opening fee.
    const ledger = (await alice.call(coTransactionList, { page: 1, limit: 20 })).data?.transList ?? [];
    expect(ledger.map((r) => [r.typeCode, r.amount, r.contractName]).slice(0, 2)).toEqual([
      [5, '-0.06', 'E-BTC-USDT'],
      [6, '-0.1', 'E-BTC-USDT'],
    ]);
    expect(await ledgerConservation(db())).toEqual([]);
    expect(await futuresInvariants(db())).toEqual([]);
  });

  it('refuses a dated or unknown contract, and a settlement while the exchange prices nothing', async () => {
    const refused = async (argv: string[], message: RegExp, type: new (m: string) => Error = AdminInputError) => {
      await expect(admin(...argv)).rejects.toThrow(message);
      await expect(admin(...argv)).rejects.toBeInstanceOf(type);
    };
    const settlements = async () =>
      (await db().selectFrom('funding_rates').select('id').execute()).length +
      (await db().selectFrom('core_inbox').select('id').where('kind', '=', 'fundingSettle').execute()).length;
    const before = await settlements();
    await refused(['funding', 'settle', 'Q-BTC-USDT'], /Q-BTC-USDT is a dated contract: only perpetuals fund/);
    await refused(['funding', 'rate', 'E-DOGE-USDT'], /no listed or halted contract E-DOGE-USDT/);
    await refused(['funding', 'settle'], /<name> is required/);
    // Three minutes on without the exchange working a mark out: its last bar is too old to settle at.
    server.clock.advance(3 * 60_000);
    await refused(['funding', 'settle', 'E-BTC-USDT'], /has no mark price from the last minute/, Error);
    expect(await settlements()).toBe(before);
    // A settlement row another process wrote wrong is marked refused, and pays nothing.
    const rates = await db().selectFrom('funding_rates').select('id').execute();
    const id = await db()
      .insertInto('core_inbox')
      .values({ kind: 'fundingSettle', payload: '{"at":1}', created_at: 0, processed_at: null, result: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await waitForInbox(db(), id.id)).toBe('unbalanced');
    expect(await db().selectFrom('funding_rates').select('id').execute()).toEqual(rates);
  });
});
