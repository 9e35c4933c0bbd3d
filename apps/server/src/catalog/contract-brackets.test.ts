import { describe, expect, it } from 'vitest';
import { type BracketTier, cumulativeAmounts, ladderProblem } from './contract-brackets.ts';

const tier = (maxNotional: string, maxLeverage: number, maintenanceRate: string): BracketTier => ({
  maxNotional,
  maxLeverage,
  maintenanceRate,
});

describe('leverage brackets', () => {
  it('carry the maintenance amount so maintenance margin meets at each cap', () => {
    // Worked by hand: 50000 x (0.005 - 0.004) = 50; 50 + 250000 x (0.01 - 0.005) = 1300.
    const tiers = [tier('50000', 125, '0.004'), tier('250000', 100, '0.005'), tier('1000000', 50, '0.01')];
    expect(ladderProblem(tiers)).toBeNull();
    expect(cumulativeAmounts(tiers)).toEqual(['0', '50', '1300']);
    // At the first cap both tiers' formulas give 200: 50000 x 0.004 - 0 and 50000 x 0.005 - 50.
  });

  it('refuse a ladder that does not rise, or a rate the leverage cannot keep', () => {
    expect(ladderProblem([])).toMatch(/1 to 20 tiers/);
    expect(ladderProblem([tier('100', 125, '0.008')])).toMatch(
      /tier 1: maintenance margin rate must be below 1 \/ max leverage/,
    );
    expect(ladderProblem([tier('100', 0, '0.01')])).toMatch(/tier 1: max leverage must be at least 1/);
    expect(ladderProblem([tier('100', 201, '0.001')])).toMatch(/tier 1: max leverage may be at most 200/);
    expect(ladderProblem([tier('0', 10, '0.01')])).toMatch(/tier 1: max notional must be above/);
    expect(ladderProblem([tier('100', 20, '0.01'), tier('100', 10, '0.02')])).toMatch(
      /tier 2: max notional must be above/,
    );
    expect(ladderProblem([tier('100', 20, '0.01'), tier('200', 25, '0.02')])).toMatch(
      /tier 2: max leverage may not exceed/,
    );
    expect(ladderProblem([tier('100', 20, '0.02'), tier('200', 10, '0.01')])).toMatch(
      /tier 2: maintenance margin rate may not be below/,
    );
  });
});
