import { add, cmp, floorLedger, ledger, mul, ONE, type Ratio, ratio } from './ratio.ts';

/**
 * The mark price, which values positions for PnL, margin and liquidation (so one trade far from the index cannot
 * liquidate anyone): the median of
 * - a = index x (1 + last funding rate x time to the next funding / funding interval),
 * - b = index + the 30-second moving average of (mid - index) (just the index while no sample is in the window),
 * - c = the last trade price,
 * exact, then rounded down to ledger units. Prices and the rate in ledger units; times in ms.
 */
export const BASIS_WINDOW_MS = 30_000;

/** The (mid - index) samples of the last 30 seconds, oldest first. */
export interface BasisWindow {
  samples: readonly { at: number; basis: bigint }[];
}

export const emptyBasis: BasisWindow = { samples: [] };

/** The window with a sample at `at` added and those 30 s older than it dropped; samples come in time order. */
export function addBasis(window: BasisWindow, at: number, basis: bigint): BasisWindow {
  const last = window.samples[window.samples.length - 1];
  if (last && at < last.at) throw new RangeError('basis samples must come in time order');
  return { samples: [...inWindow(window, at), { at, basis }] };
}

/** The mean of the samples within 30 s before `now` (exact); null when there are none. */
export function basisAverage(window: BasisWindow, now: number): Ratio | null {
  const samples = inWindow(window, now);
  if (samples.length === 0) return null;
  return ratio(
    samples.reduce((a, s) => a + s.basis, 0n),
    BigInt(samples.length) * ONE,
  );
}

const inWindow = (window: BasisWindow, now: number) => window.samples.filter((s) => s.at > now - BASIS_WINDOW_MS);

export interface MarkInputs {
  index: bigint;
  last: bigint;
  fundingRate: bigint;
  msToFunding: number;
  intervalMs: number;
  /** basisAverage of the window now. */
  basis: Ratio | null;
}

export function markPrice(m: MarkInputs): bigint {
  const index = ledger(m.index);
  const remaining = ratio(BigInt(m.msToFunding), BigInt(m.intervalMs));
  const a = mul(index, add(ratio(1n), mul(ledger(m.fundingRate), remaining)));
  const b = m.basis ? add(index, m.basis) : index;
  const [, median] = [a, b, ledger(m.last)].sort(cmp);
  return floorLedger(median as Ratio);
}
