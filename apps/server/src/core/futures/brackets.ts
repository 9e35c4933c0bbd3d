import { ledgerText } from '../../ledger/ledger-units.ts';
import { add, ceilDiv, ceilLedger, floorLedger, ledger, mul, ONE, type Ratio, ratio, sub } from './ratio.ts';

/**
 * Leverage brackets: notional tiers, each with its maximum leverage and maintenance margin rate (mmr). Notional is in
 * the margin coin (quote for linear, base for inverse); amounts and rates in ledger units (0.004 = 4 x 10^15).
 *
 * - tier i covers notional in (cap of tier i-1, cap of tier i]; the last tier's rate also applies beyond its cap
 *   (a position the price pushed past it), but no leverage is allowed there;
 * - cumulative maintenance amount (Binance's "cum"): cum_1 = 0, cum_i = cum_(i-1) + cap_(i-1) x (mmr_i - mmr_(i-1)),
 *   so maintenance = notional x mmr - cum is one continuous line across tiers;
 * - initial margin = notional / leverage, rounded up;
 * - maintenance margin = notional x mmr - cum, rounded up: requirements never round in the trader's favour.
 */
export interface TierInput {
  maxNotional: bigint;
  /** A whole number of times. */
  maxLeverage: bigint;
  maintenanceRate: bigint;
}

export interface Bracket extends TierInput {
  /** The cap of the tier below (0 for the first). */
  floor: bigint;
  /** cum exactly (cap x rate products have up to 36 decimals; kept exact so maintenance is exactly continuous). */
  cumExact: Ratio;
  /** cum in ledger units, rounded down, as pages and the ladder call show it. */
  cum: bigint;
}

/** Why the tiers cannot be brackets, naming the tier and the rule; null when they can. */
export function bracketsProblem(tiers: readonly TierInput[]): string | null {
  if (tiers.length === 0) return 'brackets need at least one tier';
  for (const [i, t] of tiers.entries()) {
    const at = `tier ${i + 1}`;
    const below = tiers[i - 1];
    if (t.maxNotional <= (below?.maxNotional ?? 0n)) return `${at}: max notional must be above the tier below's`;
    if (t.maxLeverage < 1n) return `${at}: max leverage must be at least 1`;
    if (below && t.maxLeverage > below.maxLeverage) return `${at}: max leverage may not exceed the tier below's`;
    if (t.maintenanceRate <= 0n) return `${at}: maintenance margin rate must be above 0`;
    if (below && t.maintenanceRate < below.maintenanceRate) {
      return `${at}: maintenance margin rate may not be below the tier below's`;
    }
    // Maintenance under initial margin, or a position opened at full leverage would be liquidatable at once.
    if (t.maintenanceRate * t.maxLeverage >= ONE)
      return `${at}: maintenance margin rate must be below 1 / max leverage`;
  }
  return null;
}

/** The brackets of valid tiers (bracketsProblem null), with each tier's floor and cum. */
export function buildBrackets(tiers: readonly TierInput[]): Bracket[] {
  const problem = bracketsProblem(tiers);
  if (problem) throw new RangeError(problem);
  const brackets: Bracket[] = [];
  let cumExact = ratio(0n);
  for (const [i, t] of tiers.entries()) {
    const below = tiers[i - 1];
    if (below)
      cumExact = add(cumExact, mul(ledger(below.maxNotional), ledger(t.maintenanceRate - below.maintenanceRate)));
    brackets.push({ ...t, floor: below?.maxNotional ?? 0n, cumExact, cum: floorLedger(cumExact) });
  }
  return brackets;
}

/** The bracket a notional falls in: the first whose cap it does not exceed, else the last. */
export function bracketOf(brackets: readonly Bracket[], notional: bigint): Bracket {
  return brackets.find((b) => notional <= b.maxNotional) ?? (brackets[brackets.length - 1] as Bracket);
}

/** Initial margin of a notional at a leverage, rounded up. */
export const initialMargin = (notional: bigint, leverage: bigint): bigint => ceilDiv(notional, leverage);

/** The exact maintenance margin of a notional: notional x mmr - cum of its bracket (0 for no notional). */
export function exactMaintenance(brackets: readonly Bracket[], notional: Ratio): Ratio {
  if (notional.n <= 0n) return ratio(0n);
  const b = bracketOf(brackets, ceilLedger(notional));
  return sub(mul(notional, ledger(b.maintenanceRate)), b.cumExact);
}

/** Maintenance margin of a notional in ledger units, rounded up. */
export const maintenanceMargin = (brackets: readonly Bracket[], notional: bigint): bigint =>
  ceilLedger(exactMaintenance(brackets, ledger(notional)));

/** The largest notional a leverage may hold: the cap of the last tier that allows it (0 when none does). */
export function maxNotionalAt(brackets: readonly Bracket[], leverage: bigint): bigint {
  let cap = 0n;
  for (const b of brackets) if (b.maxLeverage >= leverage) cap = b.maxNotional;
  return cap;
}

/** Why a leverage is not allowed for a notional (naming the rule), or null when it is. */
export function leverageProblem(brackets: readonly Bracket[], notional: bigint, leverage: bigint): string | null {
  const top = brackets[0]?.maxLeverage ?? 0n;
  if (leverage < 1n || leverage > top) return `leverage must be a whole number from 1 to ${top}`;
  const cap = maxNotionalAt(brackets, leverage);
  if (notional > cap) return `leverage ${leverage} allows a notional of at most ${ledgerText(cap)}`;
  return null;
}
