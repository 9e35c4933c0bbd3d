/**
 * The futures calculator's math (docs/futures-formulas.md, the server's core/futures/liquidation.ts and brackets.ts):
 * a trade's initial margin, PnL and ROE; the exit price for a target ROE; the liquidation price of one position from
 * the contract's brackets; the most that may be opened. Exact big.js arithmetic; each figure is worked out as one
 * fraction and rounded once, at the end, in the direction the server rounds (against the trader).
 */
import type { CallReply } from '@opex/contract/call';
import type { getLadderInfo } from '@opex/contract/calls/co-common';
import Big from 'big.js';
import type { Contract, CoUnit } from './contracts.ts';
import { contractsFor, maxOpenValue, type Side, toContracts } from './futures-order-form.ts';

export type LadderTier = CallReply<typeof getLadderInfo>['ladderList']['ladderList'][number];
type Terms = Pick<Contract, 'contractSide' | 'multiplier' | 'marginRate'>;

/** Truncates towards zero at the precision's decimals: the one division Big does before the exact correction. */
const Truncating = Big();
Truncating.RM = Big.roundDown;

/** a / b at `digits` decimals, rounded exactly: 'down' towards minus infinity, 'up' towards plus infinity. */
export function divide(a: Big, b: Big, digits: number, rounding: 'down' | 'up'): Big {
  Truncating.DP = digits;
  const cut = new Truncating(a).div(b);
  if (cut.times(b).eq(a)) return new Big(cut);
  const negative = a.lt(0) !== b.lt(0);
  const tick = new Big(1).div(new Big(10).pow(digits));
  if (rounding === 'up' && !negative) return new Big(cut).plus(tick);
  if (rounding === 'down' && negative) return new Big(cut).minus(tick);
  return new Big(cut);
}

const sideSign = (side: Side) => (side === 'BUY' ? 1 : -1);
const linear = (terms: Terms) => terms.contractSide === 1;
/** The size Q of whole contracts: contracts x multiplier (base coin for linear, quote coin for inverse). */
const sizeOf = (contracts: Big, terms: Terms) => contracts.times(terms.multiplier);

export interface PnlResult {
  /** Initial margin: value at entry x marginRate / leverage, rounded up (margin coin). */
  margin: Big;
  /** PnL from entry to exit, rounded down (margin coin). */
  pnl: Big;
  /** PnL / initial margin as a percentage, exactly, rounded down at 2 decimals. */
  roe: Big;
}

/**
 * A trade from entry to exit. Linear: margin Q EP mr / L, PnL s Q (X - EP); inverse: margin Q mr / (EP L),
 * PnL s Q (1/EP - 1/X) = s Q (X - EP) / (EP X). ROE, the one over the other, is quantity-free:
 * s (X - EP) L / (EP mr) linear, s (X - EP) L / (X mr) inverse.
 */
export function tradePnl(
  terms: Terms,
  input: { side: Side; entry: Big; exit: Big; contracts: Big; leverage: number },
  moneyDigits: number,
): PnlResult {
  const { entry, exit, leverage } = input;
  const s = sideSign(input.side);
  const size = sizeOf(input.contracts, terms);
  const move = exit.minus(entry).times(s);
  const isLinear = linear(terms);
  const margin = isLinear
    ? divide(size.times(entry).times(terms.marginRate), new Big(leverage), moneyDigits, 'up')
    : divide(size.times(terms.marginRate), entry.times(leverage), moneyDigits, 'up');
  const pnl = isLinear
    ? size.times(move).round(moneyDigits, Big.roundDown)
    : divide(size.times(move), entry.times(exit), moneyDigits, 'down');
  const roe = divide(move.times(leverage).times(100), (isLinear ? entry : exit).times(terms.marginRate), 2, 'down');
  return { margin, pnl: pnl.eq(0) ? new Big(0) : pnl, roe: roe.eq(0) ? new Big(0) : roe };
}

