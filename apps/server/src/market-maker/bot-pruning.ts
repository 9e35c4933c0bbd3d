import { openOrderStatuses } from '@opex/contract/calls/order';
import Big from 'big.js';
import type { Insertable } from 'kysely';
import { listContracts } from '../catalog/contracts.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import type { LedgerEntriesTable } from '../db/tables/ledger.ts';
import type { Services } from '../services.ts';

/**
 * A demo left running for a month stays small: the market maker's bots' closed orders and their fills with each
 * other, once older than the kept window, are deleted through the core's writer. Never a real trader's: a fill with
 * one, and the bot's order behind it, stay. The ledger stays exact: the deleted movements' rows (the fills, their
 * fees, the orders' locks and unlocks) are summed per balance (owner, account, coin, field) into one opening-balance
 * row each, together with the previous runs' opening rows, so every balance still equals its rows' sum and every coin
 * still sums to zero. The newest trade and order are always kept: the core numbers the next ones after them.
 * Spot only: a futures fill has rows of its own (futures_fills, futures_orders) the core's prune does not delete yet.
 */
const PER_RUN = 5000;
const IDS_PER_QUERY = 500;

export interface PruneResult {
  trades: number;
  orders: number;
  ledger: number;
}

export async function pruneBotHistory(services: Services, bots: number[], before: number): Promise<PruneResult> {
  const { db } = services.database;
  // Every contract's book, delisted ones too ('' keeps the list non-empty).
  const futures = ['', ...(await listContracts(db)).map((c) => futuresSymbol(c.contract_name))];
  const newest = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('trades')
        .select((e) => e.fn.max('id').as('id'))
        .as('trade'),
      eb
        .selectFrom('orders')
        .select((e) => e.fn.max('id').as('id'))
        .as('order'),
    ])
    .executeTakeFirstOrThrow();
  const trades = (
    await db
      .selectFrom('trades')
      .select('id')
      .where('created_at', '<', before)
      .where('maker_user_id', 'in', bots)
      .where('taker_user_id', 'in', bots)
      .where('symbol', 'not in', futures)
      .where('id', '<', Number(newest.trade ?? 0))
      .orderBy('id')
      .limit(PER_RUN)
      .execute()
  ).map((r) => Number(r.id));
  const candidates = (
    await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', 'in', bots)
      .where('account', '=', 'exchange')
      .where('status', 'not in', [...openOrderStatuses])
      .where('updated_at', '<', before)
      .where('id', '<', Number(newest.order ?? 0))
      .orderBy('id')
      .limit(PER_RUN)
      .execute()
  ).map((r) => Number(r.id));
  // An order stays while a fill that stays refers to it.
  const pruned = new Set(trades);
  const referenced = new Set<number>();
  for (const ids of chunked(candidates)) {
    const fills = await db
      .selectFrom('trades')
      .select(['id', 'maker_order_id', 'taker_order_id'])
      .where((eb) => eb.or([eb('maker_order_id', 'in', ids), eb('taker_order_id', 'in', ids)]))
      .execute();
    for (const f of fills) {
      if (pruned.has(Number(f.id))) continue;
      referenced.add(Number(f.maker_order_id));
      referenced.add(Number(f.taker_order_id));
    }
  }
  const orders = candidates.filter((id) => !referenced.has(id));

  const folded: LedgerRow[] = [];
  const read = (causes: string[], causeIds: string[]) =>
    db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('cause', 'in', causes)
      .where('cause_id', 'in', causeIds)
      .execute();
  for (const ids of chunked(trades))
    folded.push(
      ...(await read(
        ['trade', 'fee'],
        ids.map((id) => `trade:${id}`),
      )),
    );
  for (const ids of chunked(orders))
    folded.push(
      ...(await read(
        ['order_lock', 'order_unlock'],
        ids.map((id) => `order:${id}`),
      )),
    );
  if (folded.length === 0 && trades.length === 0 && orders.length === 0) return { trades: 0, orders: 0, ledger: 0 };
  folded.push(...(await db.selectFrom('ledger_entries').selectAll().where('cause', '=', 'opening_balance').execute()));
  const ledger = folded.map((r) => Number(r.id));
  const opening = openingRows(folded, before);
  await services.core.writeAlongside({ prune: { trades, orders, ledger, opening } });
  return { trades: trades.length, orders: orders.length, ledger: ledger.length - opening.length };
}

type LedgerRow = Insertable<LedgerEntriesTable> & { id: number };

/** One row per balance with the sum of its folded rows, as of the newest of them (its time and balance after). */
function openingRows(rows: LedgerRow[], before: number): Insertable<LedgerEntriesTable>[] {
  const byBalance = new Map<string, { sum: Big; last: LedgerRow }>();
  for (const row of rows) {
    const key = `${row.owner_id}/${row.account}/${row.coin}/${row.field}`;
    const seen = byBalance.get(key);
    if (!seen) byBalance.set(key, { sum: new Big(row.delta), last: row });
    else {
      seen.sum = seen.sum.plus(row.delta);
      if (Number(row.id) > Number(seen.last.id)) seen.last = row;
    }
  }
  return [...byBalance.values()]
    .filter(({ sum }) => !sum.eq(0))
    .map(({ sum, last }) => ({
      owner_id: last.owner_id,
      account: last.account,
      coin: last.coin,
      field: last.field,
      delta: sum.toFixed(),
      balance_after: last.balance_after,
      cause: 'opening_balance',
      cause_id: `prune:${before}`,
      memo: 'market maker history before this, summed',
      created_at: last.created_at,
    }));
}

function* chunked(ids: number[]): Generator<number[]> {
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) yield ids.slice(i, i + IDS_PER_QUERY);
}
