import { bracketsProblem, buildBrackets, type TierInput } from '../core/futures/brackets.ts';
import { ledgerText, parseLedger } from '../ledger/ledger-units.ts';

/**
 * A contract's leverage brackets as the operator gives them: each tier's position value cap (margin coin), its
 * maximum leverage and maintenance margin rate. The rules and the cumulative maintenance amounts are the core's
 * (core/futures/brackets.ts), so what the operator stores is what the risk checks compute with; this adds only the
 * limits of what an operator may enter.
 */
export interface BracketTier {
  maxNotional: string;
  maxLeverage: number;
  maintenanceRate: string;
}

export const MAX_TIERS = 20;
export const MAX_LEVERAGE = 200;

/** The tiers in ledger units, or why they cannot be (more than 18 decimals). */
function tierInputs(tiers: readonly BracketTier[]): TierInput[] | string {
  const inputs: TierInput[] = [];
  for (const [i, t] of tiers.entries()) {
    const maxNotional = parseLedger(t.maxNotional);
    const maintenanceRate = parseLedger(t.maintenanceRate);
    if (maxNotional === null || maintenanceRate === null) return `tier ${i + 1}: at most 18 decimals`;
    inputs.push({ maxNotional, maxLeverage: BigInt(t.maxLeverage), maintenanceRate });
  }
  return inputs;
}

/** Why the ladder cannot be used, naming the tier and the rule, or null when it can. */
export function ladderProblem(tiers: readonly BracketTier[]): string | null {
  if (tiers.length === 0 || tiers.length > MAX_TIERS) return `give 1 to ${MAX_TIERS} tiers`;
  const tooHigh = tiers.findIndex((t) => t.maxLeverage > MAX_LEVERAGE);
  if (tooHigh >= 0) return `tier ${tooHigh + 1}: max leverage may be at most ${MAX_LEVERAGE}`;
  const inputs = tierInputs(tiers);
  return typeof inputs === 'string' ? inputs : bracketsProblem(inputs);
}

/** Each tier's cumulative maintenance amount (Binance's "cum"), as stored and served. */
export function cumulativeAmounts(tiers: readonly BracketTier[]): string[] {
  const inputs = tierInputs(tiers);
  if (typeof inputs === 'string') throw new RangeError(inputs);
  return buildBrackets(inputs).map((b) => ledgerText(b.cum));
}
