import type { ColumnType, Generated } from 'kysely';

/**
 * The catalogue (coins, markets, rates, skins) and the operator's content (CMS pages, footer links, notices,
 * banners, home pop-ups). Localised rows carry a `lang`; readers fall back to en_US.
 */
export interface CoinsTable {
  id: Generated<number>;
  symbol: string;
  name: string;
  icon: string;
  sort: number;
  /** Digits shown to users. */
  show_precision: number;
  /** Digits kept internally: the coin's smallest unit. */
  scale: number;
  is_fiat: number;
  main_chain_type: string;
  deposit_open: number;
  withdraw_open: number;
  otc_open: number;
  /** JSON { fiat (lower-case): digits }. */
  fiat_precision: string;
  /** JSON { lang: html }. */
  introduction: string;
  /** JSON CoinProfile (catalog/coin-profiles.ts); set by `coin profile` alone, so saving a coin keeps it. */
  profile: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
}

export interface MarketsTable {
  id: Generated<number>;
  /** Lower-case base + quote, e.g. btcusdt. */
  symbol: string;
  base: string;
  quote: string;
  show_name: string;
  price_precision: number;
  volume_precision: number;
  /** Order-book merge steps, e.g. "0.01,0.1,1". */
  depth_steps: string;
  limit_volume_min: string;
  limit_price_min: string;
  market_buy_min: string;
  market_sell_min: string;
  maker_fee: string;
  taker_fee: string;
  /** Least value of an order in the quote coin (price × amount); '0': none. */
  min_notional: ColumnType<string, string | undefined, string>;
  /** Price band around the last trade price, in percent: a buy at most this far above it; '0': none. */
  price_band_up: ColumnType<string, string | undefined, string>;
  /** A sell at most this many percent below the last trade price; '0': none. */
  price_band_down: ColumnType<string, string | undefined, string>;
  sort: number;
  is_show: number;
  status: 'open' | 'closed';
  is_open_lever: number;
  etf_open: number;
  newcoin_flag: number;
  multiple: number;
  /** JSON { lang: [tag] } (coin_tag_open); set by `market tags` alone. */
  tags: ColumnType<string, string | undefined, string>;
  /** Least quote-coin value of a trade the large-trades panel lists (is_open_bigDeal); '0': none. */
  big_deal_min: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
}

export interface RatesTable {
  coin: string;
  /** Lower-case fiat code, e.g. usd. */
  fiat: string;
  /** Price of one coin in the fiat, a decimal string. */
  rate: string;
  updated_at: number;
}

/** A coin whose price the operator fixes in a fiat (a stablecoin pegged 1:1, or an operator-priced coin). */
export interface PriceAnchorsTable {
  coin: string;
  /** Lower-case fiat code, e.g. usd. */
  fiat: string;
  /** Price of one coin in the fiat, a decimal string. */
  price: string;
  updated_at: number;
}

/** A fiat's exchange rate: units of the fiat per US dollar, a decimal string. */
export interface FxRatesTable {
  fiat: string;
  per_usd: string;
  updated_at: number;
}

export interface SkinsTable {
  id: Generated<number>;
  skin_key: string;
  /** JSON { lang: name }. */
  names: string;
  main_color: string;
  img_path: string;
  icon_url: string;
  /** JSON [{ type, rgba: [...] }]. */
  color_list: string;
  /** JSON array. */
  img_list: string;
  sort: number;
  is_default: number;
}

export interface CmsPagesTable {
  id: Generated<number>;
  page_key: string;
  lang: string;
  title: string;
  body: string;
  updated_at: number;
}

export interface FooterLinksTable {
  id: Generated<number>;
  list_key: string;
  list_title: string;
  lang: string;
  link_text: string;
  link: string;
  /** 0 internal, 1 external, 3 copy to clipboard. */
  link_type: number;
  sort: number;
}

export interface NoticesTable {
  id: Generated<number>;
  lang: string;
  title: string;
  content: string;
  created_at: number;
  updated_at: number;
}

export interface BannersTable {
  id: Generated<number>;
  lang: string;
  image_url: string;
  http_url: string;
  sort: number;
}

export interface PopupsTable {
  id: Generated<number>;
  lang: string;
  terminal_type: string;
  activity_title: string;
  start_time: number;
  end_time: number;
  /** 0 image, 1 text. */
  display_type: number;
  picture_path: string;
  picture_url: string;
  image_text: string;
  button_writing_one: string;
  button_writing_two: string;
  button_url_one: string;
  button_url_two: string;
  /** 1 only logged-in users, 0 everyone. */
  is_login: number;
  mtime: number;
}

/** Solved proof-of-work challenges, kept until they expire so each is accepted once. */
export interface CaptchaSolutionsTable {
  challenge_key: string;
  expires_at: number;
}

export interface ContentTables {
  coins: CoinsTable;
  markets: MarketsTable;
  rates: RatesTable;
  price_anchors: PriceAnchorsTable;
  fx_rates: FxRatesTable;
  skins: SkinsTable;
  cms_pages: CmsPagesTable;
  footer_links: FooterLinksTable;
  notices: NoticesTable;
  banners: BannersTable;
  popups: PopupsTable;
  captcha_solutions: CaptchaSolutionsTable;
}
