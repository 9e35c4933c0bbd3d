import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AccountRef } from './account-ref.ts';

/** An account's balance rows as the trading core committed them, one per coin it has held. */
export function accountBalances(db: Kysely<Database>, account: AccountRef) {
  return db
    .selectFrom('balances')
    .select(['coin', 'available', 'locked', 'updated_at'])
    .where('owner_id', '=', account.userId)
    .where('account', '=', account.type)
    .execute();
}
