import { type ContractTerms, exactPnl, exactValue } from './contract-value.ts';
import { cmp, div, ledger, lowest, mul, type Ratio, ratio, sign } from './ratio.ts';

/**
 * Auto-deleveraging order: when the insurance fund cannot cover a bankrupt position, the opposite side's positions
 * are closed against it at its bankruptcy price, highest score first. As Binance ranks them, at the mark price:
 * - PnL% = unrealized PnL / |value at entry|; effective leverage = |value at mark| / margin balance;
 * - score = PnL% x effective leverage when PnL% > 0 (the most profitable and most leveraged go first), and
 *   PnL% / effective leverage otherwise, so every unprofitable position ranks below every profitable one;
 * - a position with no margin balance left has an infinite effective leverage: first when profitable, score 0
 *   (PnL% / infinity) otherwise;
 * - the quantile shown (1..5 lights) of a position among its side's n positions ranked by score, the first at
 *   index 0: 5 - floor(5 i / n), with i the index of the first position of equal score (equal scores, equal lights).
 * Scores are exact; ties in the queue go to the lower id, so the order is reproducible.
 */
export interface AdlPosition<Id> {
  id: Id;
  /** Signed contracts. */
  qty: bigint;
  entry: bigint;
  /** The position's margin balance at mark (cross: the account's), as liquidation.ts computes it. */
  marginBalance: bigint;
}

export type AdlScore = Ratio | 'infinite';

export interface AdlRank<Id> {
  id: Id;
  score: AdlScore;
  quantile: 1 | 2 | 3 | 4 | 5;
}

export function adlScore<Id>(terms: ContractTerms, p: AdlPosition<Id>, mark: bigint): AdlScore {
  const pnlShare = div(exactPnl(terms, p.qty, p.entry, mark), exactValue(terms, p.qty, p.entry));
  const profitable = sign(pnlShare) > 0;
  if (p.marginBalance <= 0n) return profitable ? 'infinite' : ratio(0n);
  // PnL% x |mark value| / margin balance, or PnL% x margin balance / |mark value|.
  const leverage = div(exactValue(terms, p.qty, mark), ledger(p.marginBalance));
  return lowest(profitable ? mul(pnlShare, leverage) : div(pnlShare, leverage));
}

/** Highest first; `infinite` above every number. */
export function compareScores(a: AdlScore, b: AdlScore): number {
  if (a === 'infinite' || b === 'infinite') return a === b ? 0 : a === 'infinite' ? -1 : 1;
  return -cmp(a, b);
}

/** Each side's queue, the first to be deleveraged first, with each position's quantile. */
export function adlRanking<Id extends string | number | bigint>(
  terms: ContractTerms,
  positions: readonly AdlPosition<Id>[],
  mark: bigint,
): { long: AdlRank<Id>[]; short: AdlRank<Id>[] } {
  const rank = (side: readonly AdlPosition<Id>[]): AdlRank<Id>[] => {
    const scored = side
      .map((p) => ({ id: p.id, score: adlScore(terms, p, mark) }))
      .sort((a, b) => compareScores(a.score, b.score) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const n = scored.length;
    let first = 0;
    return scored.map((s, i) => {
      if (i > 0 && compareScores((scored[i - 1] as (typeof scored)[number]).score, s.score) !== 0) first = i;
      return { ...s, quantile: (5 - Math.floor((5 * first) / n)) as AdlRank<Id>['quantile'] };
    });
  };
  return { long: rank(positions.filter((p) => p.qty > 0n)), short: rank(positions.filter((p) => p.qty < 0n)) };
}
