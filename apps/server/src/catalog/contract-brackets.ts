import Big from 'big.js';

/**
 * A contract's leverage brackets as the operator gives them: each tier's position value cap (margin coin), its
 * maximum leverage and maintenance margin rate. Larger positions must take less leverage and keep more margin.
 */
export interface BracketTier {
  maxNotional: string;
  maxLeverage: number;
  maintenanceRate: string;
}

export const MAX_TIERS = 20;
export const MAX_LEVERAGE = 200;

/** Why the ladder cannot be used, or null when it can. */
export function ladderProblem(tiers: readonly BracketTier[]): string | null {
  if (tiers.length === 0 || tiers.length > MAX_TIERS) return `give 1 to ${MAX_TIERS} tiers`;
  for (const [i, tier] of tiers.entries()) {
    const n = i + 1;
    const rate = new Big(tier.maintenanceRate);
    if (!new Big(tier.maxNotional).gt(0)) return `tier ${n}: the position value cap must be more than 0`;
    if (!Number.isInteger(tier.maxLeverage) || tier.maxLeverage < 1 || tier.maxLeverage > MAX_LEVERAGE)
      return `tier ${n}: the leverage must be a whole number from 1 to ${MAX_LEVERAGE}`;
    // Maintenance must stay below the initial margin at the tier's leverage, or a position opens liquidatable.
    if (!rate.gt(0) || !rate.times(tier.maxLeverage).lt(1))
      return `tier ${n}: the maintenance rate must be above 0 and below 1/leverage (${new Big(1).div(tier.maxLeverage).toFixed(6)})`;
    const before = tiers[i - 1];
    if (!before) continue;
    if (!new Big(tier.maxNotional).gt(before.maxNotional))
      return `tier ${n}: the position value cap must rise above tier ${i}'s`;
    if (tier.maxLeverage >= before.maxLeverage) return `tier ${n}: the leverage must fall below tier ${i}'s`;
    if (rate.lt(before.maintenanceRate)) return `tier ${n}: the maintenance rate must not fall below tier ${i}'s`;
  }
  return null;
}

/**
 * Each tier's cumulative maintenance amount, so that maintenance margin = value x rate - amount is continuous where
 * tiers meet: amount(n) = amount(n-1) + cap(n-1) x (rate(n) - rate(n-1)). Exact: products of decimals.
 */
export function cumulativeAmounts(tiers: readonly BracketTier[]): string[] {
  let amount = new Big(0);
  return tiers.map((tier, i) => {
    const before = tiers[i - 1];
    if (before)
      amount = amount.plus(
        new Big(before.maxNotional).times(new Big(tier.maintenanceRate).minus(before.maintenanceRate)),
      );
    return amount.toFixed();
  });
}
