import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionTouch } from '../../core/batch-rows.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ActiveSession, SessionStore, SessionsEnded } from '../../platform/session-store.ts';

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
/**
 * A resolved session is remembered this long, so a trader's burst of orders costs one read, not one per call.
 * Revocations through this node forget it at once; one made on another node of the same database takes effect
 * here within this time. Idle and lifetime limits are still checked on every call.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 100_000;

interface CachedSession {
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  readAt: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class UserSessions implements SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped by every revocation: a read that a revocation overtook is not cached. */
  private revocations = 0;
  private readonly endedListeners = new Set<(ended: SessionsEnded) => void>();

  /**
   * `touch` records a session as seen: in the server, through the trading core's writer (TradingCore.writeAlongside),
   * so the main thread never waits for SQLite's write lock; by default straight to the database.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly limits: SessionLimits,
    private readonly touch: (touch: SessionTouch) => Promise<void> = async ({ id, lastSeenAt }) => {
      await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
    },
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
    const live = await this.live(token);
    if (!live) return null;
    const { id, session } = live;
    const now = this.clock.now();
    if (now - session.lastSeenAt >= TOUCH_EVERY_MS) {
      session.lastSeenAt = now;
      // Best effort: when it fails (the core rebuilding after a failed write), this node's cache still has the
      // session as seen, and the first call after the cache expires touches it again.
      await this.touch({ id, lastSeenAt: now }).catch(() => {});
    }
    return { sessionId: id, userId: session.userId };
  }

  async peek(token: string): Promise<ActiveSession | null> {
    const live = await this.live(token);
    return live && { sessionId: live.id, userId: live.session.userId };
  }

  onEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** The session behind a token unless it is absent, revoked, idle too long or past its lifetime. */
  private async live(token: string): Promise<{ id: string; session: CachedSession } | null> {
    if (token.length > 100) return null;
    const id = hashToken(token);
    const now = this.clock.now();
    let session = this.cache.get(id);
    if (!session || now - session.readAt >= CACHE_MS || now < session.readAt) {
      const generation = this.revocations;
      const row = await this.db
        .selectFrom('sessions')
        .select(['user_id', 'created_at', 'last_seen_at', 'revoked_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) {
        this.cache.delete(id);
        return null;
      }
      session = { userId: row.user_id, createdAt: row.created_at, lastSeenAt: row.last_seen_at, readAt: now };
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      if (generation === this.revocations) this.cache.set(id, session);
    }
    if (now >= session.createdAt + this.limits.maxMs || now >= session.lastSeenAt + this.limits.idleMs) return null;
    return { id, session };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    this.revocations++;
    this.cache.delete(sessionId);
    this.ended({ sessionId });
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    this.revocations++;
    for (const [id, session] of this.cache) if (session.userId === userId) this.cache.delete(id);
    this.ended({ userId });
  }

  private ended(ended: SessionsEnded): void {
    for (const listener of this.endedListeners) listener(ended);
  }
}
