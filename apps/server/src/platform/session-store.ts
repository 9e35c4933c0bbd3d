/** What the call binding needs from sessions: who holds a session token, if anyone. */
export interface ActiveSession {
  sessionId: string;
  userId: number;
}

export interface SessionStore {
  /** The live session for a cookie token, refreshing its idle expiry; null when absent, expired or revoked. */
  resolve(token: string): Promise<ActiveSession | null>;
}

export const SESSION_COOKIE = 'OPEX_SESSION';