/**
 * The exit price at which a trade earns `roePercent` of its initial margin (quantity-free). Linear:
 * X = EP (L + s r mr) / L; inverse: X = EP L / (L - s r mr), r the ROE as a fraction. Rounded so the ROE is reached
 * (a long's up, a short's down); null when no positive price gives it.
 */
export function targetPrice(
  terms: Terms,
  input: { side: Side; entry: Big; roePercent: Big; leverage: number },
  priceDigits: number,
): Big | null {
  const s = sideSign(input.side);
  const L = new Big(input.leverage);
  const gain = input.roePercent.div(100).times(terms.marginRate).times(s);
  const [top, bottom] = linear(terms) ? [input.entry.times(L.plus(gain)), L] : [input.entry.times(L), L.minus(gain)];
  if (top.lte(0) || bottom.lte(0)) return null;
  return divide(top, bottom, priceDigits, s > 0 ? 'up' : 'down');
}

/** A bracket with its floor and its cum worked out exactly (brackets.ts's buildBrackets). */
interface Bracket {
  floor: Big;
  cap: Big;
  mmr: Big;
  cum: Big;
}

/**
 * The ladder's tiers as brackets: each covers (the cap below, its cap]; cum_1 = 0 and
 * cum_i = cum_(i-1) + cap_(i-1) (mmr_i - mmr_(i-1)), exact (the ladder's maintenanceAmount is rounded down).
 */
export function bracketsOf(tiers: readonly LadderTier[]): Bracket[] {
  const brackets: Bracket[] = [];
  for (const tier of tiers) {
    const below = brackets[brackets.length - 1];
    const mmr = new Big(tier.minMarginRate);
    const floor = below?.cap ?? new Big(0);
    const cum = below ? below.cum.plus(floor.times(mmr.minus(below.mmr))) : new Big(0);
    brackets.push({ floor, cap: new Big(tier.maxPositionValue), mmr, cum });
  }
  return brackets;
}

/**
 * The liquidation price of one position backed by `balance` (isolated: its margin; cross: the wallet balance, the
 * account holding no other position). Linear: LP = (B + cum - s Q EP) / (Q mmr - s Q); inverse:
 * LP = EP Q (mmr + s) / (EP (B + cum) + s Q). The bracket is the one the notional at that price falls in (Q LP, or
 * Q / LP), tried from the first as the server does. Rounded so it triggers no later: a long's up, a short's down;
 * null when no positive price crosses the line (or there are no brackets).
 */
export function liquidationPrice(
  terms: Terms,
  tiers: readonly LadderTier[],
  input: { side: Side; entry: Big; contracts: Big; balance: Big },
  priceDigits: number,
): Big | null {
  const s = sideSign(input.side);
  const size = sizeOf(input.contracts, terms);
  const { entry, balance } = input;
  if (size.lte(0)) return null;
  const brackets = bracketsOf(tiers);
  for (const [i, b] of brackets.entries()) {
    let [n, d] = linear(terms)
      ? [balance.plus(b.cum).minus(size.times(entry).times(s)), size.times(b.mmr.minus(s))]
      : [entry.times(size).times(b.mmr.plus(s)), entry.times(balance.plus(b.cum)).plus(size.times(s))];
    if (d.eq(0)) continue;
    if (d.lt(0)) [n, d] = [n.neg(), d.neg()];
    if (n.lte(0)) continue;
    // The notional at n / d, compared as a fraction: Q n / d linear, Q d / n inverse.
    const [top, bottom] = linear(terms) ? [size.times(n), d] : [size.times(d), n];
    if (top.lt(b.floor.times(bottom))) continue;
    if (i < brackets.length - 1 && top.gt(b.cap.times(bottom))) continue;
    return divide(n, d, priceDigits, s > 0 ? 'up' : 'down');
  }
  return null;
}

