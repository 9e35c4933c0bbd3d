import type { Generated } from 'kysely';

/** API keys of the Open API; the secret is sealed with the server's key (modules/openapi/secret-box.ts). */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  /** The public key id sent in X-MBX-APIKEY. */
  api_key: string;
  /** AES-256-GCM: base64url of iv, tag and ciphertext. */
  secret_sealed: string;
  /** 'read' or 'read,trade'. */
  permissions: string;
  /** Comma-separated IPv4 addresses; '' accepts any. */
  ip_whitelist: string;
  last_used_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * The user data stream's listen keys: one per API key and account (`exchange` for spot, `lever:<PAIR>` for a
 * pair's isolated margin), valid until expires_at and while that key exists.
 */
export interface ListenKeysTable {
  listen_key: string;
  api_key_id: number;
  account: string;
  user_id: number;
  expires_at: number;
  created_at: number;
}

export interface OpenApiTables {
  api_keys: ApiKeysTable;
  listen_keys: ListenKeysTable;
}
