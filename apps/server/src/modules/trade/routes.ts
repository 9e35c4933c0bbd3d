import { tradeExport, tradeList, tradeListByOrder } from '@opex/contract/calls/trade';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { bindCsvDownload } from '../../platform/csv-download.ts';
import type { Services } from '../../services.ts';
import { findOrder } from '../order/order-queries.ts';
import { tradesCsv } from './trade-csv.ts';
import { tradesOfOrder, tradesOfUser, userTradeOf } from './trade-queries.ts';

/** The most trades one export holds. */
const EXPORT_LIMIT = 100_000;

/** The user's spot trades: per order, paged, and as a CSV download. */
export async function registerTradeModule(app: FastifyInstance, services: Services) {
  const db = services.database.db;
  const coinsOf = (symbol: string) => services.core.market(symbol);

  bindCall(app, services, tradeListByOrder, async (input, ctx) => {
    const order = await findOrder(db, ctx.userId, input.order_id);
    if (!order) throw new CallError(ErrorCode.orderNotFound);
    return tradesOfOrder(db, order, input.pageSize);
  });

  bindCall(app, services, tradeList, async (input, ctx) => {
    const { count, rows } = await tradesOfUser(db, ctx.userId, input, {
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    return { count, tradeList: rows.map((t) => userTradeOf(t, ctx.userId, coinsOf)) };
  });

  bindCsvDownload(app, services, tradeExport, async (input, userId) => {
    const { rows } = await tradesOfUser(db, userId, input, { offset: 0, limit: EXPORT_LIMIT });
    const day = new Date(services.clock.now()).toISOString().slice(0, 10);
    return { filename: `trades-${day}.csv`, csv: tradesCsv(rows.map((t) => userTradeOf(t, userId, coinsOf))) };
  });
}
