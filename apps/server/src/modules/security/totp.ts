import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Transaction } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/schema.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Limit } from '../user/rate-limits.ts';
import type { UserKit } from '../user/user-kit.ts';

/**
 * Google authenticator (RFC 6238 TOTP, 30 s, 6 digits, SHA-1). A code is accepted one step either side of now
 * for clock drift; the last accepted step is stored, so a code (or an older one) cannot be used twice.
 */
const DRIFT_SECONDS = 30;

/** Spends what a check accepted, inside the transaction of the change it guards. */
export type Spend = (trx: Transaction<Database> | Kysely<Database>) => Promise<void>;

export async function startTotpSetup(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  account: { issuer: string; label: string },
): Promise<{ secret: string; url: string }> {
  const secret = generateSecret();
  const now = clock.now();
  await db
    .insertInto('totp_secrets')
    .values({ user_id: userId, pending_secret: secret, secret: null, last_step: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret, updated_at: now }))
    .execute();
  return { secret, url: generateURI({ issuer: account.issuer, label: account.label, secret }) };
}

async function totpRow(db: Kysely<Database>, userId: number) {
  return db.selectFrom('totp_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

async function matchingStep(secret: string, code: string, afterStep: number, clock: Clock): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(clock.now() / 1000),
    epochTolerance: DRIFT_SECONDS,
    afterTimeStep: afterStep,
  });
  // The functional API's type also covers HOTP; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Moves last_step forward only if no concurrent request spent this step first. */
function spendStep(userId: number, step: number, now: number, bind: boolean): Spend {
  return async (trx) => {
    const result = await trx
      .updateTable('totp_secrets')
      .set((eb) => ({
        last_step: step,
        updated_at: now,
        ...(bind ? { secret: eb.ref('pending_secret'), pending_secret: null } : {}),
      }))
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new CallError(ErrorCode.googleCodeInvalid);
  };
}

/** A million codes are few: wrong ones are capped per user, whichever call (login, change) tried them. */
const wrongCodeLimit: Limit = { max: 5, windowMs: 15 * 60_000, code: ErrorCode.rateLimited };

/** Checks a code of the bound secret; the returned spend marks its step used. */
export async function checkGoogleCode(kit: UserKit, userId: number, code: string): Promise<Spend> {
  const { db } = kit.services.database;
  const { clock } = kit.services;
  const bucket = `totp-fail:${userId}`;
  await kit.limiter.check(bucket, wrongCodeLimit);
  const row = await totpRow(db, userId);
  if (!row?.secret) throw new CallError(ErrorCode.googleNotBound);
  const step = await matchingStep(row.secret, code, Number(row.last_step), clock);
  if (step === null) {
    await kit.limiter.hit(bucket);
    throw new CallError(ErrorCode.googleCodeInvalid);
  }
  return spendStep(userId, step, clock.now(), false);
}

/** Checks a code of the pending secret; the returned spend binds it. */
export async function checkPendingGoogleCode(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  code: string,
): Promise<Spend> {
  const row = await totpRow(db, userId);
  if (!row?.pending_secret) throw new CallError(ErrorCode.googleSetupMissing);
  const step = await matchingStep(row.pending_secret, code, Number(row.last_step), clock);
  if (step === null) throw new CallError(ErrorCode.googleCodeInvalid);
  return spendStep(userId, step, clock.now(), true);
}

/** Forgets the bound secret; last_step stays, so codes of a re-bound secret cannot replay older steps. */
export async function removeTotpSecret(trx: Kysely<Database>, clock: Clock, userId: number): Promise<void> {
  await trx
    .updateTable('totp_secrets')
    .set({ secret: null, pending_secret: null, updated_at: clock.now() })
    .where('user_id', '=', userId)
    .execute();
}
