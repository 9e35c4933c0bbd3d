import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { OperationTypeValue } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CallError } from '../platform/call-error.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * 6-digit codes bound to a purpose and a target address. Only a hash is stored; a code lives 10 minutes, dies
 * after 5 wrong tries, is used once, and a newer code for the same purpose and target replaces it.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_FAILURES = 5;

export type CodeChannel = 'email' | 'sms';

function hashCode(purpose: string, target: string, code: string): string {
  return createHash('sha256').update(`${purpose}\n${target}\n${code}`).digest('hex');
}

export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async issue(purpose: OperationTypeValue, channel: CodeChannel, target: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    await this.db
      .insertInto('verification_codes')
      .values({
        purpose,
        channel,
        target,
        code_hash: hashCode(purpose, target, code),
        expires_at: now + CODE_TTL_MS,
        failed_attempts: 0,
        used_at: null,
        created_at: now,
      })
      .execute();
    return code;
  }

  /**
   * Checks a code against the latest one issued for this purpose and target; a wrong code counts a failure.
   * Returns the code's id for `markUsed`, which the caller runs in the transaction of the change it guards.
   */
  async check(purpose: OperationTypeValue, target: string, code: string): Promise<number> {
    const latest = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'expires_at', 'failed_attempts', 'used_at'])
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const now = this.clock.now();
    if (!latest || latest.used_at !== null || latest.expires_at <= now || latest.failed_attempts >= CODE_MAX_FAILURES) {
      throw new CallError(ErrorCode.codeExpired);
    }
    const expected = Buffer.from(latest.code_hash, 'hex');
    const given = Buffer.from(hashCode(purpose, target, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', latest.id)
        .execute();
      throw new CallError(ErrorCode.codeInvalid);
    }
    return latest.id;
  }

  /** Spends a checked code; refuses when a concurrent request spent it first. */
  async markUsed(trx: Transaction<Database> | Kysely<Database>, codeId: number): Promise<void> {
    const result = await trx
      .updateTable('verification_codes')
      .set({ used_at: this.clock.now() })
      .where('id', '=', codeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new CallError(ErrorCode.codeExpired);
  }
}
