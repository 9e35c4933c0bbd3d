import { randomBytes } from 'node:crypto';
import { type ApiKeyItem, type ApiPermissionValue, MAX_API_KEYS } from '@opex/contract/calls/open-api';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ApiKeysTable } from '../../db/tables/open-api.ts';
import { CallError } from '../../platform/call-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';

/**
 * API keys: made with a random key id and secret (Binance's 64 letters and digits each), listed without the
 * secret, and looked up by key id for the Open API's signature check, which alone opens the sealed secret.
 */
export type ApiKeyRow = Selectable<ApiKeysTable>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 64 characters, each from an unbiased byte (bytes >= 248 are skipped: 248 is 4 × 62). */
export function randomToken(length = 64): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const permissionsOf = (row: Pick<ApiKeyRow, 'permissions'>): ApiPermissionValue[] =>
  row.permissions.split(',') as ApiPermissionValue[];

export function apiKeyItemOf(row: ApiKeyRow): ApiKeyItem {
  return {
    id: Number(row.id),
    label: row.label,
    apiKey: row.api_key,
    permissions: permissionsOf(row),
    ip: row.ip_whitelist,
    ctime: Number(row.created_at),
    mtime: Number(row.updated_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export interface NewApiKey {
  label: string;
  permissions: ApiPermissionValue[];
  ip: string;
}

/** Inserts a key in the caller's transaction; answers the row and the secret, which is never readable again. */
export async function insertApiKey(
  trx: Kysely<Database>,
  box: SecretBox,
  userId: number,
  key: NewApiKey,
  now: number,
): Promise<{ row: ApiKeyRow; secret: string }> {
  const held = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(held?.n ?? 0) >= MAX_API_KEYS) {
    throw new CallError(ErrorCode.badRequest, `An account may hold at most ${MAX_API_KEYS} API keys.`);
  }
  const secret = randomToken();
  const row = await trx
    .insertInto('api_keys')
    .values({
      user_id: userId,
      label: key.label,
      api_key: randomToken(),
      secret_sealed: box.seal(secret),
      permissions: key.permissions.join(','),
      ip_whitelist: key.ip,
      last_used_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret };
}

/** The caller's own key, or the not-found refusal (another user's key is not found either). */
export async function ownApiKey(db: Kysely<Database>, userId: number, id: number): Promise<ApiKeyRow> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new CallError(ErrorCode.notFound, 'This API key does not exist.');
  return row;
}

export function listApiKeys(db: Kysely<Database>, userId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export function findApiKey(db: Kysely<Database>, apiKey: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('api_key', '=', apiKey).executeTakeFirst();
}
