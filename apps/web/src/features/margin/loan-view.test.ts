import { describe, expect, it } from 'vitest';
import { cappedCount, loanStatusKey, repaymentKey } from './loan-view.ts';

describe('loan pages', () => {
  it('cap the pager at 30 pages', () => {
    expect(cappedCount(45, 10)).toBe(45);
    expect(cappedCount(1000, 10)).toBe(300);
  });

  it('name repayment kinds 1-4 and loan statuses 1-4, anything else "other"', () => {
    expect([1, 2, 3, 4, 9].map(repaymentKey)).toEqual(['manual', 'autoRepay', 'liquidation', 'insurance', 'other']);
    expect([1, 2, 3, 4, 7].map(loanStatusKey)).toEqual(['open', 'repaid', 'liquidated', 'shortfall', 'other']);
  });
});
