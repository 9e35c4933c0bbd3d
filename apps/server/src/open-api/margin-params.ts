import type { MarginRules } from '../core/margin/margin-rules.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { type MarginReader, marginMarket } from '../margin/margin-reads.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { DECIMAL } from './order-parse.ts';
import type { QueryParams } from './query-params.ts';

/**
 * The parameters Binance's margin endpoints share, read as Binance reads them: `isIsolated` (only isolated margin
 * exists here, so it must be TRUE), an isolated pair under the endpoint's name for it, and an amount.
 */
export type MarginSpec = MarketSpec & { margin: MarginRules };

export const marginReader = (services: Services): MarginReader => ({
  db: services.database.db,
  core: services.core,
  prices: services.prices,
});

/** isIsolated=TRUE (any case); FALSE or absent asks for the cross margin account, which does not exist here. */
export function requireIsolated(params: QueryParams): void {
  const flag = params.optional('isIsolated');
  if (flag === undefined || flag.toUpperCase() === 'FALSE')
    throw new BinanceError(
      BinanceCode.marginAccountMissing,
      'Margin account does not exist: only isolated margin is offered, send isIsolated=TRUE.',
    );
  if (flag.toUpperCase() !== 'TRUE') throw binanceErrors.illegal('isIsolated');
}

/** The pair named by `name`, open for isolated margin; -3028 otherwise. */
export function isolatedPair(services: Services, params: QueryParams, name = 'symbol'): MarginSpec {
  const spec = marginMarket(marginReader(services), params.required(name));
  if (!spec) throw new BinanceError(BinanceCode.badMarginPair, 'Not a valid margin pair.');
  return spec;
}

/** One of the pair's two coins (upper case); -3027 otherwise. */
export function pairAsset(spec: MarketSpec, params: QueryParams): string {
  const asset = params.required('asset').toUpperCase();
  if (asset !== spec.base && asset !== spec.quote)
    throw new BinanceError(BinanceCode.badMarginAsset, 'Not a valid margin asset.');
  return asset;
}

/** A positive decimal amount, as sent. */
export function amountParam(params: QueryParams, name = 'amount'): string {
  const amount = params.required(name);
  if (!DECIMAL.test(amount) || !/[1-9]/.test(amount)) throw binanceErrors.illegal(name);
  return amount;
}
