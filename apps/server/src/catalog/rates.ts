import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Reference rates set by the operator: the price of one coin in a fiat currency, as a decimal string. Only the demo
 * market maker reads them (the US dollar ones), to open a market that never traded; every valuation comes from the
 * index prices (prices/price-index.ts).
 */
export async function setRate(
  db: Kysely<Database>,
  input: { coin: string; fiat: string; rate: string },
  now: number,
): Promise<void> {
  const row = { coin: input.coin, fiat: input.fiat.toLowerCase(), rate: input.rate, updated_at: now };
  await db
    .insertInto('rates')
    .values(row)
    .onConflict((oc) => oc.columns(['coin', 'fiat']).doUpdateSet({ rate: row.rate, updated_at: now }))
    .execute();
}

export async function listRates(db: Kysely<Database>) {
  return db.selectFrom('rates').selectAll().orderBy('coin').orderBy('fiat').execute();
}
