import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The operator's anchors of the index prices: coins priced in a fiat by the operator (a stablecoin pegged 1:1 has
 * price 1), and each fiat's exchange rate per US dollar. Every other coin is priced from the books.
 */
export const US_DOLLAR = 'usd';

export async function setAnchor(
  db: Kysely<Database>,
  input: { coin: string; fiat: string; price: string },
  now: number,
): Promise<void> {
  const row = { coin: input.coin, fiat: input.fiat.toLowerCase(), price: input.price, updated_at: now };
  await db
    .insertInto('price_anchors')
    .values(row)
    .onConflict((oc) => oc.column('coin').doUpdateSet({ fiat: row.fiat, price: row.price, updated_at: now }))
    .execute();
}

/** True when the coin had an anchor. */
export async function removeAnchor(db: Kysely<Database>, coin: string): Promise<boolean> {
  const result = await db.deleteFrom('price_anchors').where('coin', '=', coin).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function listAnchors(db: Kysely<Database>) {
  return db.selectFrom('price_anchors').selectAll().orderBy('coin').execute();
}

export async function setFxRate(
  db: Kysely<Database>,
  input: { fiat: string; perUsd: string },
  now: number,
): Promise<void> {
  const row = { fiat: input.fiat.toLowerCase(), per_usd: input.perUsd, updated_at: now };
  await db
    .insertInto('fx_rates')
    .values(row)
    .onConflict((oc) => oc.column('fiat').doUpdateSet({ per_usd: row.per_usd, updated_at: now }))
    .execute();
}

export function listFxRates(db: Kysely<Database>) {
  return db.selectFrom('fx_rates').selectAll().orderBy('fiat').execute();
}
