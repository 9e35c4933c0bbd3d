import {
  ledgerScenes,
  recordOtherTransferExport,
  recordOtherTransferList,
  recordOtherTransferScene,
} from '@opex/contract/calls/record-ledger';
import type { FastifyInstance } from 'fastify';
import { pagePaging, windowPaging } from '../../db/paging.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { bindCsvDownload, csvDocument } from '../../platform/csv-download.ts';
import type { Services } from '../../services.ts';
import { ledgerHistory, ledgerRowOf, sceneNames } from './ledger-history.ts';

/** The most rows one export holds. */
const EXPORT_LIMIT = 100_000;

const csvHeader = ['time', 'id', 'account', 'coin', 'type', 'amount', 'balance_after', 'part', 'cause_id'];

/** The user's ledger history (flowingWater): paged, its causes, and a CSV download under the same filters. */
export async function registerRecordModule(app: FastifyInstance, services: Services) {
  const db = services.database.db;

  bindCall(app, services, recordOtherTransferList, async (input, ctx) => {
    const { count, rows } = await ledgerHistory(db, ctx.userId, input, pagePaging(input));
    return { count, financeList: rows.map(ledgerRowOf) };
  });

  bindCall(app, services, recordOtherTransferScene, async () => ({
    cenceList: ledgerScenes.map((key) => ({ key, key_text: sceneNames[key] })),
  }));

  bindCsvDownload(app, services, recordOtherTransferExport, async (input, userId) => {
    const { rows } = await ledgerHistory(db, userId, input, windowPaging(input, EXPORT_LIMIT));
    const csv = csvDocument(
      csvHeader,
      rows
        .map(ledgerRowOf)
        .map((r) => [
          new Date(r.createdAtTime).toISOString(),
          r.id,
          r.accountType,
          r.coinSymbol,
          r.transactionScene,
          r.amount,
          r.balanceAfter,
          r.field,
          r.causeId,
        ]),
    );
    const day = new Date(services.clock.now()).toISOString().slice(0, 10);
    return { filename: `ledger-${day}.csv`, csv };
  });
}
