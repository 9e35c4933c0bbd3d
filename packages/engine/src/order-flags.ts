import type { OrderKind, SelfTradePrevention, Side, TimeInForce, TriggerKind } from './commands.ts';

/**
 * An order's attributes packed into one small integer, so a resting order costs two bytes for all of them.
 * Bit layout: side 0, kind 1, tif 2-3, postOnly 4, stp 5-6, trigger 7-8, byQuote 9, pending trigger 10.
 * The layout is part of the snapshot format: change it only with a snapshot version bump.
 */

export const BY_QUOTE = 1 << 9;
export const PENDING = 1 << 10;

export function packFlags(
  side: Side,
  kind: OrderKind,
  tif: TimeInForce,
  postOnly: boolean,
  stp: SelfTradePrevention,
  trigger: TriggerKind,
  byQuote: boolean,
): number {
  return (
    side |
    (kind << 1) |
    (tif << 2) |
    (postOnly ? 1 << 4 : 0) |
    (stp << 5) |
    (trigger << 7) |
    (byQuote ? BY_QUOTE : 0) |
    (trigger === 0 ? 0 : PENDING)
  );
}

export const sideOf = (flags: number): Side => (flags & 1) as Side;
export const kindOf = (flags: number): OrderKind => ((flags >> 1) & 1) as OrderKind;
export const tifOf = (flags: number): TimeInForce => ((flags >> 2) & 3) as TimeInForce;
export const isPostOnly = (flags: number): boolean => (flags & (1 << 4)) !== 0;
export const stpOf = (flags: number): SelfTradePrevention => ((flags >> 5) & 3) as SelfTradePrevention;
export const triggerOf = (flags: number): TriggerKind => ((flags >> 7) & 3) as TriggerKind;
