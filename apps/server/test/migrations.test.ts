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

  it('give a fresh install the self-hosted proof-of-work captcha', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const row = await database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'switch')
        .executeTakeFirst();
      expect(JSON.parse(row?.value ?? '{}').verificationType).toBe('3');
    } finally {
      await database.drop();
    }
  });
});
