/**
 * Order-book levels for display: which levels changed since the last snapshot (they flash when the operator's
 * trade_depth_is_flash switch is on), running totals, and each level's share of the deepest side for its bar.
 */
import type { DepthRow } from '@opex/contract/realtime';
import Big from 'big.js';

/** Prices whose volume differs from the previous snapshot, or that are new in it. */
export function changedPrices(previous: readonly DepthRow[] | undefined, next: readonly DepthRow[]): Set<string> {
  const before = new Map(previous?.map(([price, vol]) => [price, vol]));
  const changed = new Set<string>();
  for (const [price, vol] of next) {
    const old = before.get(price);
    if (old === undefined || !new Big(old).eq(vol)) changed.add(price);
  }
  return changed;
}

export interface BookLevel {
  price: string;
  vol: string;
  /** Sum of volumes from the best level to this one. */
  total: string;
  /** total / the larger side's full total, 0..1, for the depth bar's width (geometry only). */
  share: number;
}

/** The first `count` levels of each side with running totals, both sides scaled to the deeper of the two. */
export function bookLevels(asks: readonly DepthRow[], buys: readonly DepthRow[], count: number) {
  const side = (rows: readonly DepthRow[]) => {
    let sum = new Big(0);
    return rows.slice(0, count).map(([price, vol]) => {
      sum = sum.plus(vol);
      return { price, vol, total: sum };
    });
  };
  const a = side(asks);
  const b = side(buys);
  const deepest = [a.at(-1)?.total, b.at(-1)?.total].reduce<Big>((m, t) => (t?.gt(m) ? t : m), new Big(0));
  const scaled = (levels: ReturnType<typeof side>): BookLevel[] =>
    levels.map((l) => ({
      price: l.price,
      vol: l.vol,
      total: l.total.toFixed(),
      share: deepest.gt(0) ? Number(l.total.div(deepest).toFixed(4)) : 0,
    }));
  return { asks: scaled(a), buys: scaled(b) };
}

/** Decimals a merge step shows ("0.01" -> 2, "1" -> 0, "10" -> 0). */
export function stepDecimals(step: string): number {
  const fraction = step.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}
