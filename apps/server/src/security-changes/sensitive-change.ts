import type { SecurityActionValue } from '@opex/contract/calls/security';
import type { Kysely } from 'kysely';
import type { AccountChecks } from '../accounts/account-checks.ts';
import type { Database } from '../db/schema.ts';
import { clientOf, type LoggedInContext } from '../platform/call-binding.ts';
import type { Spend } from '../second-factor/totp.ts';
import { recordSecurityChange } from './security-changes.ts';

/**
 * Commits a checked security change in one transaction: the codes it consumed, the change, and its traces
 * (history row, message, withdrawal hold). A code spent concurrently rolls the whole change back.
 */
export async function commitSecurityChange(
  kit: AccountChecks,
  ctx: LoggedInContext,
  action: SecurityActionValue,
  spends: Spend[],
  apply: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const { services } = kit;
  await services.database.db.transaction().execute(async (trx) => {
    for (const spend of spends) await spend(trx);
    await apply(trx);
    await recordSecurityChange(trx, services.clock, ctx.userId, action, clientOf(ctx));
  });
}
