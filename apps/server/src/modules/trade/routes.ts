import { tradeExport, tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { pagePaging, windowPaging } from '../../db/paging.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { bindCsvDownload } from '../../platform/csv-download.ts';
import { exchangeAccount } from '../../read-model/account-ref.ts';
import { findOrder } from '../../read-model/order-reads.ts';
import { countedTradePage, tradePage } from '../../read-model/trade-reads.ts';
import { orderTradeOf, userTradeOf } from '../../read-model/trade-view.ts';
import type { Services } from '../../services.ts';
import { tradesCsv } from './trade-csv.ts';

/** The most trades one export holds. */
const EXPORT_LIMIT = 100_000;

/** The user's spot trades: per order, paged, and as a CSV download. */
export async function registerTradeModule(app: FastifyInstance, services: Services) {
  const db = services.database.db;
  const coinsOf = (symbol: string) => services.core.market(symbol);

  // An order's trades, oldest first: its first pageSize.
  bindCall(app, services, tradeListByOrder, async (input, ctx) => {
    const account = exchangeAccount(ctx.userId);
    const order = await findOrder(db, account, input.order_id);
    if (!order) throw new CallError(ErrorCode.orderNotFound);
    const paging = { order: 'oldest', limit: input.pageSize } as const;
    const { count, rows } = await countedTradePage(db, account, { orderId: order.id }, paging);
    return { count, tradeList: rows.map((t) => orderTradeOf(t, order)) };
  });

  bindCall(app, services, tradeList, async (input, ctx) => {
    const { count, rows } = await countedTradePage(
      db,
      exchangeAccount(ctx.userId),
      { symbol: input.symbol },
      pagePaging(input),
    );
    return { count, tradeList: rows.map((t) => userTradeOf(t, ctx.userId, coinsOf)) };
  });

  bindCsvDownload(app, services, tradeExport, async (input, userId) => {
    const filter = { symbol: input.symbol };
    const rows = await tradePage(db, exchangeAccount(userId), filter, windowPaging(input, EXPORT_LIMIT));
    const day = new Date(services.clock.now()).toISOString().slice(0, 10);
    return { filename: `trades-${day}.csv`, csv: tradesCsv(rows.map((t) => userTradeOf(t, userId, coinsOf))) };
  });
}
