import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { type OrderActions, randomClientId } from './order-actions.ts';
import { CLIENT_ID, parseOrder } from './order-parse.ts';
import { verifySigned } from './signed-request.ts';

/**
 * POST /api/v3/order/cancelReplace: cancels an order, then places a new one in the same market, as Binance does.
 * `cancelReplaceMode` STOP_ON_FAILURE places nothing when the cancel fails; ALLOW_FAILURE places the new order
 * anyway. The new order's parameters are checked first (a bad one refuses the whole request, cancelling nothing);
 * after that each half's outcome is reported: both done is 200 {cancelResult, newOrderResult, cancelResponse,
 * newOrderResponse}; one failed is -2021 (HTTP 409), both failed or the cancel stopped it is -2022, each with that
 * same object as `data`, a failed half's response being its own {code, msg}.
 */
type Half = { ok: true; response: unknown } | { ok: false; response: { code: number; msg: string } };

const MODES = ['STOP_ON_FAILURE', 'ALLOW_FAILURE'] as const;

export function registerCancelReplace(scope: FastifyInstance, services: Services, orders: OrderActions): void {
  scope.post('/order/cancelReplace', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'trade');
    const mode = params.required('cancelReplaceMode');
    const cancelId = params.optional('cancelNewClientOrderId') ?? randomClientId();
    params.optional('cancelRestrictions');
    params.optional('orderRateLimitExceededMode');
    const spec = await orders.market(params);
    const target = await orders.findOwnOrder(userId, spec, params, {
      orderId: 'cancelOrderId',
      clientId: 'cancelOrigClientOrderId',
    });
    const order = await parseOrder(services, params);
    if (!(MODES as readonly string[]).includes(mode)) throw binanceErrors.illegal('cancelReplaceMode');
    if (!CLIENT_ID.test(cancelId)) throw binanceErrors.illegal('cancelNewClientOrderId');

    const cancel = await attempt(() => orders.cancelFound(userId, spec, target, cancelId));
    const placed =
      cancel.ok || mode === 'ALLOW_FAILURE' ? await attempt(() => orders.placeParsed(userId, order)) : null;
    const data = {
      cancelResult: cancel.ok ? 'SUCCESS' : 'FAILURE',
      newOrderResult: placed === null ? 'NOT_ATTEMPTED' : placed.ok ? 'SUCCESS' : 'FAILURE',
      cancelResponse: cancel.response,
      newOrderResponse: placed?.response ?? null,
    };
    if (cancel.ok && placed?.ok) return data;
    if (cancel.ok || placed?.ok)
      throw new BinanceError(
        BinanceCode.cancelReplacePartlyFailed,
        'Order cancel-replace partially failed.',
        409,
        data,
      );
    throw new BinanceError(BinanceCode.cancelReplaceFailed, 'Order cancel-replace failed.', 400, data);
  });
}

/** One half's outcome: its answer, or the Binance error it was refused with (any other failure is not caught). */
async function attempt(run: () => Promise<unknown>): Promise<Half> {
  try {
    return { ok: true, response: await run() };
  } catch (error) {
    if (!(error instanceof BinanceError)) throw error;
    return { ok: false, response: { code: error.code, msg: error.message } };
  }
}
