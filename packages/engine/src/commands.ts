/**
 * Commands the caller sends to an order book. All numbers are integers:
 * prices in ticks, quantities in lots, quote amounts in tick-lots (price ticks × lots),
 * ids and owners are caller-assigned safe integers (database ids fit), ts is the caller's clock.
 * The enum-like objects are plain numbers so a hot caller can reuse one command object.
 */

export const Side = { Buy: 0, Sell: 1 } as const;
export type Side = (typeof Side)[keyof typeof Side];

export const OrderKind = { Limit: 0, Market: 1 } as const;
export type OrderKind = (typeof OrderKind)[keyof typeof OrderKind];

/** Market orders ignore time in force: whatever they cannot fill at once is cancelled. */
export const TimeInForce = { GTC: 0, IOC: 1, FOK: 2 } as const;
export type TimeInForce = (typeof TimeInForce)[keyof typeof TimeInForce];

/** Decided by the incoming (taker) order when it meets a resting order of the same owner. */
export const SelfTradePrevention = { None: 0, CancelNewest: 1, CancelOldest: 2, CancelBoth: 3 } as const;
export type SelfTradePrevention = (typeof SelfTradePrevention)[keyof typeof SelfTradePrevention];

/**
 * Stop: a buy fires when the last trade price rises to the trigger, a sell when it falls to it.
 * Take-profit: the opposite directions.
 */
export const TriggerKind = { None: 0, Stop: 1, TakeProfit: 2 } as const;
export type TriggerKind = (typeof TriggerKind)[keyof typeof TriggerKind];

export interface PlaceCommand {
  type: 'place';
  id: number;
  owner: number;
  ts: number;
  side: Side;
  kind: OrderKind;
  /**
   * Limit price in ticks. For a market order, its protection price: it takes nothing priced beyond it (a buy above,
   * a sell below) and its rest is cancelled as unfilled; 0 or absent: the whole book.
   */
  price?: number;
  /** Lots. Zero for a market buy by quote amount. */
  qty: number;
  /** Market buy by quote amount, in tick-lots; zero otherwise. */
  quote?: number;
  tif?: TimeInForce;
  postOnly?: boolean;
  stp?: SelfTradePrevention;
  trigger?: TriggerKind;
  triggerPrice?: number;
}

export interface CancelCommand {
  type: 'cancel';
  id: number;
  ts: number;
}

/**
 * Only resting orders can be amended. qty is the new remaining quantity: a smaller one at the same price keeps
 * the order's place in its queue; a new price or a larger quantity re-enters it as a new GTC limit (it may trade).
 */
export interface AmendCommand {
  type: 'amend';
  id: number;
  ts: number;
  price: number;
  qty: number;
}

export type Command = PlaceCommand | CancelCommand | AmendCommand;
