import type { Kysely } from 'kysely';
import type { Contract } from '../catalog/contracts.ts';
import { fundingRate } from '../core/futures/funding.ts';
import { intervalStart } from '../core/futures/funding-times.ts';
import type { Database } from '../db/schema.ts';
import { ledgerOf, ledgerText } from '../ledger/ledger-units.ts';

/** Reads of the settled funding rates and the running interval's premium samples (written by the core). */

/** Each contract's last settled rate (decimal text), by contract id. */
export async function lastRates(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('funding_rates as f')
    .select(['f.contract_id', 'f.rate'])
    .where('f.funding_time', '=', (eb) =>
      eb
        .selectFrom('funding_rates as g')
        .select((g) => g.fn.max('g.funding_time').as('latest'))
        .whereRef('g.contract_id', '=', 'f.contract_id'),
    )
    .execute();
  return new Map(rows.map((r) => [Number(r.contract_id), r.rate]));
}

/** The premiums sampled since `from` (the running interval's start), oldest first. */
export async function samplesSince(db: Kysely<Database>, contractId: number, from: number): Promise<string[]> {
  const rows = await db
    .selectFrom('funding_samples')
    .select('premium')
    .where('contract_id', '=', contractId)
    .where('at', '>=', from)
    .orderBy('at')
    .execute();
  return rows.map((r) => r.premium);
}

/** A page of the contract's settled fundings, newest first, and how many there are. */
export async function fundingPage(db: Kysely<Database>, contractId: number, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('funding_rates')
      .select(['id', 'funding_time', 'rate', 'mark'])
      .where('contract_id', '=', contractId)
      .orderBy('funding_time', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('funding_rates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contract_id', '=', contractId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** A perpetual's last settled rate ('0' before its first), and the running interval's rate predicted from its samples. */
export async function fundingRates(db: Kysely<Database>, contract: Contract, now: number) {
  const schedule = { frequencyHours: contract.capital_frequency, startHour: contract.capital_start_time };
  const [last, samples] = await Promise.all([
    lastRates(db),
    samplesSince(db, contract.id, intervalStart(schedule, now)),
  ]);
  const next = fundingRate(samples.map(ledgerOf), BigInt(contract.capital_frequency), ledgerOf(contract.funding_cap));
  return { current: last.get(contract.id) ?? '0', next: ledgerText(next) };
}
