import type { Generated } from 'kysely';

/**
 * The security centre: per-user security settings (withdrawal hold, fee-coin switch, fiat), the Google
 * authenticator secret with its last used time step, the history of security changes, KYC submissions.
 */
export interface UserSecurityTable {
  user_id: number;
  /** Epoch ms until which withdrawals are held after a security change; 0 when none. */
  withdraw_hold_until: number;
  /** 1: pay trading fees in the platform coin when the user holds it. */
  fee_coin_open: number;
  /** Lower-case fiat code the user sees values in; null: the language's default. */
  legal_tender: string | null;
  updated_at: number;
}

export interface TotpSecretsTable {
  user_id: number;
  /** Base32 secret handed out by user/toopen_google_authenticator, not yet confirmed by a code. */
  pending_secret: string | null;
  /** The bound secret; null while Google is not bound. */
  secret: string | null;
  /**
   * The same two sealed with the secret box (migration 0014): what the server writes and reads. The plain columns
   * only hold secrets written before it, until the server seals them at start.
   */
  pending_sealed: string | null;
  secret_sealed: string | null;
  /** The last TOTP time step accepted: a code of this step or an earlier one is a replay. */
  last_step: number;
  updated_at: number;
}

export interface SettingHistoryTable {
  id: Generated<number>;
  user_id: number;
  /** SecurityAction in the contract (e.g. 'google_bind'). */
  action: string;
  ip: string;
  user_agent: string;
  created_at: number;
}

export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  real_name: string;
  country_code: string;
  /** 1 identity card, 2 passport, 3 driving licence. */
  cert_type: number;
  cert_number: string;
  /** Stored upload names (common/upload_img): front, back, holding the document. */
  front_img: string;
  back_img: string;
  hand_img: string;
  /** KycStatus in the contract: 1 pending, 2 approved, 3 rejected. */
  status: number;
  reason: string;
  reviewed_by: string | null;
  reviewed_at: number | null;
  created_at: number;
}

export interface SecurityTables {
  user_security: UserSecurityTable;
  totp_secrets: TotpSecretsTable;
  setting_history: SettingHistoryTable;
  kyc_submissions: KycSubmissionsTable;
}
