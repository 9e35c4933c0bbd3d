import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ContractBracketsTable, ContractStatus, ContractsTable } from '../db/tables/futures.ts';

/**
 * Futures contracts: the source of truth for what is listed, its trading rules and its leverage brackets. A name
 * belongs to one live (listed or halted) contract at a time; delisted rows stay, so a dated contract's successor
 * can take its name.
 */
export type Contract = Selectable<ContractsTable>;
export type ContractBracket = Selectable<ContractBracketsTable>;
export type ContractInput = Omit<Insertable<ContractsTable>, 'id' | 'contract_name' | 'created_at' | 'updated_at'>;

/** The letters of contract types, with the deliveryKind the original gives each (0 none). */
export const contractTypes = { E: 0, W: 1, N: 2, M: 3, Q: 4, S: 0, H: 0 } as const;
export type ContractType = keyof typeof contractTypes;
/** Types that deliver at a set time: week, next week, month, quarter. */
export const datedTypes: readonly ContractType[] = ['W', 'N', 'M', 'Q'];

export const LIVE: readonly ContractStatus[] = ['listed', 'halted'];

export const contractName = (type: string, base: string, quote: string) => `${type}-${base}-${quote}`;

/** Adds a listed contract; returns its id. */
export async function addContract(db: Kysely<Database>, input: ContractInput, now: number): Promise<number> {
  const row = await db
    .insertInto('contracts')
    .values({
      ...input,
      contract_name: contractName(input.contract_type, input.base, input.quote),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Contracts in the given states (default: every one), in the operator's order. */
export async function listContracts(
  db: Kysely<Database>,
  statuses: readonly ContractStatus[] = ['listed', 'halted', 'delisted', 'delivered'],
): Promise<Contract[]> {
  return db.selectFrom('contracts').selectAll().where('status', 'in', statuses).orderBy('sort').orderBy('id').execute();
}

/** The live contract of that name, if any. */
export async function findLiveContract(db: Kysely<Database>, name: string): Promise<Contract | undefined> {
  return db
    .selectFrom('contracts')
    .selectAll()
    .where('contract_name', '=', name.toUpperCase())
    .where('status', 'in', LIVE)
    .executeTakeFirst();
}

/** The live contract with that id, if any: what the public calls serve. */
export async function findLiveContractById(db: Kysely<Database>, id: number): Promise<Contract | undefined> {
  return db.selectFrom('contracts').selectAll().where('id', '=', id).where('status', 'in', LIVE).executeTakeFirst();
}

export async function setContractStatus(
  db: Kysely<Database>,
  id: number,
  status: ContractStatus,
  now: number,
): Promise<void> {
  await db.updateTable('contracts').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** Replaces the contract's brackets. */
export async function saveBrackets(
  db: Kysely<Database>,
  contract: Contract,
  brackets: readonly Omit<ContractBracket, 'contract_id'>[],
  now: number,
): Promise<void> {
  await db.deleteFrom('contract_brackets').where('contract_id', '=', contract.id).execute();
  await db
    .insertInto('contract_brackets')
    .values(brackets.map((b) => ({ ...b, contract_id: contract.id })))
    .execute();
  await db.updateTable('contracts').set({ updated_at: now }).where('id', '=', contract.id).execute();
}

/** The contract's brackets, smallest positions first. */
export async function listBrackets(db: Kysely<Database>, contractId: number): Promise<ContractBracket[]> {
  return db.selectFrom('contract_brackets').selectAll().where('contract_id', '=', contractId).orderBy('tier').execute();
}
