import { createHmac } from 'node:crypto';
import { insertApiKey } from '../src/modules/openapi/api-keys.ts';
import { serverSecretBox } from '../src/modules/openapi/secret-box.ts';
import type { TestServer } from './harness.ts';

/**
 * A read-and-trade API key for a user, and a function that places a BTCUSDT LIMIT GTC buy with it through the Open
 * API (POST /api/v3/order, signed in the query string as Binance clients do).
 */
export async function openApiBuyer(server: TestServer, userId: number) {
  const { row, secret } = await insertApiKey(
    server.services.database.db,
    serverSecretBox(server.services.config),
    userId,
    { label: 'bot', permissions: ['read', 'trade'], ip: '' },
    server.clock.now(),
  );
  return async (price: string, quantity: string) => {
    const query = new URLSearchParams({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price,
      quantity,
      timestamp: String(server.clock.now()),
    }).toString();
    const signature = createHmac('sha256', secret).update(query).digest('hex');
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v3/order?${query}&signature=${signature}`,
      headers: { 'x-mbx-apikey': row.api_key },
      remoteAddress: '127.0.0.1',
    });
    // biome-ignore lint/suspicious/noExplicitAny: Binance's payloads are checked field by field
    return { status: response.statusCode, body: response.json() as any };
  };
}
