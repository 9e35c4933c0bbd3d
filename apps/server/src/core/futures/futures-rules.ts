import type { Selectable } from 'kysely';
import type { ContractBracketsTable, ContractsTable } from '../../db/tables/futures.ts';
import { ledgerOf } from '../../ledger/ledger-units.ts';
import { type Bracket, buildBrackets } from './brackets.ts';
import type { ContractTerms } from './contract-value.ts';

/**
 * The ledger accounts a contract's money moves through: the user's margin account, the counterparty of realized PnL,
 * the insurance fund and where fees go. Simulated contracts (type S) have their own, so test money never reaches a
 * real balance, the real insurance fund or the exchange's fee income.
 */
export interface FuturesAccounts {
  user: 'co' | 'co_sim';
  clearing: 'futures_clearing' | 'sim_clearing';
  insurance: 'futures_insurance' | 'sim_insurance';
  fee: 'fee' | 'sim_fee';
}

export const REAL_FUTURES_ACCOUNTS: FuturesAccounts = {
  user: 'co',
  clearing: 'futures_clearing',
  insurance: 'futures_insurance',
  fee: 'fee',
};
export const SIM_FUTURES_ACCOUNTS: FuturesAccounts = {
  user: 'co_sim',
  clearing: 'sim_clearing',
  insurance: 'sim_insurance',
  fee: 'sim_fee',
};

/** The simulated contract type: traded with coupon money in `co_sim`. */
export const SIMULATED_TYPE = 'S';

export const futuresAccountsOf = (contractType: string): FuturesAccounts =>
  contractType === SIMULATED_TYPE ? SIM_FUTURES_ACCOUNTS : REAL_FUTURES_ACCOUNTS;

const simulatedAccounts = new Set<string>([...Object.values(SIM_FUTURES_ACCOUNTS), 'sim_faucet']);
/** Whether a ledger account holds simulated trading's test money. */
export const isSimulatedAccount = (account: string): boolean => simulatedAccounts.has(account);

/** Whether a ledger account is a user's futures margin account (real or simulated). */
export const isFuturesUserAccount = (account: string): boolean => account === 'co' || account === 'co_sim';

/**
 * A futures contract as the core trades it (MarketSpec.futures). The contract's book is a core market named by the
 * contract in lower case (`e-btc-usdt`) whose lot is one contract (volume precision 0); money is in the margin coin,
 * held in the user's account of `accounts` (`co`, or `co_sim` for a simulated contract). Amounts, prices and rates
 * are ledger units.
 */
export interface FuturesRules {
  contractId: number;
  /** `E-BTC-USDT`. */
  contractName: string;
  /** E, W, N, M, Q, S or H. */
  contractType: string;
  accounts: FuturesAccounts;
  terms: ContractTerms;
  marginCoin: string;
  /** Digits of the margin coin: fees and margins are truncated to them. */
  marginScale: number;
  /** Whole contracts. */
  minOrderVolume: bigint;
  maxLimitVolume: bigint;
  /** A market order's value bounds in the quote coin (0: none). */
  minOrderMoney: bigint;
  maxMarketMoney: bigint;
  /** Largest fraction a limit price may stray from the last price on the costly side (0: none). */
  priceRange: bigint;
  /** Empty until the operator sets brackets: no leverage is offered then, and no order is taken. */
  brackets: Bracket[];
}

/** The market symbol of a contract's book. */
export const futuresSymbol = (contractName: string) => contractName.toLowerCase();

export function futuresRules(
  contract: Selectable<ContractsTable>,
  brackets: readonly Selectable<ContractBracketsTable>[],
  marginScale: number,
): FuturesRules {
  return {
    contractId: contract.id,
    contractName: contract.contract_name,
    contractType: contract.contract_type,
    accounts: futuresAccountsOf(contract.contract_type),
    terms: { kind: contract.contract_side === 1 ? 'linear' : 'inverse', multiplier: ledgerOf(contract.multiplier) },
    marginCoin: contract.margin_coin.toUpperCase(),
    marginScale,
    minOrderVolume: BigInt(contract.min_order_volume),
    maxLimitVolume: BigInt(contract.max_limit_volume),
    minOrderMoney: ledgerOf(contract.min_order_money || '0'),
    maxMarketMoney: ledgerOf(contract.max_market_money || '0'),
    priceRange: ledgerOf(contract.price_range || '0'),
    brackets: brackets.length
      ? buildBrackets(
          [...brackets]
            .sort((a, b) => a.tier - b.tier)
            .map((b) => ({
              maxNotional: ledgerOf(b.max_notional),
              maxLeverage: BigInt(b.max_leverage),
              maintenanceRate: ledgerOf(b.maintenance_rate),
            })),
        )
      : [],
  };
}
