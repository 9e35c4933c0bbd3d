import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/** Settings that are not security changes: nickname, fee-coin switch, the trader's fiat. */
export async function updateNickname(services: Services, userId: number, nickname: string): Promise<void> {
  await services.database.db
    .updateTable('users')
    .set({ nickname, updated_at: services.clock.now() })
    .where('id', '=', userId)
    .execute();
}

type Preference = { fee_coin_open: number } | { legal_tender: string | null };

async function savePreference(db: Kysely<Database>, now: number, userId: number, change: Preference): Promise<void> {
  await db
    .insertInto('user_security')
    .values({
      user_id: userId,
      withdraw_hold_until: 0,
      fee_coin_open: 0,
      legal_tender: null,
      updated_at: now,
      ...change,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: now }))
    .execute();
}

export async function updateFeeCoinOpen(services: Services, userId: number, open: number): Promise<void> {
  await savePreference(services.database.db, services.clock.now(), userId, { fee_coin_open: open });
  // The trading core keeps the switch in memory (it charges fees without a read per order): tell it once stored.
  await services.core.setFeeCoinOpen(userId, open === 1);
}

/** The fiats offered are the languages' default fiats; '' follows the language again. */
export async function updateLegalTender(services: Services, userId: number, fiat: string): Promise<void> {
  if (fiat !== '') {
    const offered = new Set((await services.settings.languages()).map((l) => l.defaultFiat.toLowerCase()));
    if (!offered.has(fiat)) throw new CallError(ErrorCode.fiatUnsupported);
  }
  await savePreference(services.database.db, services.clock.now(), userId, { legal_tender: fiat || null });
}
