import { Reason } from './reasons.ts';

/**
 * Per-market trading rules, all in the engine's integer units: prices in ticks, quantities in lots,
 * notional in tick-lots (price × quantity). The server converts its decimals into these units.
 *
 * Range bounds that keep every sum exact in a JS number (< 2^53):
 * - prices are 1..MAX_PRICE (2^31 - 1) ticks;
 * - one order is at most maxQty lots (default 1e9): a side's total volume stays exact while it holds
 *   fewer than 9 million orders of maximum size;
 * - notional is never multiplied out: the minimum-notional test divides instead, and a quote amount is spent
 *   as lots × price ≤ the amount itself, which must be a safe integer.
 */
export interface MarketRules {
  /** A limit or trigger price must be a multiple of this many ticks. */
  priceStep: number;
  /** A quantity must be a multiple of this many lots. */
  qtyStep: number;
  minQty: number;
  maxQty: number;
  /** Minimum price × quantity of a limit order, and minimum quote amount of a market buy by quote. */
  minNotional: number;
  /** A limit price may be at most this many basis points away from the last trade price; 0 turns the band off. */
  bandBps: number;
  /** The merge steps (in ticks) a market publishes L2 depth at, e.g. [1, 10, 100] for 0.01, 0.1, 1. */
  depthSteps: readonly number[];
  /** Most levels per side in one L2 depth. */
  depthLevels: number;
}

export const MAX_PRICE = 2 ** 31 - 1;

const defaults: MarketRules = {
  priceStep: 1,
  qtyStep: 1,
  minQty: 1,
  maxQty: 1e9,
  minNotional: 0,
  bandBps: 0,
  depthSteps: [1],
  depthLevels: 150,
};

const isPositiveInt = (n: number): boolean => Number.isSafeInteger(n) && n > 0;

/** Fills in defaults and throws on rules that could not be enforced exactly (a configuration error). */
export function defineRules(partial: Partial<MarketRules> = {}): MarketRules {
  const rules = { ...defaults, ...partial };
  const positive = [rules.priceStep, rules.qtyStep, rules.minQty, rules.maxQty, rules.depthLevels, ...rules.depthSteps];
  if (!positive.every(isPositiveInt)) throw new Error('market rules: steps, sizes and depth must be positive integers');
  if (rules.maxQty > 2 ** 40) throw new Error('market rules: maxQty above 2^40 lots could overflow volume sums');
  if (!Number.isSafeInteger(rules.minNotional) || rules.minNotional < 0 || rules.minNotional >= 2 ** 52) {
    throw new Error('market rules: minNotional must be an integer in [0, 2^52)');
  }
  if (!Number.isSafeInteger(rules.bandBps) || rules.bandBps < 0 || rules.bandBps > 1e6) {
    throw new Error('market rules: bandBps must be an integer in [0, 1e6]');
  }
  return rules;
}

/** Exact ceil(a / b) for non-negative safe integers without a fractional intermediate. */
function ceilDiv(a: number, b: number): number {
  const r = a % b;
  return r === 0 ? a / b : (a - r) / b + 1;
}

export function checkQty(rules: MarketRules, qty: number): Reason {
  if (!Number.isSafeInteger(qty) || qty <= 0 || qty > rules.maxQty) return Reason.QtyRange;
  // A step of 1 is the common case; skipping the division is the point of testing it first.
  if (rules.qtyStep !== 1 && qty % rules.qtyStep !== 0) return Reason.Lot;
  if (qty < rules.minQty) return Reason.MinQty;
  return Reason.None;
}

export function checkPrice(rules: MarketRules, price: number): Reason {
  if (!Number.isSafeInteger(price) || price <= 0 || price > MAX_PRICE) return Reason.PriceRange;
  if (rules.priceStep !== 1 && price % rules.priceStep !== 0) return Reason.Tick;
  return Reason.None;
}

export function checkNotional(rules: MarketRules, price: number, qty: number): Reason {
  return rules.minNotional !== 0 && qty < ceilDiv(rules.minNotional, price) ? Reason.MinNotional : Reason.None;
}

/** lastPrice 0 means no trade yet, when no band applies. last × bps < 2^45, so the product is exact. */
export function checkBand(rules: MarketRules, price: number, lastPrice: number): Reason {
  if (rules.bandBps === 0 || lastPrice === 0) return Reason.None;
  const scaled = lastPrice * rules.bandBps;
  const band = (scaled - (scaled % 10_000)) / 10_000;
  return Math.abs(price - lastPrice) > band ? Reason.PriceBand : Reason.None;
}

/** Full validation of a limit order's quantity and price, first failing rule wins. */
export function checkLimit(rules: MarketRules, price: number, qty: number, lastPrice: number): Reason {
  return (
    checkQty(rules, qty) ||
    checkPrice(rules, price) ||
    checkNotional(rules, price, qty) ||
    checkBand(rules, price, lastPrice)
  );
}
