import type { MarginCoinsTable, MarginPairsTable } from '../../db/tables/margin.ts';
import { ledgerOf } from '../../ledger/ledger-units.ts';

/**
 * A margin pair's rules, from the operator's settings (margin_pairs, margin_coins; the admin command `margin`), with
 * the defaults where the operator set none. Rates are fractions in ledger units (1.3 = 130% = 13 x 10^17).
 */
export interface MarginRules {
  /** The pair's maximum leverage (the catalogue's `multiple`). */
  multiple: bigint;
  warnRate: bigint;
  /** Money may not leave the margin account when that would take its risk rate below this. */
  transferRate: bigint;
  liquidationRate: bigint;
  /** How far from the index price a liquidation may trade (0.05: a sell no lower than 95% of it). */
  liquidationMargin: bigint;
  /** The pair's two coins: what they cost to borrow and the least loan. */
  coins: Map<string, LendingRules>;
}

export interface LendingRules {
  coin: string;
  /** Interest per day as a fraction, in ledger units. */
  dailyRate: bigint;
  /** The least loan, in ledger units. */
  minBorrow: bigint;
  /** The coin's decimals: loans and repayments are in whole units of 10^-scale. */
  scale: number;
}

export const MARGIN_DEFAULTS = {
  warnRate: '1.3',
  transferRate: '2',
  liquidationRate: '1.1',
  liquidationMargin: '0.05',
  dailyRate: '0.0002',
  /** The least loan when the operator set none: the coin's smallest unit. */
  minBorrow: null,
  /** A pair open for margin whose `multiple` is not set trades at this leverage. */
  multiple: 3,
} as const;

export function marginRules(
  multiple: number,
  pair: MarginPairsTable | undefined,
  coins: { coin: string; scale: number; row: MarginCoinsTable | undefined }[],
): MarginRules {
  return {
    multiple: BigInt(multiple >= 2 ? Math.floor(multiple) : MARGIN_DEFAULTS.multiple),
    warnRate: ledgerOf(pair?.warn_rate ?? MARGIN_DEFAULTS.warnRate),
    transferRate: ledgerOf(pair?.transfer_rate ?? MARGIN_DEFAULTS.transferRate),
    liquidationRate: ledgerOf(pair?.liquidation_rate ?? MARGIN_DEFAULTS.liquidationRate),
    liquidationMargin: ledgerOf(pair?.liquidation_margin ?? MARGIN_DEFAULTS.liquidationMargin),
    coins: new Map(
      coins.map(({ coin, scale, row }) => [
        coin,
        {
          coin,
          scale,
          dailyRate: ledgerOf(row?.daily_rate ?? MARGIN_DEFAULTS.dailyRate),
          minBorrow: row ? ledgerOf(row.min_borrow) : 10n ** BigInt(18 - scale),
        },
      ]),
    ),
  };
}
