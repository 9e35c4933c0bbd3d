import type { Candle } from '@opex/contract/realtime';
import Big from 'big.js';
import type { Services } from '../services.ts';
import type { FuturesMarket } from './futures-markets.ts';
import { quantityOf } from './futures-markets.ts';

/**
 * Traded volume as each family states it. The books count contracts and a linear contract's trades keep their value
 * in the quote coin (`amount`), so on /fapi the volume is contracts x multiplier (base coin) and the quote volume the
 * amounts' sum;
 * on /dapi the volume is contracts and the base volume is each trade's contracts x face value / price, which a
 * candle's sums cannot give: it is summed from the trades themselves.
 */
const BASE_DIGITS = 8;

/** fapi: the quote volume of a candle's (or window's) amount, which the trades already keep in the quote coin. */
export const quoteVolumeOf = (m: FuturesMarket, amount: Big.BigSource) =>
  new Big(amount).toFixed(m.contract.price_precision + m.qtyDigits);

/** dapi: a trade's base coin, contracts x face value / price. */
export const baseQtyOf = (m: FuturesMarket, contracts: Big.BigSource, price: Big.BigSource) =>
  new Big(contracts).times(m.contract.multiplier).div(price).toFixed(BASE_DIGITS);

/** dapi: the base volume traded in [from, to), per bucket (`bucketOf` gives a trade's bucket from its time). */
export async function baseVolumes(
  services: Services,
  m: FuturesMarket,
  from: number,
  to: number,
  bucketOf: (ts: number) => number,
): Promise<Map<number, Big>> {
  const rows = await services.database.db
    .selectFrom('trades')
    .select(['price', 'volume', 'created_at'])
    .where('symbol', '=', m.book)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  const sums = new Map<number, Big>();
  for (const r of rows) {
    const bucket = bucketOf(Number(r.created_at));
    const base = new Big(r.volume).times(m.contract.multiplier).div(r.price);
    sums.set(bucket, (sums.get(bucket) ?? new Big(0)).plus(base));
  }
  return sums;
}

/** A candle's volume and its second volume (fapi: quote; dapi: base, from `base`) in the family's units. */
export function candleVolumes(m: FuturesMarket, c: Candle, base: Big | undefined): [string, string] {
  if (m.family === 'fapi') return [quantityOf(m, c.vol), quoteVolumeOf(m, c.amount)];
  return [quantityOf(m, c.vol), (base ?? new Big(0)).toFixed(BASE_DIGITS)];
}
