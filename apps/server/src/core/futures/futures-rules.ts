import type { Selectable } from 'kysely';
import type { ContractBracketsTable, ContractsTable } from '../../db/tables/futures.ts';
import { ledgerOf } from '../../ledger/ledger-units.ts';
import { type Bracket, buildBrackets } from './brackets.ts';
import type { ContractTerms } from './contract-value.ts';

/**
 * A futures contract as the core trades it (MarketSpec.futures). The contract's book is a core market named by the
 * contract in lower case (`e-btc-usdt`) whose lot is one contract (volume precision 0); money is in the margin coin,
 * held in the user's `co` account. Amounts, prices and rates are ledger units.
 */
export interface FuturesRules {
  contractId: number;
  /** `E-BTC-USDT`. */
  contractName: string;
  /** E, W, N, M, Q, S or H. */
  contractType: string;
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
