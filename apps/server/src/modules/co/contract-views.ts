import type { contractItem, getLadderInfo } from '@opex/contract/calls/co-common';
import type { z } from 'zod';
import { type Contract, type ContractBracket, contractTypes } from '../../catalog/contracts.ts';

/** Contracts and their brackets as the co host's calls give them (contract-notes-products.md §1.1). */

/** The order centre's families: simulated and hybrid apart, every real contract (perpetual or dated) as E. */
export const coType = (type: string) => (type === 'S' || type === 'H' ? type : 'E');

/** The original's marginRate: every contract here margins at its face value. */
const MARGIN_RATE = 1;

/**
 * The order centre's coType filter as the books it keeps (an empty family keeps none: '' matches no book); null:
 * no filter.
 */
export function familySymbols(contracts: ReadonlyMap<string, Contract>, family: string | undefined): string[] | null {
  if (!family) return null;
  return ['', ...[...contracts].filter(([, c]) => coType(c.contract_type) === family).map(([symbol]) => symbol)];
}

export function contractView(c: Contract, marginCoinPrecision: number): z.input<typeof contractItem> {
  return {
    id: c.id,
    contractName: c.contract_name,
    symbol: `${c.base}-${c.quote}`,
    contractType: c.contract_type,
    coType: coType(c.contract_type),
    contractSide: c.contract_side,
    deliveryKind: contractTypes[c.contract_type as keyof typeof contractTypes] ?? 0,
    base: c.base,
    quote: c.quote,
    marginCoin: c.margin_coin,
    multiplier: c.multiplier,
    multiplierCoin: c.multiplier_coin,
    marginRate: MARGIN_RATE,
    sort: c.sort,
    capitalStartTime: c.capital_start_time,
    capitalFrequency: c.capital_frequency,
    makerFee: c.maker_fee,
    takerFee: c.taker_fee,
    coinResultVo: {
      symbolPricePrecision: c.price_precision,
      marginCoinPrecision,
      fundsInStatus: c.funds_in_status,
      fundsOutStatus: c.funds_out_status,
      priceRange: c.price_range,
      maxMarketMoney: c.max_market_money,
      minOrderMoney: c.min_order_money,
      maxLimitVolume: c.max_limit_volume,
      minOrderVolume: c.min_order_volume,
      depth: c.depth_steps.split(','),
    },
  };
}

/** A contract's highest leverage: its first bracket's, 1x while it has none. */
export const topLeverage = (brackets: readonly ContractBracket[]): number => brackets[0]?.max_leverage ?? 1;

/** Each bracket's maximum leverage -> the most a position may be worth at it (the original's leverCeiling). */
export const leverCeiling = (brackets: readonly ContractBracket[]): Record<string, string> =>
  Object.fromEntries(brackets.map((b) => [String(b.max_leverage), b.max_notional]));

/** The ladder of brackets, each from the cap below it to its own. */
export function ladderView(brackets: readonly ContractBracket[]): z.input<(typeof getLadderInfo)['reply']> {
  return {
    ladderList: {
      ladderList: brackets.map((b, i) => ({
        minPositionValue: brackets[i - 1]?.max_notional ?? '0',
        maxPositionValue: b.max_notional,
        minMarginRate: b.maintenance_rate,
        maxLever: b.max_leverage,
        maintenanceAmount: b.cumulative_amount,
      })),
    },
    leverList: { minLever: 1, maxLever: topLeverage(brackets) },
    leverCeiling: leverCeiling(brackets),
  };
}
