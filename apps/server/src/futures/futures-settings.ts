import type { Kysely } from 'kysely';
import type { Contract } from '../catalog/contracts.ts';
import { listBrackets } from '../catalog/contracts.ts';
import type { Database } from '../db/schema.ts';
import { readUserConfig, type UserContractConfig } from './user-config.ts';

/** The user's settings for a contract, leverage capped by the contract's brackets as they are now. */
export async function futuresSettings(
  db: Kysely<Database>,
  userId: number,
  contract: Contract,
): Promise<UserContractConfig> {
  const brackets = await listBrackets(db, contract.id);
  return readUserConfig(db, userId, contract.id, brackets[0]?.max_leverage ?? 1);
}