/**
 * The most contracts a balance opens at `entry` and `leverage`: value x (marginRate / leverage + taker fee) within
 * the balance, and the value within the bracket cap of that leverage (the order form's max openable).
 */
export function maxOpenable(
  contract: Contract,
  input: { entry: Big; balance: string; leverage: number },
  leverCeiling: Record<string, string>,
): Big | null {
  const value = maxOpenValue(input.balance, input.leverage, contract.marginRate, leverCeiling, contract.takerFee);
  return value && input.entry.gt(0) ? contractsFor(value, input.entry, contract) : null;
}

export type CalculatorTab = 'pnl' | 'target' | 'liquidation' | 'maxOpen';

/** The calculator's fields as typed (quantity in the page's unit; ROE in percent, may be negative). */
export interface CalculatorFields {
  side: Side;
  leverage: string;
  entry: string;
  exit: string;
  quantity: string;
  roe: string;
  balance: string;
}

export interface CalculatorContext {
  contract: Contract;
  unit: CoUnit;
  tiers: readonly LadderTier[];
  leverCeiling: Record<string, string>;
  /** The contract's highest leverage (the ladder's); the leverage field is a whole number from 1 to it. */
  maxLeverage: number;
}

/** The figures shown, as decimal strings at the contract's decimals; absent until their fields are filled in. */
export interface CalculatorResults {
  leverageProblem: boolean;
  margin?: string;
  pnl?: string;
  roe?: string;
  /** Target and liquidation prices: null when no positive price gives one. */
  target?: string | null;
  liquidation?: string | null;
  /** Whole contracts. */
  maxOpen?: string;
}

const amount = (value: string, signed = false): Big | null => {
  const text = value.trim();
  return (signed ? /^-?\d+(\.\d+)?$/ : /^\d+(\.\d+)?$/).test(text) ? new Big(text) : null;
};
const above0 = (value: Big | null): value is Big => !!value?.gt(0);

/** The figures of every tab from the fields typed: each needs only its own fields. */
export function calculatorResults(fields: CalculatorFields, ctx: CalculatorContext): CalculatorResults {
  const { contract } = ctx;
  const priceDigits = contract.coinResultVo.symbolPricePrecision;
  const moneyDigits = contract.coinResultVo.marginCoinPrecision;
  const leverage = Number(fields.leverage);
  const leverageOk = /^\d+$/.test(fields.leverage.trim()) && leverage >= 1 && leverage <= ctx.maxLeverage;
  const entry = amount(fields.entry);
  const exit = amount(fields.exit);
  const contracts = toContracts(fields.quantity, ctx.unit, contract.multiplier);
  const roe = amount(fields.roe, true);
  const balance = amount(fields.balance);
  const results: CalculatorResults = { leverageProblem: fields.leverage.trim() !== '' && !leverageOk };
  if (leverageOk && above0(entry) && above0(exit) && above0(contracts)) {
    const r = tradePnl(contract, { side: fields.side, entry, exit, contracts, leverage }, moneyDigits);
    results.margin = r.margin.toFixed(moneyDigits);
    results.pnl = r.pnl.toFixed(moneyDigits);
    results.roe = r.roe.toFixed(2);
  }
  if (leverageOk && above0(entry) && roe)
    results.target =
      targetPrice(contract, { side: fields.side, entry, roePercent: roe, leverage }, priceDigits)?.toFixed(
        priceDigits,
      ) ?? null;
  if (above0(entry) && above0(contracts) && balance)
    results.liquidation =
      liquidationPrice(contract, ctx.tiers, { side: fields.side, entry, contracts, balance }, priceDigits)?.toFixed(
        priceDigits,
      ) ?? null;
  if (leverageOk && above0(entry) && balance)
    results.maxOpen = maxOpenable(contract, { entry, balance: balance.toFixed(), leverage }, ctx.leverCeiling)?.toFixed(
      0,
    );
  return results;
}
