import { type BandRefusal, belowMinValue, priceBand } from '@opex/contract/spot-order-rules';
import { notional, toUnits, unitsToBig } from './decimal-units.ts';
import { MAX_TICKS, type MarketSpec } from './market-spec.ts';
import type { OrderIntent } from './order-rules.ts';

/**
 * The market's guards against orders too small to matter and prices far from the market, both operator-set per
 * market (0 turns one off):
 * - Minimum order value, in the quote coin: a limit order's price × amount; a market buy's amount to spend; a market
 *   order by quantity, that quantity at the last trade price (none before the first trade). Binance's NOTIONAL
 *   filter with applyMinToMarket and avgPriceMins 0 (the last price).
 * - Price band around the last trade price: a limit buy at most last × (1 + up%), a limit sell at least
 *   last × (1 − down%), each edge rounded inwards to a whole tick; a market order takes nothing beyond that edge and
 *   its rest expires. A buy below or a sell above the last price only rests, so it is not bounded. No band before
 *   a market's first trade: there is no price to hold it to. Binance's PERCENT_PRICE_BY_SIDE with avgPriceMins 0.
 * A stop order's price is checked when it is placed, like any limit price. The decimal rules (the value's minimum,
 * the band's edges) are the contract's (spot-order-rules.ts), which the web form checks too.
 */
export type GuardRefusal = 'below_min_value' | BandRefusal;

export interface BandEdges {
  /** Highest price a buy may have or take, in ticks; 0: no edge. */
  buyMax: number;
  /** Lowest price a sell may have or take, in ticks; 0: no edge. */
  sellMin: number;
}

/** The band's edges at the last price `lastTicks` (0: no trade yet, so no band), in ticks. */
export function bandEdges(spec: MarketSpec, lastTicks: number): BandEdges {
  const band = priceBand(spec, lastTicks === 0 ? null : unitsToBig(lastTicks, spec.pricePrecision));
  const ticks = (edge: string | null) => {
    const units = edge === null ? null : toUnits(edge, spec.pricePrecision);
    return units?.ok ? units.units : 0;
  };
  return { buyMax: Math.min(ticks(band.buyMax), MAX_TICKS), sellMin: ticks(band.sellMin) };
}

/** The first guard a checked order breaks at the last price `lastTicks`, or null. */
export function checkGuards(spec: MarketSpec, intent: OrderIntent, lastTicks: number): GuardRefusal | null {
  const { pricePrecision: p, volumePrecision: v } = spec;
  const value =
    intent.type === 1
      ? notional(intent.ticks, intent.lots, p, v)
      : intent.quoteTickLots > 0
        ? unitsToBig(intent.quoteTickLots, p + v)
        : lastTicks > 0
          ? notional(lastTicks, intent.lots, p, v)
          : null;
  if (value !== null && belowMinValue(spec, value)) return 'below_min_value';
  if (intent.type !== 1) return null;
  const { buyMax, sellMin } = bandEdges(spec, lastTicks);
  if (intent.side === 'BUY' && buyMax > 0 && intent.ticks > buyMax) return 'buy_above_band';
  if (intent.side === 'SELL' && sellMin > 0 && intent.ticks < sellMin) return 'sell_below_band';
  return null;
}

/** A market order's protection price in ticks (the engine takes nothing beyond it); 0: the whole book. */
export function protectionPrice(spec: MarketSpec, side: 'BUY' | 'SELL', lastTicks: number): number {
  const edges = bandEdges(spec, lastTicks);
  return side === 'BUY' ? edges.buyMax : edges.sellMin;
}
