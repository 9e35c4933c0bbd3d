/**
 * How the loan pages read loans and their repayments: the pager's cap (the original's loan page showed at most 30
 * pages) and the repayment kinds' locale keys (lever/return/info `type`, contract RepaymentType).
 */
import { RepaymentType } from '@opex/contract/calls/lever';

export const LOAN_PAGES_MAX = 30;

/** The record count the pager is given: never more than LOAN_PAGES_MAX pages. */
export function cappedCount(count: number, pageSize: number): number {
  return Math.min(count, LOAN_PAGES_MAX * pageSize);
}

const repaymentKeys: Record<number, string> = {
  [RepaymentType.manual]: 'manual',
  [RepaymentType.autoRepay]: 'autoRepay',
  [RepaymentType.liquidation]: 'liquidation',
  [RepaymentType.insurance]: 'insurance',
};

/** margin.repayment.<key>; an unknown kind reads as "other". */
export const repaymentKey = (type: number) => repaymentKeys[type] ?? 'other';

const loanStatusKeys: Record<number, string> = { 1: 'open', 2: 'repaid', 3: 'liquidated', 4: 'shortfall' };

/** margin.loanStatus.<key>, by contract LoanStatus. */
export const loanStatusKey = (status: number) => loanStatusKeys[status] ?? 'other';
