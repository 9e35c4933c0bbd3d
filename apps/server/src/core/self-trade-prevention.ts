import { SelfTradePrevention } from '@opex/engine/commands';

/**
 * Self-trade prevention in Binance's names, decided by the incoming order when it would trade with a resting order
 * of the same user: EXPIRE_TAKER expires the incoming order's rest, EXPIRE_MAKER expires the resting order and goes
 * on matching, EXPIRE_BOTH expires both; NONE lets the two trade. Every web order uses the default.
 */
export const STP_MODES = ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'] as const;
export type StpMode = (typeof STP_MODES)[number];

export const DEFAULT_STP_MODE: StpMode = 'EXPIRE_TAKER';

/** The engine's mode for each (the engine names them by which order goes: the newest is the taker). */
export const engineStp: Record<StpMode, SelfTradePrevention> = {
  NONE: SelfTradePrevention.None,
  EXPIRE_TAKER: SelfTradePrevention.CancelNewest,
  EXPIRE_MAKER: SelfTradePrevention.CancelOldest,
  EXPIRE_BOTH: SelfTradePrevention.CancelBoth,
};

export const isStpMode = (value: string): value is StpMode => (STP_MODES as readonly string[]).includes(value);
