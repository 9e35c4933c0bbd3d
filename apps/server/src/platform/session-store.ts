/** What the call binding needs from sessions: who holds a session token, if anyone. */
export interface ActiveSession {
  sessionId: string;
  userId: number;
}

/** Which sessions a revocation ended: one, or every session of a user (password change, reset). */
export type SessionsEnded = { sessionId: string } | { userId: number };

export interface SessionStore {
  /** The live session for a cookie token, refreshing its idle expiry; null when absent, expired or revoked. */
  resolve(token: string): Promise<ActiveSession | null>;
  /** Like resolve, without counting as activity (a realtime socket checking that its session still lives). */
  peek(token: string): Promise<ActiveSession | null>;
  /** Told at once of every revocation made through this store; returns the unsubscribe. */
  onEnded(listener: (ended: SessionsEnded) => void): () => void;
}

export const SESSION_COOKIE = 'OPEX_SESSION';
