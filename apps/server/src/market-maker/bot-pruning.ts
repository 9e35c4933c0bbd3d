import { openOrderStatuses } from '@opex/contract/calls/order';
import Big from 'big.js';
import type { Insertable } from 'kysely';
import { listContracts } from '../catalog/contracts.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import { FORCED } from '../core/futures/futures-state.ts';
import type { LedgerEntriesTable } from '../db/tables/ledger.ts';
import type { Services } from '../services.ts';

/**
 * A demo left running for a month stays small: the market maker's bots' closed orders and their fills with each
 * other, once older than the kept window, are deleted through the core's writer, on the spot books (exchange
 * account) and the futures books (co and co_sim accounts) alike; a futures fill's futures_fills row and a futures order's
 * futures_orders row go with it. Never a real trader's: a fill with one, and the bot's order behind it, stay. Nor a
 * liquidation's: a forced order and its fills stay. The bots' positions are never deleted (they are the position
 * history, and what liquidation, delivery and funding records name), nor their funding rows. The ledger stays exact:
 * the deleted movements' rows (the fills, their fees, margin and realized PnL, the orders' locks and unlocks) are
 * summed per balance (owner, account, coin, field) into one opening-balance row each, together with the previous
 * runs' opening rows, so every balance still equals its rows' sum and every coin still sums to zero. The newest trade
 * and order are always kept: the core numbers the next ones after them.
 */
const PER_RUN = 5000;
const IDS_PER_QUERY = 500;
/** The accounts the bots trade from: spot's exchange account, futures' co and co_sim (simulated) accounts. */
const FUTURES_ACCOUNTS = ['co', 'co_sim'];
const BOT_ACCOUNTS = ['exchange', ...FUTURES_ACCOUNTS];
/** Why a fill moved a balance: spot's trade and fee, futures' fee, position margin and realized PnL. */
const FILL_CAUSES = ['trade', 'fee', 'position_margin', 'realized_pnl'];

export interface PruneResult {
  trades: number;
  orders: number;
  ledger: number;
}

export async function pruneBotHistory(services: Services, bots: number[], before: number): Promise<PruneResult> {
  const { db } = services.database;
  // Every contract's book, delisted ones too.
  const futures = new Set((await listContracts(db)).map((c) => futuresSymbol(c.contract_name)));
  const forced = db.selectFrom('futures_orders').select('order_id').where('kind', '=', FORCED);
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
  const tradeRows = await db
    .selectFrom('trades')
    .select(['id', 'symbol'])
    .where('created_at', '<', before)
    .where('maker_user_id', 'in', bots)
    .where('taker_user_id', 'in', bots)
    .where('maker_order_id', 'not in', forced)
    .where('taker_order_id', 'not in', forced)
    .where('id', '<', Number(newest.trade ?? 0))
    .orderBy('id')
    .limit(PER_RUN)
    .execute();
  const trades = tradeRows.map((r) => Number(r.id));
  const candidates = await db
    .selectFrom('orders')
    .select(['id', 'account'])
    .where('user_id', 'in', bots)
    .where('account', 'in', BOT_ACCOUNTS)
    .where('status', 'not in', [...openOrderStatuses])
    .where('updated_at', '<', before)
    .where('id', 'not in', forced)
    .where('id', '<', Number(newest.order ?? 0))
    .orderBy('id')
    .limit(PER_RUN)
    .execute();
  // An order stays while a fill that stays refers to it.
  const pruned = new Set(trades);
  const referenced = new Set<number>();
  for (const ids of chunked(candidates.map((o) => Number(o.id)))) {
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
  const orderRows = candidates.filter((o) => !referenced.has(Number(o.id)));
  const orders = orderRows.map((o) => Number(o.id));
  const futuresTrades = tradeRows.filter((t) => futures.has(t.symbol)).map((t) => Number(t.id));
  const futuresOrders = orderRows.filter((o) => FUTURES_ACCOUNTS.includes(o.account)).map((o) => Number(o.id));

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
        FILL_CAUSES,
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
  await services.core.writeAlongside({ prune: { trades, orders, futuresTrades, futuresOrders, ledger, opening } });
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
