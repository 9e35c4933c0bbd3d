import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Solution } from 'altcha-lib/types';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SettingsStore } from '../../settings/settings-store.ts';

/**
 * Self-hosted proof of work (ALTCHA, altcha-lib v2 protocol): the client searches for the counter whose SHA-256
 * key matches the challenge's prefix. Challenges are HMAC-signed, expire after 10 minutes (by our clock, signed
 * into `data.expiresAt`), and a solved challenge is accepted once: its signature is kept until it expires.
 */
export const ALTCHA_TTL_MS = 10 * 60_000;
/** The counter the client must reach: a second or so of hashing in a browser. */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 50_000;
const HMAC_SETTING = 'altchaHmacKey';

export class AltchaCaptcha {
  private hmacKey: string | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
    configuredKey: string | undefined,
  ) {
    this.hmacKey = configuredKey;
  }

  /** The configured key, else one generated on first use and kept in settings so every node and restart agree. */
  private async key(): Promise<string> {
    if (this.hmacKey) return this.hmacKey;
    let stored = await this.settings.get<string>(HMAC_SETTING, '');
    if (!stored) {
      await this.db
        .insertInto('settings')
        .values({
          key: HMAC_SETTING,
          value: JSON.stringify(randomBytes(32).toString('hex')),
          updated_at: this.clock.now(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      stored = await this.settings.get<string>(HMAC_SETTING, '');
    }
    this.hmacKey = stored;
    return stored;
  }

  async challenge(): Promise<{ parameters: Record<string, unknown>; signature?: string }> {
    const key = await this.key();
    const { parameters, signature } = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(COUNTER_MAX, COUNTER_MIN),
      deriveKey,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: `${key}:key`,
      data: { expiresAt: this.clock.now() + ALTCHA_TTL_MS },
    });
    return { parameters: { ...parameters }, ...(signature ? { signature } : {}) };
  }

  /** True once for a correctly solved, unexpired challenge of ours; false for anything else. */
  async verify(payload: string | undefined): Promise<boolean> {
    const decoded = decodePayload(payload);
    if (!decoded) return false;
    const now = this.clock.now();
    const expiresAt = decoded.challenge.parameters.data?.expiresAt;
    if (typeof expiresAt !== 'number' || expiresAt <= now) return false;
    const key = await this.key();
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: `${key}:key`,
    });
    if (!result.verified || !decoded.challenge.signature) return false;
    await this.db.deleteFrom('captcha_solutions').where('expires_at', '<=', now).execute();
    const inserted = await this.db
      .insertInto('captcha_solutions')
      .values({ challenge_key: decoded.challenge.signature, expires_at: expiresAt })
      .onConflict((oc) => oc.column('challenge_key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
}

/** The `altcha` field: base64 of JSON { challenge, solution }. */
function decodePayload(payload: string | undefined): { challenge: Challenge; solution: Solution } | undefined {
  if (!payload) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    if (!parsed?.challenge?.parameters || typeof parsed.challenge.parameters !== 'object' || !parsed.solution) {
      return undefined;
    }
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return undefined;
  }
}
