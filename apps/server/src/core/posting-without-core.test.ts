import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDialects } from '../../test/harness.ts';
import { creditFromOutside, LedgerError } from '../ledger/ledger.ts';
import { auditLedger } from '../ledger/ledger-audit.ts';
import { postWithoutCore } from './posting-without-core.ts';

describe.each(testDialects)('posting without a running core on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
  });
  afterEach(() => database.drop());

  const balanceOf = (ownerId: number, coin: string) =>
    database.db
      .selectFrom('balances')
      .select(['available', 'locked'])
      .where('owner_id', '=', ownerId)
      .where('account', '=', 'exchange')
      .where('coin', '=', coin)
      .executeTakeFirst();

  it('credits from outside exactly, with a ledger row on each side', async () => {
    await postWithoutCore(
      database,
      creditFromOutside({ ownerId: 7, coin: 'BTC', amount: '0.1', cause: 'operator_credit', causeId: 'a' }),
      1,
    );
    await postWithoutCore(
      database,
      creditFromOutside({ ownerId: 7, coin: 'BTC', amount: '0.2', cause: 'operator_credit', causeId: 'b' }),
      2,
    );
    expect(await balanceOf(7, 'BTC')).toEqual({ available: '0.3', locked: '0' });
    const rows = await database.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r.owner_id, r.account, r.delta, r.balance_after])).toEqual([
      [7, 'exchange', '0.1', '0.1'],
      [0, 'external', '-0.1', '-0.1'],
      [7, 'exchange', '0.2', '0.3'],
      [0, 'external', '-0.2', '-0.3'],
    ]);
    expect(await auditLedger(database.db)).toEqual({ unbalancedCoins: {}, mismatches: [] });
  });

  it('refuses a movement that would overdraw a user and changes nothing', async () => {
    await postWithoutCore(
      database,
      creditFromOutside({ ownerId: 7, coin: 'USDT', amount: '10', cause: 'operator_credit', causeId: 'a' }),
      1,
    );
    const overdraw = {
      cause: 'transfer' as const,
      causeId: 't1',
      postings: [
        { ownerId: 7, account: 'exchange' as const, coin: 'USDT', field: 'available' as const, delta: '-10.00000001' },
        { ownerId: 8, account: 'exchange' as const, coin: 'USDT', field: 'available' as const, delta: '10.00000001' },
      ],
    };
    await expect(postWithoutCore(database, overdraw, 2)).rejects.toMatchObject({ reason: 'insufficient' });
    expect(await balanceOf(7, 'USDT')).toEqual({ available: '10', locked: '0' });
    expect(await balanceOf(8, 'USDT')).toBeUndefined();
    expect(await database.db.selectFrom('ledger_entries').select('id').execute()).toHaveLength(2);
  });

  it('refuses postings that do not sum to zero, zero postings and malformed amounts', async () => {
    const unbalanced = {
      cause: 'transfer' as const,
      causeId: 'x',
      postings: [{ ownerId: 1, account: 'exchange' as const, coin: 'BTC', field: 'available' as const, delta: '1' }],
    };
    await expect(postWithoutCore(database, unbalanced, 1)).rejects.toBeInstanceOf(LedgerError);
    expect(() => creditFromOutside({ ownerId: 1, coin: 'BTC', amount: '1e5', cause: 'deposit', causeId: 'x' })).toThrow(
      LedgerError,
    );
    expect(() => creditFromOutside({ ownerId: 1, coin: 'BTC', amount: '0', cause: 'deposit', causeId: 'x' })).toThrow(
      'positive',
    );
    expect(await database.db.selectFrom('balances').select('coin').execute()).toEqual([]);
  });

  it('keeps decimal sums exact where floating point would drift', async () => {
    for (let i = 0; i < 10; i++) {
      await postWithoutCore(
        database,
        creditFromOutside({ ownerId: 3, coin: 'ETH', amount: '0.1', cause: 'deposit', causeId: `d${i}` }),
        i,
      );
    }
    expect((await balanceOf(3, 'ETH'))?.available).toBe('1');
  });
});
