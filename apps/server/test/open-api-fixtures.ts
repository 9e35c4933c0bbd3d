import { createHmac } from 'node:crypto';
import { insertApiKey } from '../src/modules/openapi/api-keys.ts';
import { serverSecretBox } from '../src/secrets/secret-box.ts';
import type { TestServer } from './harness.ts';

/** Open API test helpers: API keys inserted straight into the database, and requests signed as Binance clients sign. */

// biome-ignore lint/suspicious/noExplicitAny: Binance's payloads are checked field by field
export type Json = any;

export interface ApiKey {
  apiKey: string;
  secret: string;
}

/** A new API key for a user, read-and-trade unless told otherwise. */
export async function newApiKey(
  server: TestServer,
  userId: number,
  options: { permissions?: ('read' | 'trade')[]; ip?: string; label?: string; createdAt?: number } = {},
): Promise<ApiKey> {
  const permissions = options.permissions ?? ['read', 'trade'];
  const { row, secret } = await insertApiKey(
    server.services.database.db,
    serverSecretBox(server.services.config),
    userId,
    { label: options.label ?? 'bot', permissions, ip: options.ip ?? '' },
    options.createdAt ?? server.clock.now(),
  );
  return { apiKey: row.api_key, secret };
}

/** A signed request, its parameters in the query string as most clients send them; under /api/v3 unless told. */
export async function signedQuery(
  server: TestServer,
  key: ApiKey,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string>,
  family = '/api/v3',
) {
  const query = new URLSearchParams({ ...params, timestamp: String(server.clock.now()) }).toString();
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  const response = await server.app.inject({
    method,
    url: `${family}${path}?${query}&signature=${signature}`,
    headers: { 'x-mbx-apikey': key.apiKey },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/**
 * A read-and-trade API key for a user, and a function that places a BTCUSDT LIMIT GTC buy with it through the Open
 * API (POST /api/v3/order).
 */
export async function openApiBuyer(server: TestServer, userId: number) {
  const key = await newApiKey(server, userId);
  return (price: string, quantity: string) =>
    signedQuery(server, key, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price,
      quantity,
    });
}
