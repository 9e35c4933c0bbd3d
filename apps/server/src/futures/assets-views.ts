import type { coAccountItem } from '@opex/contract/calls/co-account';
import type { coPositionItem } from '@opex/contract/calls/co-position';
import type { z } from 'zod';
import type { Contract } from '../catalog/contracts.ts';
import { type FuturesAccounts, futuresAccountsOf } from '../core/futures/futures-rules.ts';
import { ledgerFixed, ledgerText } from '../ledger/ledger-units.ts';
import type { Services } from '../services.ts';
import { type ContractMarks, contractsBySymbol } from './contract-books.ts';
import { type CoinAccount, futuresAccount } from './futures-account.ts';

export type PositionItem = z.input<typeof coPositionItem>;
export type AccountItem = z.input<typeof coAccountItem>;

/** The account a call's `simulated` flag names: the simulated one only when asked. */
export const accountOf = (simulated: unknown): FuturesAccounts['user'] => (String(simulated) === '1' ? 'co_sim' : 'co');

/**
 * A user's futures positions and accounts on `account` (real or simulated) as position/get_assets_list answers them:
 * what that call, account_balance and the futures socket's private channels serve. `coins`: the margin coins of the
 * live contracts traded on that account (shown without a balance).
 */
export async function userAssets(
  services: Services,
  userId: number,
  marks: ContractMarks,
  account: FuturesAccounts['user'],
): Promise<{ positionList: PositionItem[]; accountList: AccountItem[]; coins: string[] }> {
  const contracts = await contractsBySymbol(services);
  const traded = [...contracts.values()].filter((c) => futuresAccountsOf(c.contract_type).user === account);
  const coins = [...new Set(traded.map((c) => c.margin_coin.toUpperCase()))];
  const accounts = await futuresAccount(services, userId, marks, coins, account);
  return {
    positionList: accounts.flatMap((account) => positionItems(account, contracts)),
    accountList: accounts.map(accountItem),
    coins,
  };
}

/** A margin coin's open positions as the original's Position items (those of a contract no longer listed are left out). */
function positionItems(account: CoinAccount, contracts: ReadonlyMap<string, Contract>): PositionItem[] {
  return account.positions.flatMap((v) => {
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
  });
}

/** A margin coin's futures account as the original's Account item. */
function accountItem(account: CoinAccount): AccountItem {
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
