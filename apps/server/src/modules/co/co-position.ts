import { coAssetsList, coChangePositionMargin, coHistoryPositionList } from '@opex/contract/calls/co-position';
import type { FastifyInstance } from 'fastify';
import { positionFromRow } from '../../core/futures/futures-state.ts';
import { accountOf, userAssets } from '../../futures/assets-views.ts';
import { type ContractMarks, contractsBySymbol, liveContract, valuationPrice } from '../../futures/contract-books.ts';
import { ledgerFixed, ledgerText } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/**
 * The co host's position calls (contract-notes-products.md §1.4): open positions valued at the mark price with
 * their liquidation price, margin ratio and ADL rank; the futures accounts; isolated margin moved through the core;
 * closed positions. Only the caller's own positions are read or changed.
 */
export function registerCoPositionCalls(app: FastifyInstance, services: Services, marks: ContractMarks) {
  const { db } = services.database;

  bindCall(app, services, coAssetsList, async ({ onlyAccount, simulated }, { userId }) => {
    const { positionList, accountList } = await userAssets(services, userId, marks, accountOf(simulated));
    return { accountList, positionList: String(onlyAccount) === '1' ? [] : positionList };
  });

  bindCall(app, services, coChangePositionMargin, async (input, { userId }) => {
    const { symbol } = await liveContract(services, input.contractId);
    const mark = valuationPrice(services, marks, symbol);
    const outcome = await services.core.execute('futuresMargin', {
      userId,
      positionId: input.positionId,
      amount: input.type === 1 ? input.amount : `-${input.amount}`,
      mark: mark === null ? null : ledgerText(mark),
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return {};
  });

  bindCall(app, services, coHistoryPositionList, async ({ contractId }, { userId }) => {
    const contracts = await contractsBySymbol(services);
    let query = db
      .selectFrom('futures_positions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('open', '=', 0)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100);
    if (contractId !== undefined) query = query.where('symbol', '=', (await liveContract(services, contractId)).symbol);
    const rows = await query.execute();
    return {
      positionList: rows.flatMap((row) => {
        const contract = contracts.get(row.symbol);
        if (!contract) return [];
        const p = positionFromRow(row);
        const closePrice = p.closedQty === 0n ? 0n : p.closeTurnover / p.closedQty;
        return [
          {
            id: String(p.id),
            contractId: contract.id,
            contractName: contract.contract_name,
            side: p.maxQty < 0n ? ('SELL' as const) : ('BUY' as const),
            positionType: p.marginMode,
            leverageLevel: p.leverage,
            amount: ledgerText(p.margin),
            openPrice: ledgerFixed(p.entry, contract.price_precision),
            closePrice: ledgerFixed(closePrice, contract.price_precision),
            volume: String(p.maxQty < 0n ? -p.maxQty : p.maxQty),
            historyRealizedAmount: ledgerText(p.realized - p.fee + p.funding),
            tradeFee: ledgerText(p.fee),
            capitalFee: ledgerText(p.funding),
            closeProfit: ledgerText(p.realized),
            shareAmount: '0',
            ctime: p.openedAt,
            mtime: p.updatedAt,
          },
        ];
      }),
    };
  });
}
