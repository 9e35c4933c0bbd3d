import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What a coin's introduction shows beside its description (symbol_profile): each '' until the operator sets it.
 * supply is an exact decimal string, never a number.
 */
export interface CoinProfile {
  issueDate: string;
  supply: string;
  website: string;
  whitePaper: string;
}

const EMPTY: CoinProfile = { issueDate: '', supply: '', website: '', whitePaper: '' };

export function readCoinProfile(stored: string): CoinProfile {
  return { ...EMPTY, ...(JSON.parse(stored) as Partial<CoinProfile>) };
}

/** Replaces the profile and the introductions (html per language) of a listed coin. */
export async function setCoinProfile(
  db: Kysely<Database>,
  symbol: string,
  profile: CoinProfile,
  introduction: Record<string, string>,
  now: number,
): Promise<void> {
  await db
    .updateTable('coins')
    .set({ profile: JSON.stringify(profile), introduction: JSON.stringify(introduction), updated_at: now })
    .where('symbol', '=', symbol)
    .execute();
}
