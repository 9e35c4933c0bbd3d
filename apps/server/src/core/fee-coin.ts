import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unitsToBig } from './decimal-units.ts';

/**
 * Paying trading fees in the platform coin (user/update_fee_coin_open). The operator names the coin and the
 * discount in settings (`fee_coin`: e.g. "OPX"; `fee_coin_discount`: the fraction paid, e.g. "0.75" = 25% off).
 * For a user who switched it on, a fee f in coin F is charged instead as
 *     roundUp(f × discount ÷ price(P in F), scale of P)
 * in the platform coin P, at the last trade price of a P/F market (or × the last price of an F/P market; when F is
 * P itself, f × discount), rounded UP to P's scale (the exchange never undercharges by rounding), when the user's
 * available P covers it; otherwise the usual fee in F. Exact: big.js products and a BigInt ceiling division.
 */
export interface FeeCoinConfig {
  coin: string;
  /** In (0, 1]. */
  discount: Big;
  /** Digits of the platform coin (the coins table's scale; 8 when it is not listed). */
  scale: number;
}

const DEFAULT_SCALE = 8;
const COIN = /^[A-Za-z0-9]{1,20}$/;

/** True for a discount the operator may set: a decimal string in (0, 1]. */
export function validDiscount(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) return false;
  const d = new Big(value);
  return d.gt(0) && d.lte(1);
}

export const validFeeCoin = (value: unknown): value is string =>
  typeof value === 'string' && (value === '' || COIN.test(value));

/** The operator's platform-coin fee settings; null when unset or invalid (fees are then always the usual ones). */
export async function loadFeeCoinConfig(db: Kysely<Database>): Promise<FeeCoinConfig | null> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['fee_coin', 'fee_coin_discount'])
    .execute();
  const value = (key: string) => {
    const row = rows.find((r) => r.key === key);
    try {
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const coin = value('fee_coin');
  const discount = value('fee_coin_discount') ?? '1';
  if (!validFeeCoin(coin) || coin === '' || !validDiscount(discount)) return null;
  const upper = coin.toUpperCase();
  const listed = await db.selectFrom('coins').select('scale').where('symbol', 'in', [upper, coin]).executeTakeFirst();
  return { coin: upper, discount: new Big(discount), scale: listed?.scale ?? DEFAULT_SCALE };
}

/** A price as the core knows it: integer ticks of 10^-precision (0 before the market's first trade). */
export interface LastPrice {
  ticks: number;
  precision: number;
}

/**
 * The fee in the platform coin for a fee `fee` in `feeCoin`, or null when there is no price to convert at.
 * `direct`: last price of the market P/feeCoin (feeCoin per P); `inverse`: of feeCoin/P (P per feeCoin).
 */
export function platformFee(
  config: FeeCoinConfig,
  fee: Big,
  feeCoin: string,
  prices: { direct?: LastPrice | undefined; inverse?: LastPrice | undefined },
): Big | null {
  const discounted = fee.times(config.discount);
  if (feeCoin === config.coin) return roundUp(discounted, config.scale);
  if (prices.direct && prices.direct.ticks > 0) {
    return divRoundUp(discounted, prices.direct.ticks, prices.direct.precision, config.scale);
  }
  if (prices.inverse && prices.inverse.ticks > 0) {
    return roundUp(discounted.times(unitsToBig(prices.inverse.ticks, prices.inverse.precision)), config.scale);
  }
  return null;
}

/** Rounds up (away from zero; fees are positive) to `digits` decimals. */
export function roundUp(value: Big, digits: number): Big {
  return value.round(digits, Big.roundUp);
}

/** ceil(value ÷ (ticks × 10^-precision)) to `digits` decimals, exactly (BigInt). `value` is non-negative. */
export function divRoundUp(value: Big, ticks: number, precision: number, digits: number): Big {
  const [whole = '0', fraction = ''] = value.toFixed().split('.');
  const numerator = BigInt(`${whole}${fraction}`);
  // value = numerator × 10^-fraction.length; result × 10^digits = numerator × 10^(precision - f + digits) ÷ ticks.
  const shift = precision - fraction.length + digits;
  const num = shift >= 0 ? numerator * 10n ** BigInt(shift) : numerator;
  const den = shift >= 0 ? BigInt(ticks) : BigInt(ticks) * 10n ** BigInt(-shift);
  const units = (num + den - 1n) / den;
  return unitsToBig(units, digits);
}
