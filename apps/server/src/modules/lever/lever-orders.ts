import {
  leverOrderCancel,
  leverOrderCreate,
  leverOrderHistory,
  leverOrderListNew,
  leverTradeList,
  leverTradeListByOrder,
  orderEntrustSearch,
} from '@opex/contract/calls/lever';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { pagePaging } from '../../db/paging.ts';
import { tradingLimitedFor } from '../../kyc/trade-limit.ts';
import { leverAccount } from '../../ledger/accounts.ts';
import { type MarginReader, marginMarket, marginMarkets, pairPrice, priceText } from '../../margin/margin-reads.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { AccountRef } from '../../read-model/account-ref.ts';
import { countedOrderPage, findOrder, type OrderScope } from '../../read-model/order-reads.ts';
import { orderListItemOf } from '../../read-model/order-view.ts';
import { countedTradePage } from '../../read-model/trade-reads.ts';
import { orderTradeOf, userTradeOf } from '../../read-model/trade-view.ts';
import type { Services } from '../../services.ts';

/**
 * Orders on a pair's margin account: placed through the core's marginPlace (with auto-borrow when asked), cancelled
 * through the account they trade on, listed from the same reads as spot's, by the pair's margin account. Without a
 * symbol, the lists span every margin pair of the user.
 */
