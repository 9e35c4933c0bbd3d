/**
 * The terms of a spot order beyond side, price and volume, shared by the web form and the server so both read them
 * the same way. `order/create`'s `type` mirrors the futures `order/order_create` convention (contract notes): 1
 * limit, 2 market, 3 IOC, 4 FOK, 5 post-only; 3 to 5 are limit orders with a time in force. A limit order of any of
 * those types becomes a stop-limit order with a `triggerPrice`: it waits off the book, its funds locked, until the
 * last trade price reaches the trigger, then enters as that limit order.
 */
export type SpotOrderType = 1 | 2 | 3 | 4 | 5;
/** How long a limit order stays: GTC rests, IOC cancels what it could not fill at once, FOK fills whole or not at all. */
export const TIME_IN_FORCE_NAMES = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForceName = (typeof TIME_IN_FORCE_NAMES)[number];

export interface SpotOrderTerms {
  /** 1 limit, 2 market: what the order is once it is on the book. */
  kind: 1 | 2;
  timeInForce: TimeInForceName;
  postOnly: boolean;
}

const termsByType: Record<SpotOrderType, SpotOrderTerms> = {
  1: { kind: 1, timeInForce: 'GTC', postOnly: false },
  2: { kind: 2, timeInForce: 'GTC', postOnly: false },
  3: { kind: 1, timeInForce: 'IOC', postOnly: false },
  4: { kind: 1, timeInForce: 'FOK', postOnly: false },
  5: { kind: 1, timeInForce: 'GTC', postOnly: true },
};

export const spotOrderTerms = (type: SpotOrderType): SpotOrderTerms => termsByType[type];

/** The `type` a stored order was placed with (for lists): its kind, time in force and post-only flag. */
export function spotOrderType(kind: number, timeInForce: string, postOnly: boolean): SpotOrderType {
  if (kind === 2) return 2;
  if (postOnly) return 5;
  return timeInForce === 'IOC' ? 3 : timeInForce === 'FOK' ? 4 : 1;
}

/**
 * Which way a stop-limit order waits (Binance's STOP_LOSS_LIMIT and TAKE_PROFIT_LIMIT): decided by its trigger
 * price against the last price when it is placed. `rises`: it fires when the last price climbs to the trigger
 * (a trigger above the last price), else when the price falls to it. A buy that waits for a rise is a stop, one
 * that waits for a fall a take-profit; a sell the other way round.
 */
export type TriggerDirection =
  | { ok: true; rises: boolean; kind: 'stop' | 'takeProfit' }
  | { ok: false; rule: 'trigger_no_last_price' | 'trigger_at_last_price' };

export function triggerDirection(
  side: 'BUY' | 'SELL',
  triggerPrice: string,
  lastPrice: string | null,
): TriggerDirection {
  if (lastPrice === null || compareDecimals(lastPrice, '0') <= 0) return { ok: false, rule: 'trigger_no_last_price' };
  const compared = compareDecimals(triggerPrice, lastPrice);
  if (compared === 0) return { ok: false, rule: 'trigger_at_last_price' };
  const rises = compared > 0;
  return { ok: true, rises, kind: rises === (side === 'BUY') ? 'stop' : 'takeProfit' };
}

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const digits = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(digits, '0'));
  const y = BigInt(bi + bf.padEnd(digits, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
