import { defineRules, type MarketRules } from '@opex/engine/market-rules';
import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LEDGER_DIGITS, ledgerFromBig } from '../ledger/ledger-units.ts';
import { toUnits } from './decimal-units.ts';
import { type FuturesRules, futuresRules, futuresSymbol } from './futures/futures-rules.ts';
import { type MarginRules, marginRules } from './margin/margin-rules.ts';

/**
 * What the trading core needs to know of a market, read from the catalogue's markets and coins tables.
 * Minimums and fee rates are exact decimals; precisions are digits (tick 10^-price, lot 10^-volume).
 */
export interface MarketSpec {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  volumePrecision: number;
  depthSteps: string[];
  limitVolumeMin: Big;
  limitPriceMin: Big;
  marketBuyMin: Big;
  marketSellMin: Big;
  makerFee: Big;
  takerFee: Big;
  /** The fee rates in ledger units, for the core's integer arithmetic (more than 18 decimals truncated). */
  makerFeeRate: bigint;
  takerFeeRate: bigint;
  /** Guards (market-guards.ts): least order value in the quote coin, price band in percent; 0 turns one off. */
  minNotional: Big;
  priceBandUp: Big;
  priceBandDown: Big;
  open: boolean;
  /** Digits fees are truncated to: the coin's scale from the catalogue (8 when the coin is not listed). */
  baseScale: number;
  quoteScale: number;
  /** Isolated margin on this pair (is_open_lever), or null. */
  margin: MarginRules | null;
  /** A futures contract's book (its lot is one contract), or null for a spot market. */
  futures: FuturesRules | null;
}

/** The most lots one order may hold: the engine's ceiling that keeps a side's volume sum exact. */
export const MAX_LOTS = 2 ** 40;
/** The engine's highest price in ticks. */
export const MAX_TICKS = 2 ** 31 - 1;
const DEFAULT_FEE_SCALE = 8;

export async function loadMarketSpecs(db: Kysely<Database>): Promise<MarketSpec[]> {
  const [markets, coins, marginPairs, marginCoins, contracts, brackets] = await Promise.all([
    db.selectFrom('markets').selectAll().execute(),
    db.selectFrom('coins').select(['symbol', 'scale']).execute(),
    db.selectFrom('margin_pairs').selectAll().execute(),
    db.selectFrom('margin_coins').selectAll().execute(),
    // Delisted contracts' books are gone: their names may belong to a successor.
    db.selectFrom('contracts').selectAll().where('status', 'in', ['listed', 'halted']).execute(),
    db.selectFrom('contract_brackets').selectAll().execute(),
  ]);
  const scale = new Map(coins.map((c) => [c.symbol.toUpperCase(), c.scale]));
  const pairs = new Map(marginPairs.map((p) => [p.symbol.toUpperCase(), p]));
  const lending = new Map(marginCoins.map((c) => [c.coin.toUpperCase(), c]));
  const spot: MarketSpec[] = markets.map((m) => ({
    symbol: m.symbol.toLowerCase(),
    base: m.base.toUpperCase(),
    quote: m.quote.toUpperCase(),
    pricePrecision: m.price_precision,
    volumePrecision: m.volume_precision,
    depthSteps: m.depth_steps.split(',').map((s) => s.trim()),
    limitVolumeMin: new Big(m.limit_volume_min || '0'),
    limitPriceMin: new Big(m.limit_price_min || '0'),
    marketBuyMin: new Big(m.market_buy_min || '0'),
    marketSellMin: new Big(m.market_sell_min || '0'),
    makerFee: new Big(m.maker_fee || '0'),
    takerFee: new Big(m.taker_fee || '0'),
    makerFeeRate: rateOf(m.maker_fee),
    takerFeeRate: rateOf(m.taker_fee),
    minNotional: new Big(m.min_notional || '0'),
    priceBandUp: new Big(m.price_band_up || '0'),
    priceBandDown: new Big(m.price_band_down || '0'),
    open: m.status === 'open',
    baseScale: scale.get(m.base.toUpperCase()) ?? DEFAULT_FEE_SCALE,
    quoteScale: scale.get(m.quote.toUpperCase()) ?? DEFAULT_FEE_SCALE,
    margin: m.is_open_lever
      ? marginRules(
          m.multiple,
          pairs.get(m.symbol.toUpperCase()),
          [m.base, m.quote].map((coin) => ({
            coin: coin.toUpperCase(),
            scale: scale.get(coin.toUpperCase()) ?? DEFAULT_FEE_SCALE,
            row: lending.get(coin.toUpperCase()),
          })),
        )
      : null,
    futures: null,
  }));
  const scaleOf = (coin: string) => scale.get(coin.toUpperCase()) ?? DEFAULT_FEE_SCALE;
  const futures: MarketSpec[] = contracts.map((c) => {
    const rules = futuresRules(
      c,
      brackets.filter((b) => b.contract_id === c.id),
      scaleOf(c.margin_coin),
    );
    return {
      symbol: futuresSymbol(c.contract_name),
      base: c.base.toUpperCase(),
      quote: c.quote.toUpperCase(),
      pricePrecision: c.price_precision,
      volumePrecision: 0,
      // Stored as decimal places ("2,1,0"), served as steps ("0.01,0.1,1") like a spot market's.
      depthSteps: c.depth_steps.split(',').map((places) => new Big(1).div(new Big(10).pow(Number(places))).toFixed()),
      limitVolumeMin: new Big(c.min_order_volume),
      limitPriceMin: new Big(0),
      marketBuyMin: new Big(0),
      marketSellMin: new Big(0),
      makerFee: new Big(c.maker_fee || '0'),
      takerFee: new Big(c.taker_fee || '0'),
      makerFeeRate: rateOf(c.maker_fee),
      takerFeeRate: rateOf(c.taker_fee),
      minNotional: new Big(0),
      // The contract's price range (a fraction) is the spot guards' band (percent): limit prices on the costly side
      // stay within it of the last price, and market orders take nothing beyond it.
      priceBandUp: new Big(c.price_range || '0').times(100),
      priceBandDown: new Big(c.price_range || '0').times(100),
      open: c.status === 'listed',
      baseScale: scaleOf(c.base),
      quoteScale: scaleOf(c.quote),
      margin: null,
      futures: rules,
    };
  });
  return [...spot, ...futures];
}

const rateOf = (rate: string) => ledgerFromBig(new Big(rate || '0').round(LEDGER_DIGITS, Big.roundDown));

/**
 * The engine's rules for a market. Minimums are checked by order-rules.ts with their own named refusals, so the
 * engine's are off; depth steps that are not whole ticks are dropped.
 */
export function engineRules(spec: MarketSpec): MarketRules {
  const steps = spec.depthSteps
    .map((s) => toUnits(s, spec.pricePrecision))
    .flatMap((r) => (r.ok && r.units > 0 ? [r.units] : []));
  return defineRules({ maxQty: MAX_LOTS, minQty: 1, minNotional: 0, depthSteps: steps.length ? steps : [1] });
}
