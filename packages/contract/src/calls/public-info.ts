import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * common/public_info_v4 and common/market: everything the web app needs before its first screen, all of it
 * operator configuration from the database (settings, skins, coins, markets, rates).
 *
 * Beyond the original's shape we add (the web app reads them):
 * - `limitCountryList`: ISO 3166 alpha-2 codes of restricted countries (phone-code lists omit them);
 * - `templateLayoutType`: '1' top bar, '2' left side bar;
 * - `siteMode`: 'standard' (full route set), 'fiat' (fiat-only routes) or 'futures' (futures-only routes).
 * Prices and amounts are decimal strings; precisions are digit counts.
 */

/**
 * Every switch the spec and the original client read, with the value meant when the operator set none
 * (absent means '0', except nameVerifiedType whose default is 10).
 */
export const switchDefaults: Record<string, string> = Object.fromEntries([
  ...[
    'verificationType',
    'index_kline_switch',
    'lever_open',
    'fiat_open',
    'fiat_trade_open',
    'saas_otc_flow_config',
    'etfNavigationSwitch',
    'newcoinOpen',
    'is_return_open',
    'is_financing_open',
    'is_invite_open',
    'agentUserOpen',
    'indep_co_switch',
    'config_footer_open',
    'is_enforce_google_auth',
    'is_deposit_open',
    'trade_board_is_fold',
    'trade_depth_is_flash',
    'yskyc_is_open',
    'is_inner_transfer_open',
    'is_open_bigDeal',
    'incrementConfigStatus',
    'client_img_upload_open',
    'is_open_upload_img',
    'interfaceSwitch',
    'index_layer_open',
    'optional_symbol_server_open',
    'is_newcoin_project_entrance',
    'index_international_open',
    'index_temp_type',
    'has_trade_limit_open',
    'Exchief_project_switch',
    'symbol_profile',
    'coin_tag_open',
    'login_regist_type',
    'user_reg_type',
    'coins_krw_open',
    'open_txid_addr',
    'regist_must_check_open',
    'is_invitationCode_required',
    'openLoginVerificationMode',
  ].map((name) => [name, '0']),
  ['nameVerifiedType', '10'],
]);

/** verificationType values: '0' none, '1' GeeTest, '2' Aliyun NC, '3' self-hosted proof of work (ALTCHA). */
export const VerificationType = { none: '0', geetest: '1', aliyunNc: '2', altcha: '3' } as const;

/** The brand fields of public info `msg`, each set by the operator (`admin brand set <key> <value>`). */
export const brandKeys = [
  'company_name',
  'logoUrl',
  'iconUrl',
  'footer_logo_path',
  'index_international_logo',
  'h5LoginImg',
  'contact_email',
  'contact_number',
  'config_footer_js',
  'default_country_code',
  'company_hash',
] as const;

export const siteModes = ['standard', 'fiat', 'futures'] as const;
export const templateLayoutTypes = ['1', '2'] as const;

export const marketEntry = z.object({
  name: z.string(),
  symbol: z.string(),
  price: z.number().int(),
  volume: z.number().int(),
  depth: z.string(),
  limitVolumeMin: z.string(),
  limitPriceMin: z.string(),
  marketBuyMin: z.string(),
  marketSellMin: z.string(),
  /** Least order value in the quote coin (price × amount, or a market buy's amount); '0': none. */
  minNotional: z.string(),
  /** Price band around the last trade price, in percent: a buy at most last × (1 + up%), a sell at least
   * last × (1 − down%); '0': none that way. */
  priceBandUp: z.string(),
  priceBandDown: z.string(),
  showName: z.string(),
  sort: z.number(),
  isShow: z.number(),
  is_open_lever: z.number(),
  etfOpen: z.number(),
  newcoinFlag: z.number(),
  multiple: z.number(),
  /** The market's fee rates as fractions ('0.001' is 0.1%), for the order form's estimate and trading rules. */
  makerFee: z.string().optional(),
  takerFee: z.string().optional(),
  /** The operator's tags per language ({ en_US: ['Hot'] }), shown in market lists while coin_tag_open is on. */
  tags: z.record(z.string(), z.array(z.string())).optional(),
  /** Least quote-coin value of a trade the large-trades panel lists (is_open_bigDeal); '0': none. */
  bigDealMin: z.string().optional(),
});

