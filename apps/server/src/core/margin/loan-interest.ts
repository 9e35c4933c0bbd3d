import { LEDGER_DIGITS } from '../../ledger/ledger-units.ts';

/**
 * A margin loan's principal and interest, exact (amounts in ledger units, ledger-units.ts). Interest accrues for
 * every millisecond borrowed at the coin's daily rate: principal x rate x ms / 86,400,000 (the spec's "per second
 * x seconds / 86,400", to the millisecond). What that division leaves is carried as its remainder, never rounded, so
 * splitting time into any steps gives the same interest. The interest is due in the coin's whole units: a partial
 * repayment pays whole units of interest first, then principal; repaying all rounds the last fraction of a unit up,
 * so nothing owed is left behind, not even dust.
 */
export interface Loan {
  principal: bigint;
  /** Accrued and unpaid, in ledger units (finer than the coin's unit until it is paid). */
  interest: bigint;
  /** The numerator left over by the last accrual's division (below INTEREST_DENOMINATOR). */
  remainder: bigint;
  /** The moment accrued until (ms). */
  since: number;
}

const ONE = 10n ** BigInt(LEDGER_DIGITS);
const DAY_MS = 86_400_000n;
/** A daily rate in ledger units (0.0001 = 10^14) times a duration in ms, over this, gives ledger units of interest. */
export const INTEREST_DENOMINATOR = ONE * DAY_MS;

export const newLoan = (at: number): Loan => ({ principal: 0n, interest: 0n, remainder: 0n, since: at });

/** The loan with its interest accrued up to `at` (a moment before `since` accrues nothing). */
export function accrue(loan: Loan, dailyRate: bigint, at: number): Loan {
  if (at <= loan.since) return loan;
  const numerator = loan.principal * dailyRate * BigInt(at - loan.since) + loan.remainder;
  return {
    principal: loan.principal,
    interest: loan.interest + numerator / INTEREST_DENOMINATOR,
    remainder: numerator % INTEREST_DENOMINATOR,
    since: at,
  };
}

/** One unit of a coin with `scale` decimals, in ledger units. */
const unitOf = (scale: number) => 10n ** BigInt(LEDGER_DIGITS - scale);

/** The interest due in whole units of the coin now (what an hourly posting or a partial repayment can take). */
export function dueInterest(loan: Loan, scale: number): bigint {
  const unit = unitOf(scale);
  return (loan.interest / unit) * unit;
}

/** All that repaying everything takes: the principal and the interest rounded up to the coin's unit. */
export function owedInFull(loan: Loan, scale: number): bigint {
  const unit = unitOf(scale);
  const exact = loan.interest + (loan.remainder > 0n ? 1n : 0n);
  return loan.principal + ((exact + unit - 1n) / unit) * unit;
}

export function borrow(loan: Loan, amount: bigint): Loan {
  return { ...loan, principal: loan.principal + amount };
}

/**
 * Applies a repayment of `amount` (whole units of the coin, at most owedInFull) to an accrued loan: whole units of
 * interest first, then principal. Repaying what owedInFull says settles the loan to zero. Returns the loan and how
 * the amount split.
 */
export function repay(
  loan: Loan,
  amount: bigint,
  scale: number,
): { loan: Loan; interestPaid: bigint; principalPaid: bigint } {
  const full = owedInFull(loan, scale);
  if (amount > full) throw new RangeError('a repayment above what is owed');
  if (amount === full) {
    return {
      loan: { principal: 0n, interest: 0n, remainder: 0n, since: loan.since },
      interestPaid: full - loan.principal,
      principalPaid: loan.principal,
    };
  }
  const interestPaid = amount < dueInterest(loan, scale) ? amount : dueInterest(loan, scale);
  const principalPaid = amount - interestPaid;
  if (principalPaid > loan.principal) throw new RangeError('a repayment above what is owed');
  return {
    loan: { ...loan, principal: loan.principal - principalPaid, interest: loan.interest - interestPaid },
    interestPaid,
    principalPaid,
  };
}
