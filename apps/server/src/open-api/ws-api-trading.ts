import type { Services } from '../services.ts';
import { accountInformation } from './account-routes.ts';
import { orderActions } from './order-actions.ts';
import type { Permission, SignedCaller } from './signed-request.ts';

/**
 * The signed trading methods of Binance's WebSocket API, each the REST endpoint of the same name behind the same
 * checks and answers: `order.place` (POST /order), `order.cancel` (DELETE /order), `order.status` (GET /order) and
 * `account.status` (GET /account).
 */
export interface WsApiMethod {
  permission: Permission;
  run: (caller: SignedCaller) => Promise<unknown>;
}

export function wsApiTradingMethods(services: Services): Record<string, WsApiMethod> {
  const orders = orderActions(services);
  return {
    'order.place': { permission: 'trade', run: ({ userId, params }) => orders.place(userId, params) },
    'order.cancel': { permission: 'trade', run: ({ userId, params }) => orders.cancel(userId, params) },
    'order.status': { permission: 'read', run: ({ userId, params }) => orders.status(userId, params) },
    'account.status': { permission: 'read', run: (caller) => accountInformation(services, caller) },
  };
}
