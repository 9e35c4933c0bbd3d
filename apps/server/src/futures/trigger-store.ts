import { CoTriggerStatus } from '@opex/contract/calls/co-trigger';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FuturesTriggerOrdersTable } from '../db/tables/futures-triggers.ts';
import { ledgerOf, ledgerText } from '../ledger/ledger-units.ts';
import type { ArmedTrigger, Direction, PriceKind } from './trigger-book.ts';

/** Futures conditional orders in storage: what the calls create and list and the trigger watch arms and ends. */
export type TriggerRow = Selectable<FuturesTriggerOrdersTable>;
export type NewTrigger = Insertable<FuturesTriggerOrdersTable>;

/** How a trigger ended: its status, why (memo), the refusal's code, the order it placed. */
export interface TriggerEnd {
  status: number;
  memo: number;
  errorCode?: string;
  orderId?: number;
}

/** The client order id of the order a trigger places: a second firing (a restart, a retry) gets the first answer. */
export const triggerClientOrderId = (id: number) => `ftrig-${id}`;

export async function insertTriggers(db: Kysely<Database>, rows: NewTrigger[]): Promise<TriggerRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('futures_trigger_orders').values(rows).returningAll().execute();
}

export async function activeTriggers(db: Kysely<Database>): Promise<TriggerRow[]> {
  return db
    .selectFrom('futures_trigger_orders')
    .selectAll()
    .where('status', '=', CoTriggerStatus.active)
    .orderBy('id')
    .execute();
}

/** The user's active triggers of the contract among `ids` (all of them when `ids` is null). */
export async function ownActiveTriggers(
  db: Kysely<Database>,
  userId: number,
  symbol: string,
  ids: readonly number[] | null,
): Promise<TriggerRow[]> {
  let query = db
    .selectFrom('futures_trigger_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .where('status', '=', CoTriggerStatus.active);
  if (ids) query = query.where('id', 'in', ids.length ? [...ids] : [0]);
  return query.execute();
}

/** Ends an active trigger; false when it had ended already. */
export async function endTrigger(db: Kysely<Database>, id: number, end: TriggerEnd, now: number): Promise<boolean> {
  const result = await db
    .updateTable('futures_trigger_orders')
    .set({
      status: end.status,
      memo: end.memo,
      error_code: end.errorCode ?? '',
      order_id: end.orderId ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', CoTriggerStatus.active)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A trailing stop's best price since activation, kept so a restart follows on from it. */
export async function saveExtreme(db: Kysely<Database>, id: number, extreme: bigint, now: number): Promise<void> {
  await db
    .updateTable('futures_trigger_orders')
    .set({ extreme: ledgerText(extreme), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', CoTriggerStatus.active)
    .execute();
}

/** The orders placed for these triggers (by their client order ids): id, and the refusal's code when refused. */
export async function placedOrders(
  db: Kysely<Database>,
  rows: readonly TriggerRow[],
): Promise<Map<number, { orderId: number; rejectCode: string | null }>> {
  const placed = new Map<number, { orderId: number; rejectCode: string | null }>();
  // In slices: a database takes a bounded number of parameters per statement.
  for (let i = 0; i < rows.length; i += 500) {
    const slice = rows.slice(i, i + 500);
    const found = await db
      .selectFrom('orders')
      .select(['id', 'user_id', 'client_order_id', 'reject_code'])
      .where(
        'client_order_id',
        'in',
        slice.map((r) => triggerClientOrderId(Number(r.id))),
      )
      .execute();
    const byKey = new Map(found.map((o) => [`${o.user_id}/${o.client_order_id}`, o]));
    for (const row of slice) {
      const order = byKey.get(`${row.user_id}/${triggerClientOrderId(Number(row.id))}`);
      if (order) placed.set(Number(row.id), { orderId: Number(order.id), rejectCode: order.reject_code || null });
    }
  }
  return placed;
}

/** A stored active trigger as the watch holds it. */
export function armedTrigger(row: TriggerRow): ArmedTrigger {
  const trailing =
    row.trigger_type === 4
      ? {
          callbackRate: ledgerOf(row.callback_rate),
          activation: row.activation_price === '0' ? null : ledgerOf(row.activation_price),
          extreme: row.extreme === '0' ? null : ledgerOf(row.extreme),
        }
      : null;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    symbol: row.symbol,
    side: row.side,
    priceKind: row.price_kind as PriceKind,
    direction: row.direction as Direction,
    triggerPrice: ledgerOf(row.trigger_price),
    trailing,
    expireAt: Number(row.expire_at),
    closes: row.reduce_only === 1 ? row.position_side : null,
  };
}
