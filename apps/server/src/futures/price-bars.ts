import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PriceKind } from '../db/tables/futures-prices.ts';

/** Reads of the contracts' one-minute index and mark price bars. */

/** The bars of one minute (every contract, both kinds): a restart mid-minute carries on from them. */
export function barsOfMinute(db: Kysely<Database>, openTime: number) {
  return db.selectFrom('futures_price_klines').selectAll().where('open_time', '=', openTime).execute();
}

/** Up to `limit` bars of a contract that opened before `before` (all when absent), newest first. */
export function barsBefore(
  db: Kysely<Database>,
  contractId: number,
  kind: PriceKind,
  before: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('futures_price_klines')
    .select(['open_time', 'open', 'high', 'low', 'close'])
    .where('contract_id', '=', contractId)
    .where('kind', '=', kind);
  if (before !== undefined) query = query.where('open_time', '<', before);
  return query.orderBy('open_time', 'desc').limit(limit).execute();
}

/** A contract's newest bar of a kind (its close is the price as last worked out), or undefined before the first. */
export function latestBar(db: Kysely<Database>, contractId: number, kind: PriceKind) {
  return db
    .selectFrom('futures_price_klines')
    .select(['open_time', 'close'])
    .where('contract_id', '=', contractId)
    .where('kind', '=', kind)
    .orderBy('open_time', 'desc')
    .limit(1)
    .executeTakeFirst();
}
