import { type Bracket, maintenanceMargin } from './brackets.ts';
import { type ContractTerms, notional, pnl, priceVariable, sigmaOf, sizeOf } from './contract-value.ts';
import { ceilDiv, ceilLedger, cmp, div, floorLedger, ledger, mul, ONE, type Ratio, ratio, sign, sub } from './ratio.ts';

/**
 * One position's risk: margin balance, maintenance, margin ratio, liquidation and bankruptcy price. Amounts are in the
 * margin coin, in ledger units; the mark price decides (never the last price).
 *
 * The margin that backs the position, B:
 * - isolated: the position's own margin;
 * - cross: the account's wallet balance W plus the other positions' unrealized PnL U, less (for liquidation only)
 *   their maintenance M; the other positions are taken as they are now (given inputs), as Binance's formula does.
 * margin balance = B + the position's PnL at mark; it is liquidatable when margin balance <= maintenance (cross:
 * the account's margin balance <= all positions' maintenance). Margin ratio = maintenance / margin balance.
 *
 * In contract-value.ts's one shape (size Q, v = price or 1/price, e the entry's v, sigma), with the bracket's mmr
 * and cum: margin balance(v) = B + sigma Q (v - e) and maintenance(v) = Q v mmr - cum, so
 * - liquidation: v = (sigma Q e - B - cum) / (Q (sigma - mmr)), the tier being the one the notional Q v falls in
 *   (maintenance is continuous and rises slower than the margin, so exactly one tier holds the root). This is
 *   Binance's LP = (W - M + U + cum - side Q EP) / (Q mmr - side Q) for linear, and
 *   LP = (Q mmr + side Q) / (W - M + U + cum + side Q / EP) for inverse;
 * - bankruptcy (margin balance zero): v = e - B / (sigma Q), with B leaving out the others' maintenance.
 * Both are exact, then rounded so they trigger no later: a long's up, a short's down. Null when no positive price
 * crosses (a long that holds its full value, a short whose margin covers any rise of an inverse contract, or a
 * position already past the line at every price): isLiquidatable always decides.
 *
 * Fees are not in these formulas (as in Binance's); the margin held for closing fees is the caller's to add to B.
 */
export type MarginBacking =
  | { mode: 'isolated'; margin: bigint }
  | { mode: 'cross'; wallet: bigint; othersMaintenance: bigint; othersPnl: bigint };

export interface PositionRisk {
  terms: ContractTerms;
  brackets: readonly Bracket[];
  /** Signed whole contracts: long above zero. */
  qty: bigint;
  entry: bigint;
  backing: MarginBacking;
}

/** B for the margin balance: what backs the position besides its own PnL. */
const backingBalance = (b: MarginBacking) => (b.mode === 'isolated' ? b.margin : b.wallet + b.othersPnl);
const othersMaintenance = (b: MarginBacking) => (b.mode === 'isolated' ? 0n : b.othersMaintenance);

/** Margin balance at `mark` (cross: the account's), the PnL rounded down. */
export const marginBalance = (p: PositionRisk, mark: bigint): bigint =>
  backingBalance(p.backing) + pnl(p.terms, p.qty, p.entry, mark);

/** The position's maintenance margin at `mark`, rounded up. */
export const maintenanceAt = (p: PositionRisk, mark: bigint): bigint =>
  maintenanceMargin(p.brackets, notional(p.terms, p.qty, mark));

/** Maintenance that the margin balance must exceed: the position's, and the others' under cross margin. */
const requiredAt = (p: PositionRisk, mark: bigint) => maintenanceAt(p, mark) + othersMaintenance(p.backing);

/** Liquidatable at `mark`: margin balance at or below maintenance (both rounded against the trader). */
export const isLiquidatable = (p: PositionRisk, mark: bigint): boolean =>
  p.qty !== 0n && marginBalance(p, mark) <= requiredAt(p, mark);

/** Maintenance / margin balance as a fraction in ledger units, rounded up; null when no margin balance is left. */
export function marginRatio(p: PositionRisk, mark: bigint): bigint | null {
  const balance = marginBalance(p, mark);
  return balance <= 0n ? null : ceilDiv(requiredAt(p, mark) * ONE, balance);
}

interface Shape {
  size: Ratio;
  sigma: bigint;
  e: Ratio;
}
const shapeOf = (p: PositionRisk): Shape => ({
  size: sizeOf(p.terms, p.qty),
  sigma: sigmaOf(p.terms, p.qty),
  e: priceVariable(p.terms, p.entry),
});

/** The price at which margin balance meets maintenance; null when none does (see above). */
export function liquidationPrice(p: PositionRisk): bigint | null {
  if (p.qty === 0n) return null;
  const { size, sigma, e } = shapeOf(p);
  const balance = ledger(backingBalance(p.backing) - othersMaintenance(p.backing));
  const last = p.brackets.length - 1;
  for (const [i, b] of p.brackets.entries()) {
    // v = (sigma Q e - B - cum) / (Q (sigma - mmr))
    const top = sub(sub(mul(ratio(sigma), mul(size, e)), balance), b.cumExact);
    const v = div(top, mul(size, sub(ratio(sigma), ledger(b.maintenanceRate))));
    if (sign(v) <= 0) continue;
    const at = mul(size, v);
    if (cmp(at, ledger(b.floor)) < 0 || (i < last && cmp(at, ledger(b.maxNotional)) > 0)) continue;
    return priceFrom(p, v);
  }
  return null;
}

/** The price at which the margin balance is zero; null when no positive price takes it all. */
export function bankruptcyPrice(p: PositionRisk): bigint | null {
  if (p.qty === 0n) return null;
  const { size, sigma, e } = shapeOf(p);
  // v = e - B / (sigma Q)
  const v = sub(e, div(ledger(backingBalance(p.backing)), mul(ratio(sigma), size)));
  return sign(v) > 0 ? priceFrom(p, v) : null;
}

/** The price for v, rounded so a long's trigger is no lower and a short's no higher than the exact one. */
function priceFrom(p: PositionRisk, v: Ratio): bigint {
  const price = p.terms.kind === 'linear' ? v : div(ratio(1n), v);
  return p.qty > 0n ? ceilLedger(price) : floorLedger(price);
}