export function registerLeverOrders(app: FastifyInstance, services: Services, reader: MarginReader) {
  const { core } = services;
  const db = services.database.db;
  const limiter = services.orderRate;
  const market = (symbol: string) => {
    const spec = marginMarket(reader, symbol);
    if (!spec) throw new CallError(ErrorCode.marginPairClosed);
    return spec;
  };
  const account = (userId: number, symbol: string): AccountRef => ({ userId, type: leverAccount(symbol) });
  /** The user's margin pairs to list: the one asked for, else every pair open for margin. */
  const accounts = (userId: number, symbol: string | undefined): AccountRef[] => {
    if (symbol) return [account(userId, symbol)];
    return marginMarkets(reader).map((spec) => account(userId, spec.symbol));
  };

  bindCall(app, services, leverOrderCreate, async (input, ctx) => {
    if (!limiter.take(ctx.userId)) throw new CallError(ErrorCode.orderRateLimited);
    if (!(await services.settings.switchOn('lever_open'))) throw new CallError(ErrorCode.switchedOff);
    if (await tradingLimitedFor(services, ctx.userId, 'margin')) throw new CallError(ErrorCode.tradingNeedsIdentity);
    const spec = market(input.symbol);
    const outcome = await core.execute('marginPlace', {
      place: {
        userId: ctx.userId,
        symbol: spec.symbol,
        request: { side: input.side, type: input.type, price: input.price, volume: input.volume },
        clientOrderId: input.clientOrderId ?? null,
      },
      autoBorrow: Number(input.autoBorrow ?? 0) === 1,
      autoRepay: Number(input.autoRepay ?? 0) === 1,
      price: priceText(pairPrice(reader, spec)),
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return { order_id: outcome.orderId };
  });

  bindCall(app, services, leverOrderCancel, async (input, ctx) => {
    if (!limiter.take(ctx.userId)) throw new CallError(ErrorCode.orderRateLimited);
    const ref = account(ctx.userId, input.symbol);
    const outcome = await core.cancelOrder({
      userId: ctx.userId,
      orderId: input.orderId,
      symbol: input.symbol,
      account: ref.type,
    });
    if (outcome.ok) return { order_id: outcome.orderId, status: outcome.status };
    if (outcome.code !== ErrorCode.orderNotOpen) throw new CallError(outcome.code);
    const order = await findOrder(db, ref, input.orderId);
    throw new CallError(order && order.symbol === input.symbol ? ErrorCode.orderNotOpen : ErrorCode.orderNotFound);
  });

  /** One page of orders across the given accounts, newest first (the read model pages one account at a time). */
  const orderPage = async (
    refs: AccountRef[],
    scope: OrderScope,
    input: { page: number; pageSize: number; side?: string | undefined; startTime?: number; endTime?: number },
    hideCancelled: boolean,
  ) => {
    const paging = pagePaging(input);
    const filter = {
      scope,
      side: input.side === 'BUY' ? ('BUY' as const) : input.side === 'SELL' ? ('SELL' as const) : undefined,
      hideEmptyCancels: hideCancelled,
    };
    if (refs.length === 1) return countedOrderPage(db, refs[0] as AccountRef, filter, paging);
    // Across pairs: each account's newest rows up to this page's end, merged.
    const upTo = { ...paging, offset: 0, limit: (paging.offset ?? 0) + (paging.limit ?? 0) };
    const pages = await Promise.all(refs.map((ref) => countedOrderPage(db, ref, filter, upTo)));
    const rows = pages
      .flatMap((p) => p.rows)
      .sort((a, b) => Number(b.id) - Number(a.id))
      .slice(paging.offset ?? 0, (paging.offset ?? 0) + (paging.limit ?? 0));
    return { count: pages.reduce((sum, p) => sum + p.count, 0), rows };
  };

  const lists: [typeof leverOrderListNew | typeof leverOrderHistory, OrderScope][] = [
    [leverOrderListNew, 'open'],
    [leverOrderHistory, 'history'],
  ];
  for (const [call, scope] of lists) {
    bindCall(app, services, call, async (input, ctx) => {
      const hide = 'isShowCanceled' in input && input.isShowCanceled === 0;
      const { count, rows } = await orderPage(accounts(ctx.userId, input.symbol), scope, input, hide);
      return { count, orderList: rows.map((row) => orderListItemOf(row, core.market(row.symbol))) };
    });
  }

  bindCall(app, services, orderEntrustSearch, async (input, ctx) => {
    const scope: OrderScope = input.entrust === 1 ? 'open' : 'history';
    const refs =
      input.orderType === 1 ? [{ userId: ctx.userId, type: 'exchange' as const }] : accounts(ctx.userId, input.symbol);
    const { count, rows } = await orderPage(refs, scope, input, false);
    return {
      count,
      orders: rows.map((row) => ({ ...orderListItemOf(row, core.market(row.symbol)), symbol: row.symbol })),
    };
  });

  bindCall(app, services, leverTradeListByOrder, async (input, ctx) => {
    const row = await db
      .selectFrom('orders')
      .select('account')
      .where('id', '=', input.order_id)
      .where('user_id', '=', ctx.userId)
      .where('account', 'like', 'lever:%')
      .executeTakeFirst();
    const ref = row ? { userId: ctx.userId, type: row.account as AccountRef['type'] } : null;
    const order = ref ? await findOrder(db, ref, input.order_id) : undefined;
    if (!ref || !order) throw new CallError(ErrorCode.orderNotFound);
    const paging = { order: 'oldest', limit: input.pageSize } as const;
    const { count, rows } = await countedTradePage(db, ref, { orderId: order.id }, paging);
    return { count, trade_list: rows.map((t) => orderTradeOf(t, order)) };
  });

  bindCall(app, services, leverTradeList, async (input, ctx) => {
    const refs = accounts(ctx.userId, input.symbol);
    const pages = await Promise.all(
      refs.map((ref) =>
        countedTradePage(db, ref, {}, { ...pagePaging(input), offset: 0, limit: input.page * input.pageSize }),
      ),
    );
    const rows = pages
      .flatMap((p) => p.rows)
      .sort((a, b) => Number(b.id) - Number(a.id))
      .slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
    const coinsOf = (symbol: string) => core.market(symbol);
    return {
      count: pages.reduce((sum, p) => sum + p.count, 0),
      tradeList: rows.map((t) => userTradeOf(t, ctx.userId, coinsOf)),
    };
  });
}
