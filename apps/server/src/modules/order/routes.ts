import {
  orderCancel,
  orderCancelAll,
  orderCreate,
  orderEntrustHistory,
  orderListAll,
  orderListNew,
} from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import { spotOrderTerms } from '@opex/contract/spot-order-terms';
import type { FastifyInstance } from 'fastify';
import { pagePaging } from '../../db/paging.ts';
import { tradingLimitedFor } from '../../kyc/trade-limit.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { exchangeAccount } from '../../read-model/account-ref.ts';
import { countedOrderPage, findOrder, type OrderScope } from '../../read-model/order-reads.ts';
import { orderListItemOf } from '../../read-model/order-view.ts';
import type { Services } from '../../services.ts';

/** Spot orders: create and cancel go to the trading core (answered after commit); lists read the database. */
export async function registerOrderModule(app: FastifyInstance, services: Services) {
  const { core, database } = services;
  const limiter = services.orderRate;

  bindCall(app, services, orderCreate, async (input, ctx) => {
    if (!limiter.take(ctx.userId)) throw new CallError(ErrorCode.orderRateLimited);
    if (await tradingLimitedFor(services, ctx.userId)) throw new CallError(ErrorCode.tradingNeedsIdentity);
    const terms = spotOrderTerms(input.type);
    const outcome = await core.placeOrder({
      userId: ctx.userId,
      symbol: input.symbol,
      request: {
        side: input.side,
        type: terms.kind,
        price: input.price,
        volume: input.volume,
        timeInForce: terms.timeInForce,
        postOnly: terms.postOnly,
        triggerPrice: input.triggerPrice,
      },
      clientOrderId: input.clientOrderId ?? null,
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return { order_id: outcome.orderId };
  });

  bindCall(app, services, orderCancel, async (input, ctx) => {
    if (!limiter.take(ctx.userId)) throw new CallError(ErrorCode.orderRateLimited);
    const outcome = await core.cancelOrder({
      userId: ctx.userId,
      orderId: input.orderId,
      symbol: input.symbol,
    });
    if (outcome.ok) return { order_id: outcome.orderId, status: outcome.status };
    if (outcome.code !== ErrorCode.orderNotOpen) throw new CallError(outcome.code);
    const order = await findOrder(database.db, exchangeAccount(ctx.userId), input.orderId);
    throw new CallError(order && order.symbol === input.symbol ? ErrorCode.orderNotOpen : ErrorCode.orderNotFound);
  });

  // One call, one command: the rate limit counts it once, however many orders it cancels.
  bindCall(app, services, orderCancelAll, async (input, ctx) => {
    if (!limiter.take(ctx.userId)) throw new CallError(ErrorCode.orderRateLimited);
    const outcome = await core.cancelAllOrders({ userId: ctx.userId, symbol: input.symbol ?? null });
    if (!outcome.ok) throw new CallError(outcome.code);
    return { count: outcome.count };
  });

  const lists: [typeof orderListNew, OrderScope][] = [
    [orderListNew, 'open'],
    [orderEntrustHistory, 'history'],
    [orderListAll, 'all'],
  ];
  for (const [call, scope] of lists) {
    bindCall(app, services, call, async (input, ctx) => {
      const filter = { scope, symbol: input.symbol, side: input.side, type: input.type };
      const { count, rows } = await countedOrderPage(
        database.db,
        exchangeAccount(ctx.userId),
        filter,
        pagePaging(input),
      );
      return { count, orderList: rows.map((row) => orderListItemOf(row, core.market(row.symbol))) };
    });
  }
}
