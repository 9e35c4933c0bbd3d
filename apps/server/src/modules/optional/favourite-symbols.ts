import { OptionalOperation } from '@opex/contract/calls/optional';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CallError } from '../../platform/call-error.ts';

/** A user's favourite markets on the server: reads in the order added, adds idempotent, removes of absent ones no-ops. */
export async function favouritesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('favourite_symbols')
    .select('symbol')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.symbol);
}

export async function updateFavourites(
  db: Kysely<Database>,
  userId: number,
  change: { operationType: 0 | 1 | 2; symbols: string[] },
  now: number,
): Promise<string[]> {
  const symbols = [...new Set(change.symbols)];
  // One symbol per single add or remove, as the original sends; several only with the batch add.
  if (change.operationType !== OptionalOperation.addMany && symbols.length !== 1)
    throw new CallError(ErrorCode.badRequest);
  const known = await db.selectFrom('markets').select('symbol').where('symbol', 'in', symbols).execute();
  if (known.length !== symbols.length) throw new CallError(ErrorCode.marketNotFound);

  if (change.operationType === OptionalOperation.remove) {
    await db
      .deleteFrom('favourite_symbols')
      .where('user_id', '=', userId)
      .where('symbol', '=', symbols[0] as string)
      .execute();
  } else {
    await db
      .insertInto('favourite_symbols')
      .values(symbols.map((symbol) => ({ user_id: userId, symbol, created_at: now })))
      .onConflict((conflict) => conflict.columns(['user_id', 'symbol']).doNothing())
      .execute();
  }
  return favouritesOf(db, userId);
}
