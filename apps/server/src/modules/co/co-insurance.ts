import { getRiskAccount, riskBalanceList } from '@opex/contract/calls/co-common';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { countedPage, pagePaging } from '../../db/paging.ts';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { bindCall } from '../../platform/call-binding.ts';
import type { Services } from '../../services.ts';

/**
 * The futures insurance fund, published (contract-notes-products.md §1.1): its balance per margin coin, read from
 * the ledger's `futures_insurance` account, every movement of it (a row per movement: what it took or paid), and its
 * balance day by day for the chart.
 */
export function registerCoInsuranceCalls(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const fund = (coin: string) =>
    db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', SYSTEM_OWNER)
      .where('account', '=', 'futures_insurance')
      .where('coin', '=', coin);

  /**
   * The fund's balance at the end of each day it moved, oldest first, the last CHART_DAYS such days: the chart's
   * line over the fund's history, whichever page of movements the list shows.
   */
  const dailyBalances = async (coin: string) => {
    const lastOfDay = fund(coin)
      .select((eb) => eb.fn.max('id').as('id'))
      .groupBy(sql`created_at / ${DAY_MS}`)
      .orderBy('id', 'desc')
      .limit(CHART_DAYS);
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['created_at', 'balance_after'])
      .where('id', 'in', lastOfDay)
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({ ctime: Number(r.created_at), amount: r.balance_after }));
  };

  bindCall(app, services, getRiskAccount, async ({ coinSymbol }) => {
    const row = await db
      .selectFrom('balances')
      .select('available')
      .where('owner_id', '=', SYSTEM_OWNER)
      .where('account', '=', 'futures_insurance')
      .where('coin', '=', coinSymbol)
      .executeTakeFirst();
    return { amount: row?.available ?? '0' };
  });

  bindCall(app, services, riskBalanceList, async ({ symbol, page, limit }) => {
    const { count, rows } = await countedPage(fund(symbol), pagePaging({ page, pageSize: limit }));
    return {
      hisCount: count,
      historyList: rows.map((r) => ({
        id: Number(r.id),
        ctime: Number(r.created_at),
        type: r.delta.startsWith('-') ? 2 : 1,
        hisAmount: r.delta.replace(/^-/, ''),
      })),
      brokenLineList: await dailyBalances(symbol),
    };
  });
}

const DAY_MS = 86_400_000;
/** A year of days with movements: enough history for the chart, bounded however busy the fund is. */
const CHART_DAYS = 365;