export const coinEntry = z.object({
  name: z.string(),
  icon: z.string(),
  sort: z.number(),
  showPrecision: z.number().int(),
  otcOpen: z.number(),
  /** Digits per fiat (lower-case code), e.g. { usd: 2, krw: 0 }. */
  fiatPrecision: z.record(z.string(), z.number().int()),
  isFiat: z.number(),
  mainChainType: z.string(),
  depositOpen: z.number(),
  withdrawOpen: z.number(),
});

/** Per language: the price of each coin in the language's fiat, the fiat itself as "1", its digits and symbol. */
export const rateTable = z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()])));

export const marketBlock = z.object({
  /** { QUOTE: { "BASE/QUOTE": entry } }, shown markets only, in sort order. */
  market: z.record(z.string(), z.record(z.string(), marketEntry)),
  coinList: z.record(z.string(), coinEntry),
  rate: rateTable,
  wsUrl: z.string(),
  /** The default quote group (spelled so). */
  maket_index: z.string(),
});

export const skinEntry = z.object({
  skinId: z.string(),
  /** Localised: { lang: name }. */
  skinName: z.record(z.string(), z.string()),
  mainClor: z.string(),
  imgPath: z.string(),
  iconUrl: z.string(),
  colorList: z.array(z.object({ type: z.string(), rgba: z.array(z.string()) })),
  imgList: z.array(z.unknown()),
});

export const languageEntry = z.object({ id: z.string(), name: z.string(), defaultFiat: z.string() });

export const publicInfoReply = z.object({
  msg: z.record(z.string(), z.string()),
  /** Per chain id, the operator's block-explorer address of a transaction ('https://.../tx/{txid}'), for open_txid_addr. */
  txExplorers: z.record(z.string(), z.string()).optional(),
  skin: z.object({ default: z.string(), listist: z.array(skinEntry), changeSkin: z.boolean() }),
  indexHeaderTitle: z.record(z.string(), z.string()),
  seo: z.record(z.string(), z.string()),
  nc: z.object({ nc_appkey: z.string(), nc_prefix: z.string() }),
  url: z.object({
    exUrl: z.string(),
    otcUrl: z.string(),
    coUrl: z.string(),
    mexUrl: z.string(),
    motcUrl: z.string(),
    mcoUrl: z.string(),
    /** Ours: the tracking beacon's endpoint ('' sends none). */
    trackUrl: z.string(),
  }),
  lan: z.object({ defLan: z.string(), lanList: z.array(languageEntry) }),
  switch: z.record(z.string(), z.string()),
  /**
   * Which products need an approved identity verification first (the original's kycLimitConfig): 1 refuses margin
   * orders (lever/order/create, Binance's margin order) until the trader's verification is approved.
   */
  kycLimitConfig: z.object({ lever_trade_kyc_open: z.number() }),
  market: marketBlock,
  limitCountryList: z.array(z.string()),
  templateLayoutType: z.enum(templateLayoutTypes),
  siteMode: z.enum(siteModes),
});

export const publicInfoV4 = defineCall({
  name: 'common/public_info_v4',
  request: z.object({ is_hiden: z.union([z.string().max(10), z.number()]).optional() }),
  reply: publicInfoReply,
});

export const market = defineCall({
  name: 'common/market',
  request: z.object({}),
  reply: marketBlock,
});

/** Polled every 30 s: the rate table of common/public_info_v4 `market.rate`. */
export const rate = defineCall({
  name: 'common/rate',
  request: z.object({}),
  reply: z.object({ rate: rateTable }),
});
