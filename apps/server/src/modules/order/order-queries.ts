import { OrderStatus, openOrderStatuses } from '@opex/contract/calls/order';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OrdersTable } from '../../db/tables/trading.ts';

/** Reads of a user's orders for the list calls: committed state, newest first. */
export type OrderListKind = 'open' | 'history' | 'all';

const historyStatuses = [OrderStatus.filled, OrderStatus.cancelled, OrderStatus.rejected, OrderStatus.expired];

export async function listOrders(
  db: Kysely<Database>,
  userId: number,
  kind: OrderListKind,
  filter: {
    symbol?: string | undefined;
    side?: 'BUY' | 'SELL' | undefined;
    type?: 1 | 2 | undefined;
    startTime?: number | undefined;
    endTime?: number | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ count: number; rows: Selectable<OrdersTable>[] }> {
  let query = db.selectFrom('orders').where('user_id', '=', userId);
  if (kind === 'open') query = query.where('status', 'in', [...openOrderStatuses]);
  if (kind === 'history') query = query.where('status', 'in', historyStatuses);
  if (filter.symbol) query = query.where('symbol', '=', filter.symbol);
  if (filter.side) query = query.where('side', '=', filter.side);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.startTime !== undefined) query = query.where('created_at', '>=', filter.startTime);
  if (filter.endTime !== undefined) query = query.where('created_at', '<=', filter.endTime);
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { count: Number(total?.n ?? 0), rows };
}

export async function findOrder(db: Kysely<Database>, userId: number, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}
