import { type ContractTerms, exactValue } from './contract-value.ts';
import {
  add,
  clamp,
  div,
  floorDiv,
  ledger,
  lowest,
  maxOf,
  minOf,
  mul,
  neg,
  ONE,
  type Ratio,
  ratio,
  sign,
  sub,
  truncLedger,
} from './ratio.ts';

/**
 * Funding of perpetual contracts. Rates and amounts in ledger units (0.0001 = 10^14); book quantities in contracts.
 *
 * - impact notional N = 200 quote / initial margin rate at the maximum leverage = 200 x max leverage (quote coin,
 *   for inverse contracts too: one contract is `multiplier` quote there);
 * - impact bid (ask) = the average price of filling N against the bids (asks): N / the base coin it buys, the
 *   harmonic mean of the levels' prices weighted by the quote each gives; none when the book holds less than N;
 * - premium sample P = (max(0, impact bid - index) - max(0, index - impact ask)) / index, rounded towards zero;
 * - rate F = avg(P) + clamp(I - avg(P), -0.05%, +0.05%), I = 0.01% x interval hours / 8, then clamped to +-cap
 *   (default 0.75%), rounded towards zero (neither side gains by the rounding);
 * - payment = position value at mark x F, paid by longs to shorts when F > 0 and the other way when F < 0.
 *   Each position's amount is rounded down to the margin coin's unit: payers pay the exact amount rounded up,
 *   receivers get it rounded down, and what that leaves (less than one unit per position) goes to the insurance
 *   fund, so a settlement is exactly zero-sum with the fund included.
 */
export type BookLevel = readonly [price: bigint, qty: bigint];

export const DEFAULT_FUNDING_CAP = 75n * 10n ** 14n;
/** 0.01% per 8 hours. */
const INTEREST_PER_8H = ledger(10n ** 14n);
/** The interest part of an interval's rate, I = 0.01% x interval hours / 8, in ledger units. */
export const interestRate = (intervalHours: bigint): bigint =>
  truncLedger(mul(INTEREST_PER_8H, ratio(intervalHours, 8n)));
const PREMIUM_BAND = ledger(5n * 10n ** 14n);

/** N = 200 quote units / (1 / max leverage). */
export const impactNotional = (maxLeverage: bigint): bigint => 200n * ONE * maxLeverage;

/** The average fill price of `notional` (quote) against levels best first; null when they hold less. */
export function impactPrice(terms: ContractTerms, levels: readonly BookLevel[], notional: bigint): Ratio | null {
  let left = ledger(notional);
  let base = ratio(0n);
  for (const [price, qty] of levels) {
    const quote = terms.kind === 'linear' ? exactValue(terms, qty, price) : ledger(qty * terms.multiplier);
    const take = minOf(quote, left);
    base = add(base, div(take, ledger(price)));
    left = sub(left, take);
    if (sign(left) === 0) return lowest(div(ledger(notional), base));
  }
  return null;
}

export interface Book {
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
}

/** One premium sample; null when either side of the book is thinner than the impact notional (no sample). */
export function premiumSample(terms: ContractTerms, book: Book, index: bigint, notional: bigint): bigint | null {
  const bid = impactPrice(terms, book.bids, notional);
  const ask = impactPrice(terms, book.asks, notional);
  if (!bid || !ask) return null;
  const idx = ledger(index);
  const zero = ratio(0n);
  return truncLedger(div(sub(maxOf(sub(bid, idx), zero), maxOf(sub(idx, ask), zero)), idx));
}

/** F from the interval's premium samples (none: F = I). */
export function fundingRate(samples: readonly bigint[], intervalHours: bigint, cap = DEFAULT_FUNDING_CAP): bigint {
  const average = samples.length
    ? ratio(
        samples.reduce((a, b) => a + b, 0n),
        BigInt(samples.length) * ONE,
      )
    : ratio(0n);
  const interest = mul(INTEREST_PER_8H, ratio(intervalHours, 8n));
  const rate = add(average, clamp(sub(interest, average), neg(PREMIUM_BAND), PREMIUM_BAND));
  return truncLedger(clamp(rate, neg(ledger(cap)), ledger(cap)));
}

/** What a signed position receives (negative: pays) at `mark` and rate F, exactly. */
export const exactFundingPayment = (terms: ContractTerms, qty: bigint, mark: bigint, rate: bigint): Ratio =>
  mul(mul(exactValue(terms, qty, mark), ledger(rate)), ratio(qty > 0n ? -1n : 1n));

export interface Settlement<Id> {
  /** What each position receives (negative: pays), in whole units of the margin coin. */
  payments: { id: Id; amount: bigint }[];
  /** The leftover of the rounding, at least 0: to the insurance fund. Payments plus this sum to zero. */
  insurance: bigint;
}

/**
 * Settles one funding of a contract's open positions (longs and shorts in equal contracts, as open interest always
 * is) in a margin coin of `scale` decimals.
 */
export function settleFunding<Id>(
  terms: ContractTerms,
  positions: readonly { id: Id; qty: bigint }[],
  mark: bigint,
  rate: bigint,
  scale: number,
): Settlement<Id> {
  if (positions.reduce((a, p) => a + p.qty, 0n) !== 0n) throw new RangeError('long and short open interest differ');
  const unit = 10n ** BigInt(18 - scale);
  let total = 0n;
  const payments = positions.map(({ id, qty }) => {
    const exact = exactFundingPayment(terms, qty, mark, rate);
    const amount = floorDiv(exact.n * ONE, exact.d * unit) * unit;
    total += amount;
    return { id, amount };
  });
  return { payments, insurance: -total };
}
