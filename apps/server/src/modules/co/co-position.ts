import type { coAccountItem, flag } from '@opex/contract/calls/co-account';
import { coAssetsList, coChangePositionMargin, coHistoryPositionList } from '@opex/contract/calls/co-position';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { LIVE, listContracts } from '../../catalog/contracts.ts';
import { type FuturesAccounts, futuresAccountsOf } from '../../core/futures/futures-rules.ts';
import { positionFromRow } from '../../core/futures/futures-state.ts';
import type { Database } from '../../db/schema.ts';
import { type ContractMarks, contractsBySymbol, liveContract, valuationPrice } from '../../futures/contract-books.ts';
import { type CoinAccount, futuresAccount } from '../../futures/futures-account.ts';
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
    const account = accountOf(simulated);
    const accounts = await futuresAccount(services, userId, marks, await liveMarginCoins(db, account), account);
    const contracts = await contractsBySymbol(services);
    return {
      accountList: accounts.map(accountItem),
      positionList:
        String(onlyAccount) === '1'
          ? []
          : accounts.flatMap((account) =>
              account.positions.flatMap((v) => {
                const contract = contracts.get(v.position.symbol);
                if (!contract) return [];
                const p = v.position;
                const price = (value: bigint | null) =>
                  value === null || value <= 0n ? '0' : ledgerFixed(value, contract.price_precision);
                const size = p.qty < 0n ? -p.qty : p.qty;
                return [
                  {
                    id: String(p.id),
                    contractId: contract.id,
                    contractName: contract.contract_name,
                    symbol: `${contract.base}-${contract.quote}`,
                    orderSide: p.qty > 0n ? ('BUY' as const) : ('SELL' as const),
                    positionSide: p.positionSide,
                    leverageLevel: p.leverage,
                    positionType: p.marginMode,
                    positionVolume: String(size),
                    canCloseVolume: String(size - v.closing),
                    openAvgPrice: ledgerFixed(p.entry, contract.price_precision),
                    indexPrice: price(v.mark),
                    indexPriceReal: price(v.index),
                    reducePrice: price(v.liquidation),
                    bankruptcyPrice: price(v.bankruptcy),
                    holdAmount: ledgerText(p.margin),
                    marginRate: v.marginRatio === null ? '1' : ledgerText(v.marginRatio),
                    returnRate: p.margin === 0n ? '0' : ledgerText((v.unrealized * 10n ** 18n) / p.margin),
                    openRealizedAmount: ledgerText(v.unrealized),
                    unRealizedAmount: ledgerText(v.unrealized),
                    realizedAmount: ledgerText(p.realized),
                    canUseAmount: ledgerText(account.available),
                    canSubMarginAmount: ledgerText(v.removable),
                    keepRate: ledgerText(v.maintenanceRate),
                    maxFeeRate: contract.taker_fee,
                    tradeFee: ledgerText(p.fee),
                    capitalFee: ledgerText(p.funding),
                    positionBalance: ledgerText(v.notional),
                    adlRank: v.adlRank,
                    ctime: p.openedAt,
                    mtime: p.updatedAt,
                  },
                ];
              }),
            ),
    };
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

/** A margin coin's futures account as the original's Account item. */
/** The account a call's `simulated` flag names: the simulated one only when asked. */
export const accountOf = (simulated: z.output<typeof flag> | undefined): FuturesAccounts['user'] =>
  String(simulated) === '1' ? 'co_sim' : 'co';

/** The margin coins of the live contracts traded on `account`: their accounts show even without a balance. */
export async function liveMarginCoins(db: Kysely<Database>, account: FuturesAccounts['user']): Promise<string[]> {
  const contracts = await listContracts(db, LIVE);
  return [
    ...new Set(
      contracts
        .filter((c) => futuresAccountsOf(c.contract_type).user === account)
        .map((c) => c.margin_coin.toUpperCase()),
    ),
  ];
}

export function accountItem(account: CoinAccount): z.input<typeof coAccountItem> {
  const f = account.figures;
  return {
    symbol: account.coin,
    canUseAmount: ledgerText(account.available),
    totalAmount: ledgerText(account.available + account.locked + f.unrealized),
    totalMargin: ledgerText(f.crossMargin),
    isolateMargin: ledgerText(f.isolatedMargin),
    lockAmount: ledgerText(f.orderMargin),
    realizedAmount: ledgerText(f.realized),
    unRealizedAmount: ledgerText(f.unrealized),
    totalMarginRate: ledgerText(f.crossMarginRatio),
  };
}
