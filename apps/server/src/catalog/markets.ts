import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MarketsTable } from '../db/tables/content.ts';

/**
 * Spot markets: the source of truth for what trades, at which precision, minimums and fees. Minimums and fee
 * rates are decimal strings; precisions are digit counts.
 */
export interface MarketInput {
  base: string;
  quote: string;
  pricePrecision: number;
  volumePrecision: number;
  /** Order-book merge steps, e.g. "0.01,0.1,1". */
  depthSteps: string;
  limitVolumeMin: string;
  limitPriceMin: string;
  marketBuyMin: string;
  marketSellMin: string;
  makerFee: string;
  takerFee: string;
  /** Least order value in the quote coin; '0' or absent: none. */
  minNotional?: string;
  /** Price band in percent around the last price: buys at most `priceBandUp` above, sells `priceBandDown` below. */
  priceBandUp?: string;
  priceBandDown?: string;
  sort?: number;
  isShow?: boolean;
  status?: 'open' | 'closed';
  showName?: string;
  isOpenLever?: boolean;
  etfOpen?: boolean;
  newcoinFlag?: boolean;
  multiple?: number;
}

export type Market = Selectable<MarketsTable>;

export const marketSymbol = (base: string, quote: string) => `${base}${quote}`.toLowerCase();
export const marketName = (market: Pick<Market, 'base' | 'quote'>) => `${market.base}/${market.quote}`;

/** Adds a market, or replaces every field of the market with that symbol. */
export async function saveMarket(db: Kysely<Database>, input: MarketInput, now: number): Promise<void> {
  const row = {
    symbol: marketSymbol(input.base, input.quote),
    base: input.base,
    quote: input.quote,
    show_name: input.showName ?? `${input.base}/${input.quote}`,
    price_precision: input.pricePrecision,
    volume_precision: input.volumePrecision,
    depth_steps: input.depthSteps,
    limit_volume_min: input.limitVolumeMin,
    limit_price_min: input.limitPriceMin,
    market_buy_min: input.marketBuyMin,
    market_sell_min: input.marketSellMin,
    maker_fee: input.makerFee,
    taker_fee: input.takerFee,
    min_notional: input.minNotional ?? '0',
    price_band_up: input.priceBandUp ?? '0',
    price_band_down: input.priceBandDown ?? '0',
    sort: input.sort ?? 0,
    is_show: input.isShow === false ? 0 : 1,
    status: input.status ?? 'open',
    is_open_lever: input.isOpenLever ? 1 : 0,
    etf_open: input.etfOpen ? 1 : 0,
    newcoin_flag: input.newcoinFlag ? 1 : 0,
    multiple: input.multiple ?? 0,
    updated_at: now,
  };
  await db
    .insertInto('markets')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('symbol').doUpdateSet(row))
    .execute();
}

export async function listMarkets(db: Kysely<Database>): Promise<Market[]> {
  return db.selectFrom('markets').selectAll().orderBy('sort').orderBy('symbol').execute();
}

export async function findMarket(db: Kysely<Database>, symbol: string): Promise<Market | undefined> {
  return db.selectFrom('markets').selectAll().where('symbol', '=', symbol.toLowerCase()).executeTakeFirst();
}

/** The market's minimum order value and price band; the rest of the market is left as it is. */
export async function setMarketGuards(
  db: Kysely<Database>,
  symbol: string,
  guards: Pick<MarketInput, 'minNotional' | 'priceBandUp' | 'priceBandDown'>,
  now: number,
): Promise<void> {
  await db
    .updateTable('markets')
    .set({
      ...(guards.minNotional === undefined ? {} : { min_notional: guards.minNotional }),
      ...(guards.priceBandUp === undefined ? {} : { price_band_up: guards.priceBandUp }),
      ...(guards.priceBandDown === undefined ? {} : { price_band_down: guards.priceBandDown }),
      updated_at: now,
    })
    .where('symbol', '=', symbol.toLowerCase())
    .execute();
}
