import { getRiskAccount, riskBalanceList } from '@opex/contract/calls/co-common';
import type { FastifyInstance } from 'fastify';
import { countedPage, pagePaging } from '../../db/paging.ts';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { bindCall } from '../../platform/call-binding.ts';
import type { Services } from '../../services.ts';

/**
 * The futures insurance fund, published (contract-notes-products.md §1.1): its balance per margin coin, read from
 * the ledger's `futures_insurance` account, and every movement of it (a row per movement: what it took or paid and
 * its balance after).
 */
export function registerCoInsuranceCalls(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const fund = (coin: string) =>
    db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', SYSTEM_OWNER)
      .where('account', '=', 'futures_insurance')
      .where('coin', '=', coin);

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
      brokenLineList: [...rows].reverse().map((r) => ({ ctime: Number(r.created_at), amount: r.balance_after })),
    };
  });
}
