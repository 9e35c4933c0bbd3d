import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ActiveSession, SessionStore } from '../../platform/session-store.ts';

/**
 * Database-backed sessions: the cookie holds a random 32-byte token, the table only its SHA-256, so a database
 * leak yields no usable session. A session ends after `idleMs` without a call, `maxMs` after login, or when revoked.
 */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** Idle time is tracked to the minute: a poll every 15 s need not write every time. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class UserSessions implements SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly limits: SessionLimits,
  ) {}

  /** Starts a session and returns the token for the cookie. */
  async create(userId: number, ip: string, userAgent: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: userId,
        ip,
        user_agent: userAgent,
        created_at: now,
        last_seen_at: now,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  async resolve(token: string): Promise<ActiveSession | null> {
    if (token.length > 100) return null;
    const id = hashToken(token);
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'created_at', 'last_seen_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) return null;
    const now = this.clock.now();
    if (now >= row.created_at + this.limits.maxMs || now >= row.last_seen_at + this.limits.idleMs) return null;
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    }
    return { sessionId: id, userId: row.user_id };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
