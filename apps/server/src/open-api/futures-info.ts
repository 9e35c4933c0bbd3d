import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { QueryParams } from './query-params.ts';

/**
 * `/fapi/v1/exchangeInfo` and `/dapi/v1/exchangeInfo`, which a default Binance client (CCXT's `binance`) loads
 * with the spot markets: futures do not exist here yet, so no symbols, in Binance's shape.
 */
export function registerFuturesInfo(scope: FastifyInstance, services: Services, family: 'fapi' | 'dapi'): void {
  scope.get('/v1/exchangeInfo', async (request) => {
    new QueryParams(request.query as Record<string, string>).done();
    return {
      timezone: 'UTC',
      serverTime: services.clock.now(),
      ...(family === 'fapi' ? { futuresType: 'U_MARGINED' } : {}),
      rateLimits: [] as object[],
      exchangeFilters: [] as object[],
      ...(family === 'fapi' ? { assets: [] as object[] } : {}),
      symbols: [] as object[],
    };
  });
}
