import Big from 'big.js';

/**
 * The withdraw form's sums and checks, apart from React: the amount the address receives, the fee on top, what
 * leaves the balance, and why the form cannot be sent yet (one reason, the first that applies).
 */
export interface WithdrawLimits {
  available: string;
  fee: string;
  minAmount: string;
  dailyLimit: string;
  usedToday: string;
  scale: number;
}

export type WithdrawProblem = 'amountMissing' | 'belowMinimum' | 'overBalance' | 'overDailyLimit' | 'precision';

export interface WithdrawSums {
  /** Amount plus fee: what leaves the available balance. */
  total: string;
  /** What may still be withdrawn today. */
  leftToday: string;
  /** The largest amount the balance and today's limit allow (the fee on top), never below zero. */
  max: string;
  problem: WithdrawProblem | null;
}

const atLeastZero = (value: Big) => (value.lt(0) ? new Big(0) : value);
const isDecimal = (value: string) => /^\d+(\.\d+)?$/.test(value);

export function withdrawSums(amount: string, limits: WithdrawLimits): WithdrawSums {
  const fee = new Big(limits.fee);
  const leftToday = atLeastZero(new Big(limits.dailyLimit).minus(limits.usedToday));
  const byBalance = atLeastZero(new Big(limits.available).minus(fee));
  const max = (byBalance.lt(leftToday) ? byBalance : leftToday).round(limits.scale, Big.roundDown);
  const base = { leftToday: leftToday.toFixed(), max: max.toFixed() };
  if (!isDecimal(amount) || new Big(amount).eq(0)) return { ...base, total: fee.toFixed(), problem: 'amountMissing' };
  const value = new Big(amount);
  const total = value.plus(fee);
  const decimals = value.toFixed().split('.')[1]?.length ?? 0;
  const problem: WithdrawProblem | null =
    decimals > limits.scale
      ? 'precision'
      : value.lt(limits.minAmount)
        ? 'belowMinimum'
        : total.gt(limits.available)
          ? 'overBalance'
          : value.gt(leftToday)
            ? 'overDailyLimit'
            : null;
  return { ...base, total: total.toFixed(), problem };
}
