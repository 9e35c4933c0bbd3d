import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiPermissionValue } from '@opex/contract/calls/open-api';
import type { FastifyRequest } from 'fastify';
import { type ApiKeyRow, findApiKey, permissionsOf } from '../modules/openapi/api-keys.ts';
import { serverSecretBox } from '../secrets/secret-box.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { QueryParams } from './query-params.ts';

/**
 * Binance's SIGNED endpoint security, checked before a signed call reads or changes anything:
 *
 * - the key in the X-MBX-APIKEY header must exist (else -2015; a missing or malformed header is -2014), the
 *   caller's address must be on the key's whitelist when it has one, and the key must carry the permission the
 *   call needs ('read' for account and order queries, 'trade' to place and cancel): else -2015, HTTP 401;
 * - `signature` is the hex HMAC-SHA256, keyed by the key's secret, of totalParams = the query string followed
 *   directly by the form body (Binance's concatenation, no separator), each exactly as received with its
 *   `signature=` pair taken out: else -1022;
 * - `timestamp` (epoch ms) must be no more than 1000 ms ahead of the server's clock and no more than `recvWindow`
 *   (default 5000, at most 60000) behind it: else -1021.
 *
 * Parameters may come in the query string, the form body or both; a name sent in both is read from the query, as
 * Binance does. The answer's `params` reads them with Binance's parameter codes (-1102, -1100, -1104...).
 */
export type Permission = ApiPermissionValue;

export interface SignedCaller {
  userId: number;
  key: ApiKeyRow;
  params: QueryParams;
}

const DEFAULT_RECV_WINDOW = 5000;
const MAX_RECV_WINDOW = 60_000;
/** How far ahead of the server's clock a timestamp may be (Binance: 1000 ms). */
const MAX_AHEAD_MS = 1000;
/** last_used_at is refreshed at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

const API_KEY_FORMAT = /^[A-Za-z0-9]{1,64}$/;

export async function verifySigned(
  services: Services,
  request: FastifyRequest,
  permission: Permission,
): Promise<SignedCaller> {
  const header = request.headers['x-mbx-apikey'];
  const query = rawQuery(request.raw.url ?? '');
  const body = typeof request.body === 'string' ? request.body : '';
  return authenticate(
    services,
    {
      apiKey: Array.isArray(header) ? undefined : header,
      ip: request.ip,
      // Parsed only once the key and address are accepted.
      params: () => new QueryParams(mergeParams(query, body)),
      payload: withoutSignature(query) + withoutSignature(body),
    },
    permission,
  );
}

/** What a signed request carries, however it came (REST, or a WebSocket API request). */
export interface SignedInput {
  apiKey: string | undefined;
  ip: string;
  params: () => QueryParams;
  /** The exact text the signature covers. */
  payload: string;
}

/** The checks in the order Binance makes them; the caller reads its own parameters from `params`. */
export async function authenticate(
  services: Services,
  input: SignedInput,
  permission: Permission,
): Promise<SignedCaller> {
  const key = await keyOf(services, input.apiKey, input.ip);
  const { db } = services.database;

  const params = input.params();
  const signature = params.required('signature');
  const timestampText = params.required('timestamp');
  if (!/^\d{1,16}$/.test(timestampText)) throw binanceErrors.illegal('timestamp');
  const recvWindowText = params.optional('recvWindow');
  let recvWindow = DEFAULT_RECV_WINDOW;
  if (recvWindowText !== undefined) {
    if (!/^\d{1,16}(\.\d{1,3})?$/.test(recvWindowText)) throw binanceErrors.illegal('recvWindow');
    recvWindow = Number(recvWindowText);
    if (recvWindow > MAX_RECV_WINDOW) throw binanceErrors.recvWindow();
  }

  const secret = serverSecretBox(services.config).open(key.secret_sealed);
  const expected = createHmac('sha256', secret).update(input.payload, 'utf8').digest();
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw binanceErrors.signature();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw binanceErrors.signature();

  const now = services.clock.now();
  const timestamp = Number(timestampText);
  if (timestamp >= now + MAX_AHEAD_MS) throw binanceErrors.timestamp(true);
  if (now - timestamp > recvWindow) throw binanceErrors.timestamp(false);

  if (!permissionsOf(key).includes(permission)) throw binanceErrors.refused();
  await refuseInactiveOwner(services, key);

  if (key.last_used_at === null || now - Number(key.last_used_at) >= LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', key.id).execute();
  }
  return { userId: Number(key.user_id), key, params };
}

/**
 * The caller of an endpoint that takes the API key alone (Binance's USER_STREAM security: the user data stream's
 * listen keys): the key in X-MBX-APIKEY, the address on its whitelist, its owner active. Any permission will do.
 */
export async function apiKeyCaller(services: Services, apiKey: string | undefined, ip: string): Promise<ApiKeyRow> {
  const key = await keyOf(services, apiKey, ip);
  await refuseInactiveOwner(services, key);
  return key;
}

/** A request's parameters from its query and form body, read with Binance's parameter codes. */
export function requestParams(request: FastifyRequest): QueryParams {
  const body = typeof request.body === 'string' ? request.body : '';
  return new QueryParams(mergeParams(rawQuery(request.raw.url ?? ''), body));
}

async function keyOf(services: Services, apiKey: string | undefined, ip: string): Promise<ApiKeyRow> {
  if (!apiKey || !API_KEY_FORMAT.test(apiKey)) throw binanceErrors.apiKeyFormat();
  const key = await findApiKey(services.database.db, apiKey);
  if (!key) throw binanceErrors.refused();
  if (!ipAllowed(key.ip_whitelist, ip)) throw binanceErrors.refused();
  return key;
}

/** A frozen or closed account's keys are refused like a revoked key. */
async function refuseInactiveOwner(services: Services, key: ApiKeyRow): Promise<void> {
  const { db } = services.database;
  const owner = await db.selectFrom('users').select('status').where('id', '=', key.user_id).executeTakeFirst();
  if (owner && Number(owner.status) !== 0) throw binanceErrors.refused();
}

/** The query string exactly as sent (without the '?'). */
function rawQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** The raw text with its `signature=` pair(s) removed, every other byte kept. */
function withoutSignature(raw: string): string {
  if (!raw.includes('signature=')) return raw;
  return raw
    .split('&')
    .filter((pair) => !pair.startsWith('signature='))
    .join('&');
}

/** Query and body parameters, the query's winning a name sent in both; a name repeated within one is -1101. */
function mergeParams(query: string, body: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const raw of [body, query]) {
    const seen = new Set<string>();
    for (const [name, value] of new URLSearchParams(raw)) {
      if (seen.has(name))
        throw new BinanceError(BinanceCode.tooManyParameters, `Duplicate values for parameter '${name}'.`);
      seen.add(name);
      merged[name] = value;
    }
  }
  return merged;
}

/** '' accepts any address; otherwise the caller's IPv4 (an IPv4-mapped IPv6 address counts as IPv4) must be listed. */
function ipAllowed(whitelist: string, ip: string): boolean {
  const listed = whitelist
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length === 0) return true;
  const caller = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return listed.includes(caller);
}
