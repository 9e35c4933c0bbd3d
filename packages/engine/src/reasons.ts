/** Why an order or command was rejected or cancelled. Each rule violation has its own reason. */
export const Reason = {
  None: 0,
  User: 1,
  Unfilled: 2,
  FokUnfilled: 3,
  SelfTrade: 4,
  PostOnly: 5,
  DuplicateId: 6,
  UnknownOrder: 7,
  NotResting: 8,
  Invalid: 9,
  PriceRange: 10,
  Tick: 11,
  QtyRange: 12,
  Lot: 13,
  MinQty: 14,
  MinNotional: 15,
  PriceBand: 16,
  TriggerCrossed: 17,
} as const;
export type Reason = (typeof Reason)[keyof typeof Reason];

export const reasonNames = [
  'none',
  'user',
  'unfilled',
  'fok_unfilled',
  'self_trade',
  'post_only',
  'duplicate_id',
  'unknown_order',
  'not_resting',
  'invalid',
  'price_range',
  'tick',
  'qty_range',
  'lot',
  'min_qty',
  'min_notional',
  'price_band',
  'trigger_crossed',
] as const;
export type ReasonName = (typeof reasonNames)[number];
