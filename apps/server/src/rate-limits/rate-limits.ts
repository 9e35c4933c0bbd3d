import type { ErrorCodeValue } from '@opex/contract/error-codes';
import { ErrorCode } from '@opex/contract/error-codes';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { CallError } from '../platform/call-error.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * Sliding-window rate limits kept in the database (one row per counted event), so they hold across restarts
 * and across server nodes.
 */
export interface Limit {
  max: number;
  windowMs: number;
  /** What the caller is told when the limit is reached. */
  code: ErrorCodeValue;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const accountLimits = {
  loginFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE, code: ErrorCode.loginLocked },
  loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE, code: ErrorCode.loginLocked },
  /** Wrong codes at user/reset_password, counted as login failures are (the code itself allows few tries). */
  resetFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE, code: ErrorCode.rateLimited },
  resetFailuresPerIp: { max: 30, windowMs: 15 * MINUTE, code: ErrorCode.rateLimited },
  registrationsPerIp: { max: 20, windowMs: HOUR, code: ErrorCode.rateLimited },
  /** The window is the operator's CODE_RESEND_SECONDS (config.codeResendMs); a minute by default. */
  codeResendPerTarget: { max: 1, windowMs: MINUTE, code: ErrorCode.codeResendTooSoon },
  codesPerTargetHourly: { max: 10, windowMs: HOUR, code: ErrorCode.codeSendLimit },
  codesPerIpHourly: { max: 30, windowMs: HOUR, code: ErrorCode.codeSendLimit },
} satisfies Record<string, Limit>;

/** Failed password checks are counted per account (its e-mail or phone number), whichever call made them. */
export function loginFailureBucket(account: string): string {
  return `login-fail:acct:${account}`;
}

/** Hits older than the longest window are pruned as new ones arrive. */
const KEEP_MS = 24 * HOUR;

export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly dialect: Dialect,
  ) {}

  /** Refuses with the limit's code when the bucket is full. */
  async check(bucket: string, limit: Limit): Promise<void> {
    const since = this.clock.now() - limit.windowMs;
    const row = await this.db
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('bucket', '=', bucket)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= limit.max) throw new CallError(limit.code);
  }

  async hit(bucket: string): Promise<void> {
    const now = this.clock.now();
    await prune(this.db, bucket, now);
    await this.db.insertInto('rate_limit_hits').values({ bucket, created_at: now }).execute();
  }

  /**
   * Takes a place in the bucket before the guarded work (a password check) runs, or refuses with the limit's
   * code when the bucket is full. A check, then an async password check, then a hit lets a burst of concurrent
   * calls all pass the check; here counting and taking the place are one step per bucket (one transaction,
   * serialised by SQLite's single connection or PostgreSQL's advisory lock on the bucket), so at most `max`
   * callers get through. Returns the place, to give back with `release` when the attempt turns out not to count.
   */
  async reserve(bucket: string, limit: Limit): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
      await prune(trx, bucket, now);
      const row = await trx
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('bucket', '=', bucket)
        .where('created_at', '>', now - limit.windowMs)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= limit.max) throw new CallError(limit.code);
      const place = await trx
        .insertInto('rate_limit_hits')
        .values({ bucket, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(place.id);
    });
  }

  /** Reserves in each bucket in turn; a refusal gives back the places already taken. */
  async reserveEach(limits: readonly (readonly [bucket: string, limit: Limit])[]): Promise<number[]> {
    const places: number[] = [];
    try {
      for (const [bucket, limit] of limits) places.push(await this.reserve(bucket, limit));
    } catch (refusal) {
      for (const place of places) await this.release(place);
      throw refusal;
    }
    return places;
  }

  async release(place: number): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('id', '=', place).execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
  }
}

function prune(db: Kysely<Database>, bucket: string, now: number) {
  return db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', bucket)
    .where('created_at', '<', now - KEEP_MS)
    .execute();
}
