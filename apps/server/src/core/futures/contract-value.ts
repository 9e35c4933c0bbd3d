import { add, ceilLedger, div, floorLedger, ledger, mul, ONE, type Ratio, ratio, sub } from './ratio.ts';

/**
 * What futures contracts are worth. Quantities are whole contracts (a bigint count; a position's is signed: above
 * zero long, below zero short); prices (quote per base), multipliers and amounts are ledger units (10^-18).
 *
 * - linear (USDT-margined): one contract is `multiplier` base coin; value = qty x multiplier x price, in the quote
 *   coin, which is also the margin coin; PnL = qty x multiplier x (exit - entry).
 * - inverse (coin-margined): one contract is `multiplier` quote coin (e.g. 100 USD); value = qty x multiplier / price,
 *   in the base coin, the margin coin; PnL = qty x multiplier x (1/entry - 1/exit).
 *
 * Both are one shape, which the other futures formulas use: with the size Q = |qty| x multiplier, the variable
 * v = price (linear) or 1/price (inverse) and the entry's e, value = Q x v and PnL = sigma x Q x (v - e), where sigma
 * is the position's side (+1 long, -1 short) for linear and the opposite for inverse.
 */
export type ContractKind = 'linear' | 'inverse';

export interface ContractTerms {
  kind: ContractKind;
  /** Base coin per contract (linear) or quote coin per contract (inverse), in ledger units. */
  multiplier: bigint;
}

/** A position in one contract: signed whole contracts and the average entry price (0 when flat). */
export interface Position {
  qty: bigint;
  entry: bigint;
}

export const FLAT: Position = { qty: 0n, entry: 0n };

const abs = (v: bigint) => (v < 0n ? -v : v);
const sideOf = (qty: bigint): 1n | -1n => (qty < 0n ? -1n : 1n);

/** Q = |qty| x multiplier: base coin (linear) or quote coin (inverse). */
export const sizeOf = (terms: ContractTerms, qty: bigint): Ratio => ledger(abs(qty) * terms.multiplier);
/** v: the price itself (linear) or its inverse (inverse), exact. */
export const priceVariable = (terms: ContractTerms, price: bigint): Ratio =>
  terms.kind === 'linear' ? ledger(price) : ratio(ONE, price);
/** sigma: how the margin moves with v; +1 when it grows with v. */
export const sigmaOf = (terms: ContractTerms, qty: bigint): bigint =>
  terms.kind === 'linear' ? sideOf(qty) : -sideOf(qty);

/** The exact value of |qty| contracts at `price`, in the margin coin. */
export const exactValue = (terms: ContractTerms, qty: bigint, price: bigint): Ratio =>
  mul(sizeOf(terms, qty), priceVariable(terms, price));

/**
 * The notional of |qty| contracts at `price` in the margin coin, rounded up: notional sets margin requirements, so
 * rounding never lowers them.
 */
export const notional = (terms: ContractTerms, qty: bigint, price: bigint): bigint =>
  ceilLedger(exactValue(terms, qty, price));

/** The exact PnL of a signed `qty` opened at `entry` and valued or closed at `exit`, in the margin coin. */
export function exactPnl(terms: ContractTerms, qty: bigint, entry: bigint, exit: bigint): Ratio {
  // A flat position has no entry (0), so no 1/entry either.
  if (qty === 0n) return ratio(0n);
  const move = sub(priceVariable(terms, exit), priceVariable(terms, entry));
  return mul(mul(sizeOf(terms, qty), move), ratio(sigmaOf(terms, qty)));
}

/** PnL rounded down: a gain is never overstated and a loss never understated. */
export const pnl = (terms: ContractTerms, qty: bigint, entry: bigint, exit: bigint): bigint =>
  floorLedger(exactPnl(terms, qty, entry, exit));

export interface FillResult {
  position: Position;
  /** Contracts of the old position the fill closed (0 when it only added). */
  closedQty: bigint;
  /** PnL of the closed contracts at the fill price, rounded down. */
  realizedPnl: bigint;
}

/**
 * A position after a fill of signed `fillQty` contracts at `price`:
 * - same side (or from flat): it grows, and the entry becomes the average of the old and the new contracts, weighted
 *   by value for linear (sum q x p / sum q) and harmonic for inverse (sum q / sum (q / p)), so the position's value at
 *   entry is the sum of what its parts cost. Rounded against the holder (a long's entry up, a short's down): the
 *   rounding never adds to their PnL;
 * - opposite side, not past zero: it shrinks and keeps its entry; the closed part's PnL is realized;
 * - opposite side past zero: it closes whole (PnL realized) and the rest opens the other side at `price`.
 */
export function applyFill(terms: ContractTerms, position: Position, fillQty: bigint, price: bigint): FillResult {
  const { qty, entry } = position;
  if (fillQty === 0n) return { position, closedQty: 0n, realizedPnl: 0n };
  if (qty === 0n || sideOf(qty) === sideOf(fillQty)) {
    return {
      position: { qty: qty + fillQty, entry: averageEntry(terms, position, fillQty, price) },
      closedQty: 0n,
      realizedPnl: 0n,
    };
  }
  const rest = qty + fillQty;
  // All of the old position closes unless the fill leaves some of it on the same side.
  const closedQty = rest !== 0n && sideOf(rest) === sideOf(qty) ? abs(fillQty) : abs(qty);
  const realizedPnl = pnl(terms, sideOf(qty) * closedQty, entry, price);
  if (rest === 0n) return { position: FLAT, closedQty, realizedPnl };
  // Past zero the remainder is a new position on the other side, entered at the fill price.
  return { position: { qty: rest, entry: sideOf(rest) === sideOf(qty) ? entry : price }, closedQty, realizedPnl };
}

function averageEntry(terms: ContractTerms, { qty, entry }: Position, addQty: bigint, price: bigint): bigint {
  if (qty === 0n) return price;
  const [q1, q2] = [abs(qty), abs(addQty)];
  const average =
    terms.kind === 'linear'
      ? div(ledger(q1 * entry + q2 * price), ratio(q1 + q2))
      : div(ratio(q1 + q2), add(ratio(q1 * ONE, entry), ratio(q2 * ONE, price)));
  return qty > 0n ? ceilLedger(average) : floorLedger(average);
}
