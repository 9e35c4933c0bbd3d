import { createHmac } from 'node:crypto';
import ccxt from 'ccxt';
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

// biome-ignore lint/suspicious/noExplicitAny: CCXT's exchange classes are typed loosely across versions
export type Exchange = any;

/**
 * CCXT's `binance` (or, `pro`, `ccxt.pro.binance`) with every URL it uses at our server: REST, /sapi and the
 * WebSocket API.
 */
export function binanceAt(base: string, key: { apiKey: string; secret: string }, pro = false): Exchange {
  const api = `${base}/api/v3`;
  const wsApi = `${base.replace(/^http/, 'ws')}/ws-api/v3`;
  const config = {
    apiKey: key.apiKey,
    secret: key.secret,
    enableRateLimit: false,
    timeout: 5000,
    urls: { api: { public: api, private: api, v1: api, sapi: `${base}/sapi/v1`, ws: { 'ws-api': { spot: wsApi } } } },
    // Spot and margin markets (CCXT's default loads the margin pair lists too); no futures, no clock sync.
    options: { fetchMarkets: { types: ['spot'] }, adjustForTimeDifference: false, defaultType: 'spot' },
  };
  const exchange = pro ? new ccxt.pro.binance(config) : new ccxt.binance(config);
  // CCXT picks Binance's per-family table of error codes by the request's host: at api.binance.com (the /sapi
  // family included) it is the spot table, which holds the margin codes (-30xx); at 127.0.0.1 it finds none. The
  // test gives it the table it uses at Binance's own host.
  exchange.getExceptionsByUrl = (_url: string, kind: 'exact' | 'broad') => exchange.exceptions.spot[kind] ?? {};
  return exchange;
}

/**
 * CCXT's `binanceusdm` or `binancecoinm` (`pro`: ccxt.pro's) with every REST URL on `base` and its futures streams
 * (/fstream, /dstream) on ours, loading only its family's markets. Given a key, signed with it, its timestamps from
 * the server's clock and Binance's futures error codes (CCXT picks its table by Binance's host, none at 127.0.0.1).
 */
export function futuresAt(
  base: string,
  kind: 'binanceusdm' | 'binancecoinm',
  options: { pro?: boolean; key?: ApiKey; server?: TestServer } = {},
): Exchange {
  const Class = options.pro ? ccxt.pro[kind] : ccxt[kind];
  const api = Object.fromEntries(
    Object.entries(new Class().urls.api as Record<string, unknown>)
      .filter(([, url]) => typeof url === 'string')
      .map(([name, url]) => [name, `${base}${new URL(url as string).pathname}`]),
  );
  const ws = base.replace(/^http/, 'ws');
  const linear = kind === 'binanceusdm';
  const exchange = new Class({
    ...(options.key ? { apiKey: options.key.apiKey, secret: options.key.secret } : {}),
    enableRateLimit: false,
    timeout: 5000,
    urls: { api: { ...api, ws: { future: `${ws}/fstream/ws`, delivery: `${ws}/dstream/ws` } } },
    options: { adjustForTimeDifference: false, fetchMarkets: { types: [linear ? 'linear' : 'inverse'] } },
  });
  const { server } = options;
  if (server) exchange.nonce = () => server.clock.now();
  const table = linear ? 'linear' : 'inverse';
  exchange.getExceptionsByUrl = (_url: string, kind: 'exact' | 'broad') => exchange.exceptions[table]?.[kind] ?? {};
  return exchange;
}
