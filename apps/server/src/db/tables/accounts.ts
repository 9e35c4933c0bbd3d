import type { Generated } from 'kysely';

/** Users, their sessions and codes, login history, rate-limit hits, the outgoing-message outbox, user messages. */
export interface UsersTable {
  id: Generated<number>;
  /** Lower-case; null for phone-only accounts. */
  email: string | null;
  country_code: string | null;
  mobile: string | null;
  /** argon2id PHC string. */
  password_hash: string;
  nickname: string;
  invite_code: string;
  invited_by: number | null;
  /** 0 normal, 1 frozen, 2 closed (AccountStatus in the contract). */
  status: number;
  /** The second factor login asks for: 0 none, 1 Google, 2 phone code, 3 e-mail code. */
  login_verify: number;
  google_status: number;
  is_open_mobile_check: number;
  is_open_email_check: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** A login that passed the password and waits for its second factor. */
export interface PendingLoginsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the login token handed to the client. */
  token_hash: string;
  user_id: number;
  factor_type: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** OperationType: 1 register, 2 reset password, 3 login confirm, 4 password change. */
  purpose: string;
  /** 'email' or 'sms'. */
  channel: string;
  /** The e-mail address, or country code + '-' + number. */
  target: string;
  code_hash: string;
  expires_at: number;
  failed_attempts: number;
  used_at: number | null;
  created_at: number;
}

export interface LoginHistoryTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  user_agent: string;
  success: number;
  created_at: number;
}

/** One row per counted event (failed login, registration, code sent...) in a named bucket. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  created_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  /** 'email' or 'sms'. */
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  /** When an external transport accepted it; null when only recorded here (no transport) or it failed. */
  sent_at: number | null;
  error: string | null;
}

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  /** MessageType in the contract. */
  type: number;
  /** The English text, for messages without a key and for reading the table by hand. */
  title: string;
  content: string;
  /** The catalogue key it is rendered from in the reader's language ('' for plain text), and its parameters (JSON). */
  message_key: Generated<string>;
  params: Generated<string>;
  /** 0 unread, 1 read. */
  status: number;
  deleted: number;
  created_at: number;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  pending_logins: PendingLoginsTable;
  verification_codes: VerificationCodesTable;
  login_history: LoginHistoryTable;
  rate_limit_hits: RateLimitHitsTable;
  outbox: OutboxTable;
  messages: MessagesTable;
}
