import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Transaction } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AccountChecks } from '../accounts/account-checks.ts';
import type { Database } from '../db/schema.ts';
import { CallError } from '../platform/call-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { Limit } from '../rate-limits/rate-limits.ts';
import { type SecretBox, serverSecretBox } from '../secrets/secret-box.ts';

/**
 * Google authenticator (RFC 6238 TOTP, 30 s, 6 digits, SHA-1). A code is accepted one step either side of now
 * for clock drift; the last accepted step is stored, so a code (or an older one) cannot be used twice. Secrets are
 * stored sealed with the server's secret box (the one API key secrets use) and opened only to check a code.
 */
const DRIFT_SECONDS = 30;

/** Spends what a check accepted, inside the transaction of the change it guards. */
export type Spend = (trx: Transaction<Database> | Kysely<Database>) => Promise<void>;

export async function startTotpSetup(
  db: Kysely<Database>,
  clock: Clock,
  box: SecretBox,
  userId: number,
  account: { issuer: string; label: string },
): Promise<{ secret: string; url: string }> {
  const secret = generateSecret();
  const sealed = box.seal(secret);
  const now = clock.now();
  await db
    .insertInto('totp_secrets')
    .values({
      user_id: userId,
      pending_secret: null,
      secret: null,
      pending_sealed: sealed,
      secret_sealed: null,
      last_step: 0,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pending_sealed: sealed, pending_secret: null, updated_at: now }),
    )
    .execute();
  return { secret, url: generateURI({ issuer: account.issuer, label: account.label, secret }) };
}

/** The row with its secrets opened (a plain one left from before sealing counts until the start-up sweep). */
async function totpRow(db: Kysely<Database>, box: SecretBox, userId: number) {
  const row = await db.selectFrom('totp_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return {
    lastStep: Number(row.last_step),
    secret: row.secret_sealed ? box.open(row.secret_sealed) : row.secret,
    pendingSecret: row.pending_sealed ? box.open(row.pending_sealed) : row.pending_secret,
  };
}

/**
 * Seals the plain secrets written before migration 0014 and empties their columns; run at start, idempotent.
 * Each row is updated only if its plain values are still those read, so a concurrent change is not overwritten.
 */
export async function sealPlainTotpSecrets(db: Kysely<Database>, box: SecretBox): Promise<number> {
  const rows = await db
    .selectFrom('totp_secrets')
    .select(['user_id', 'secret', 'pending_secret'])
    .where((eb) => eb.or([eb('secret', 'is not', null), eb('pending_secret', 'is not', null)]))
    .execute();
  for (const row of rows) {
    await db
      .updateTable('totp_secrets')
      .set({
        ...(row.secret !== null ? { secret_sealed: box.seal(row.secret) } : {}),
        ...(row.pending_secret !== null ? { pending_sealed: box.seal(row.pending_secret) } : {}),
        secret: null,
        pending_secret: null,
      })
      .where('user_id', '=', row.user_id)
      .where((eb) =>
        eb.and([
          row.secret === null ? eb('secret', 'is', null) : eb('secret', '=', row.secret),
          row.pending_secret === null
            ? eb('pending_secret', 'is', null)
            : eb('pending_secret', '=', row.pending_secret),
        ]),
      )
      .execute();
  }
  return rows.length;
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
        ...(bind
          ? { secret_sealed: eb.ref('pending_sealed'), pending_sealed: null, secret: null, pending_secret: null }
          : {}),
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
export async function checkGoogleCode(kit: AccountChecks, userId: number, code: string): Promise<Spend> {
  const { db } = kit.services.database;
  const { clock } = kit.services;
  // Every attempt holds a place while its code is checked (see RateLimiter.reserve), so a concurrent burst of
  // wrong codes cannot all pass a check made before any of them is counted; only a wrong code keeps its place.
  const place = await kit.limiter.reserve(`totp-fail:${userId}`, wrongCodeLimit);
  const row = await totpRow(db, serverSecretBox(kit.services.config), userId);
  if (!row?.secret) {
    await kit.limiter.release(place);
    throw new CallError(ErrorCode.googleNotBound);
  }
  const step = await matchingStep(row.secret, code, row.lastStep, clock);
  if (step === null) throw new CallError(ErrorCode.googleCodeInvalid);
  await kit.limiter.release(place);
  return spendStep(userId, step, clock.now(), false);
}

/** Checks a code of the pending secret; the returned spend binds it. */
export async function checkPendingGoogleCode(
  db: Kysely<Database>,
  clock: Clock,
  box: SecretBox,
  userId: number,
  code: string,
): Promise<Spend> {
  const row = await totpRow(db, box, userId);
  if (!row?.pendingSecret) throw new CallError(ErrorCode.googleSetupMissing);
  const step = await matchingStep(row.pendingSecret, code, row.lastStep, clock);
  if (step === null) throw new CallError(ErrorCode.googleCodeInvalid);
  return spendStep(userId, step, clock.now(), true);
}

/** Forgets the bound secret; last_step stays, so codes of a re-bound secret cannot replay older steps. */
export async function removeTotpSecret(trx: Kysely<Database>, clock: Clock, userId: number): Promise<void> {
  await trx
    .updateTable('totp_secrets')
    .set({ secret: null, pending_secret: null, secret_sealed: null, pending_sealed: null, updated_at: clock.now() })
    .where('user_id', '=', userId)
    .execute();
}
