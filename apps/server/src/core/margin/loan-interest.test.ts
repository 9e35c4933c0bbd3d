import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrue,
  borrow,
  dueInterest,
  INTEREST_DENOMINATOR,
  type Loan,
  newLoan,
  owedInFull,
  repay,
} from './loan-interest.ts';

const D = INTEREST_DENOMINATOR;
/** A coin scale and a daily rate as operators set them (0.0001% to 1% a day), in ledger units. */
const terms = fc.record({
  scale: fc.integer({ min: 0, max: 18 }),
  rate: fc.bigInt({ min: 10n ** 12n, max: 10n ** 16n }),
});
const step = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 90 * 86_400_000 }) }),
  fc.record({ kind: fc.constant('borrow' as const), units: fc.bigInt({ min: 1n, max: 10n ** 9n }) }),
  fc.record({ kind: fc.constant('repay' as const), share: fc.integer({ min: 1, max: 999 }) }),
);

/**
 * The reference: the exact interest as one numerator over D, summed per interval as a textbook would (principal x
 * rate x time), against the loan's running state; the final repay-all may round up by less than one unit.
 */
function run(scale: number, rate: bigint, steps: Step[]) {
  const unit = 10n ** BigInt(18 - scale);
  let loan: Loan = newLoan(0);
  let now = 0;
  let principal = 0n;
  let exact = 0n;
  let paidInterest = 0n;
  for (const s of steps) {
    if (s.kind === 'wait') {
      exact += principal * rate * BigInt(s.ms);
      now += s.ms;
      continue;
    }
    loan = accrue(loan, rate, now);
    if (s.kind === 'borrow') {
      loan = borrow(loan, s.units * unit);
      principal += s.units * unit;
      continue;
    }
    // A partial repayment of a share (in thousandths) of what is owed, in whole units.
    const amount = ((owedInFull(loan, scale) * BigInt(s.share)) / 1000n / unit) * unit;
    const paid = repay(loan, amount, scale);
    loan = paid.loan;
    principal -= paid.principalPaid;
    paidInterest += paid.interestPaid;
    expect(paid.interestPaid % unit).toBe(0n);
  }
  loan = accrue(loan, rate, now);
  // Interest paid, owed and carried is exactly the textbook interest.
  expect(paidInterest * D + loan.interest * D + loan.remainder).toBe(exact);
  expect(loan.principal).toBe(principal);
  // Repaying all leaves nothing owed and nothing carried; the round-up is below one unit of the coin.
  const owed = owedInFull(loan, scale);
  const settled = repay(loan, owed, scale);
  expect(settled.loan).toEqual({ principal: 0n, interest: 0n, remainder: 0n, since: now });
  const overpaid = (paidInterest + settled.interestPaid) * D - exact;
  expect(overpaid >= 0n && overpaid < unit * D).toBe(true);
  expect(settled.principalPaid).toBe(principal);
}
type Step = { kind: 'wait'; ms: number } | { kind: 'borrow'; units: bigint } | { kind: 'repay'; share: number };

describe('margin loan interest', () => {
  it('is exact to the smallest unit over random borrow, repay and time, and repaying all leaves no dust', () => {
    fc.assert(
      fc.property(terms, fc.array(step, { minLength: 1, maxLength: 12 }), ({ scale, rate }, steps) =>
        run(scale, rate, steps),
      ),
      { numRuns: 100_000 },
    );
  });

  it('accrues principal x daily rate x time / one day, carrying what the division leaves', () => {
    // 1,000 USDT at 0.05% a day for one hour: 0.0208333... USDT, the rest carried.
    const loan = accrue(borrow(newLoan(0), 1000n * 10n ** 18n), 5n * 10n ** 14n, 3_600_000);
    expect(loan.interest).toBe(20_833_333_333_333_333n);
    expect(loan.remainder).toBeGreaterThan(0n);
    // Accruing in one step or in 3,600 steps of a second gives the same.
    let stepped = borrow(newLoan(0), 1000n * 10n ** 18n);
    for (let t = 1000; t <= 3_600_000; t += 1000) stepped = accrue(stepped, 5n * 10n ** 14n, t);
    expect(stepped).toEqual(loan);
    expect(dueInterest(loan, 6)).toBe(20_833_000_000_000_000n);
    expect(owedInFull(loan, 6)).toBe(1000n * 10n ** 18n + 20_834_000_000_000_000n);
  });

  it('pays whole units of interest first, then principal', () => {
    const unit = 10n ** 12n; // a coin of 6 decimals
    const loan = accrue(borrow(newLoan(0), 100n * 10n ** 18n), 10n ** 16n, 86_400_000); // 1 a day: 1 owed
    const paid = repay(loan, 1_500_000n * unit, 6);
    expect([paid.interestPaid, paid.principalPaid]).toEqual([10n ** 18n, 500_000n * unit]);
    expect(() => repay(loan, owedInFull(loan, 6) + unit, 6)).toThrow(RangeError);
  });
});
