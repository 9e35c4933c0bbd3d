import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/ledger-audit.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { fund, ledgerConservation, seedMarket, tradingInvariants } from './trading-fixtures.ts';

/** The shared conservation check finds money that appears without an external cause, which the audit alone misses. */
describe.each(testDialects)('the ledger conservation check on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.services.database.db;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db());
    await fund(server.services.core, 1, 'BTC', '2');
  });
  afterAll(() => server.close());

  it('passes a clean ledger and names a movement that brings money in under a trading cause', async () => {
    expect(await tradingInvariants(db(), server.services.core)).toEqual([]);
    // Balanced and mirrored by the external account, so every coin still sums to zero for the audit.
    const now = server.clock.now();
    const row = {
      coin: 'BTC',
      field: 'available' as const,
      cause: 'trade',
      cause_id: 'trade:999',
      memo: '',
      created_at: now,
    };
    await db()
      .insertInto('ledger_entries')
      .values([
        { ...row, owner_id: 1, account: 'exchange', delta: '1', balance_after: '3' },
        { ...row, owner_id: 0, account: 'external', delta: '-1', balance_after: '-3' },
      ])
      .execute();
    await db()
      .updateTable('balances')
      .set({ available: '3' })
      .where('owner_id', '=', 1)
      .where('coin', '=', 'BTC')
      .execute();
    await db()
      .updateTable('balances')
      .set({ available: '-3' })
      .where('owner_id', '=', 0)
      .where('account', '=', 'external')
      .where('coin', '=', 'BTC')
      .execute();
    const audit = await auditLedger(db());
    expect(audit).toEqual({ unbalancedCoins: {}, mismatches: [] });
    expect(await ledgerConservation(db())).toEqual([
      'trade trade:999 moved BTC in or out of the exchange',
      'BTC: accounts hold 3 but 2 came in net',
    ]);
  });
});
