import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from './harness.ts';

describe.each(testDialects)('migrations on %s', (dialect) => {
  it('migrate two isolated databases side by side, each to the full schema', async () => {
    const first = await openTestDatabase(dialect);
    const second = await openTestDatabase(dialect);
    try {
      for (const database of [first, second]) {
        const tables = (await database.db.introspection.getTables()).map((t) => t.name);
        expect(tables).toEqual(expect.arrayContaining(['settings', 'audit_log', 'balances', 'ledger_entries']));
      }
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
