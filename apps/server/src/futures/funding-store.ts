import type { Kysely } from 'kysely';
import type { Contract } from '../catalog/contracts.ts';
import { fundingRate } from '../core/futures/funding.ts';
import type { FundingContract } from '../core/futures/funding-commands.ts';
import { type FundingSchedule, intervalStart } from '../core/futures/funding-times.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import type { Database } from '../db/schema.ts';
import { ledgerOf, ledgerText } from '../ledger/ledger-units.ts';

/** Reads of the settled funding rates and the running interval's premium samples (written by the core). */

export const fundingScheduleOf = (c: Contract): FundingSchedule => ({
  frequencyHours: c.capital_frequency,
  startHour: c.capital_start_time,
});

/** A perpetual as funding's core command takes it, with its index and mark (ledger text, null when unknown). */
export const fundingContract = (c: Contract, index: string | null, mark: string | null): FundingContract => ({
  contractId: c.id,
  symbol: futuresSymbol(c.contract_name),
  ...fundingScheduleOf(c),
  cap: ledgerText(ledgerOf(c.funding_cap)),
  index,
  mark,
});

/**
 * The running interval's rate as it stands at `now`, from its samples so far (what a settlement then would pay),
 * with how many samples it has.
 */
export async function predictedRate(db: Kysely<Database>, c: Contract, now: number) {
  const samples = await samplesSince(db, c.id, intervalStart(fundingScheduleOf(c), now));
  const rate = fundingRate(samples.map(ledgerOf), BigInt(c.capital_frequency), ledgerOf(c.funding_cap));
  return { rate: ledgerText(rate), samples: samples.length };
}

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
  const [last, next] = await Promise.all([lastRates(db), predictedRate(db, contract, now)]);
  return { current: last.get(contract.id) ?? '0', next: next.rate };
}
