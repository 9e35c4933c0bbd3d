import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { orderRateLimits } from './exchange-info.ts';
import { orderActions } from './order-actions.ts';
import { parseOrder } from './order-parse.ts';
import { type Permission, verifySigned } from './signed-request.ts';

/** The spot order endpoints under /api/v3: each a signed call of orderActions (order-actions.ts) on the exchange account. */
export function registerOpenApiOrderRoutes(scope: FastifyInstance, services: Services): void {
  const signed = (request: FastifyRequest, permission: Permission) => verifySigned(services, request, permission);
  const { market, ...actions } = orderActions(services);

  scope.post('/order', async (request) => {
    const { userId, params } = await signed(request, 'trade');
    return actions.place(userId, params);
  });

  // The order-entry bucket as exchangeInfo announces it, with `count`: its orders taken and not yet refilled.
  scope.get('/rateLimit/order', async (request) => {
    const { userId, params } = await signed(request, 'read');
    params.done();
    const { limits, used } = services.orderRate.usage(userId);
    return orderRateLimits(limits).map((limit) => ({ ...limit, count: used }));
  });

  scope.post('/order/test', async (request) => {
    const { params } = await signed(request, 'trade');
    const rates = params.optional('computeCommissionRates');
    const order = await parseOrder(services, params);
    if (rates !== undefined && rates !== 'true' && rates !== 'false')
      throw binanceErrors.illegal('computeCommissionRates');
    if (rates !== 'true') return {};
    const maker = order.spec.makerFee.toFixed(8);
    const taker = order.spec.takerFee.toFixed(8);
    const zero = '0.00000000';
    return {
      standardCommissionForOrder: { maker, taker },
      specialCommissionForOrder: { maker: zero, taker: zero },
      taxCommissionForOrder: { maker: zero, taker: zero },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: zero },
    };
  });

  scope.delete('/order', async (request) => {
    const { userId, params } = await signed(request, 'trade');
    return actions.cancel(userId, params);
  });

  scope.delete('/openOrders', async (request) => {
    const { userId, params } = await signed(request, 'trade');
    const spec = await market(params);
    params.done();
    return actions.cancelOpen(userId, spec);
  });

  scope.get('/order', async (request) => {
    const { userId, params } = await signed(request, 'read');
    return actions.status(userId, params);
  });
}
