import type { CoinInput } from '../catalog/coins.ts';
import type { MarketInput } from '../catalog/markets.ts';
import type { SkinInput } from '../catalog/skins.ts';

/** The demo's coins, markets, reference rates and skins. */
const fiatPrecision = { usd: 2, cny: 2, jpy: 0, krw: 0, vnd: 0 };

export const demoCoins: CoinInput[] = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    sort: 1,
    showPrecision: 6,
    scale: 8,
    mainChainType: 'BTC',
    fiatPrecision,
    introduction: {
      en_US:
        '<p>Bitcoin is the first decentralised digital currency, launched in 2009. Its supply is capped at 21 million coins.</p>',
    },
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    sort: 2,
    showPrecision: 5,
    scale: 8,
    mainChainType: 'ETH',
    fiatPrecision,
    introduction: {
      en_US: '<p>Ether is the native currency of Ethereum, a blockchain that runs smart contracts.</p>',
    },
  },
  {
    symbol: 'USDT',
    name: 'Tether USD',
    sort: 3,
    showPrecision: 2,
    scale: 6,
    mainChainType: 'ERC20',
    otcOpen: true,
    fiatPrecision,
    introduction: { en_US: '<p>USDT is a stablecoin that tracks the US dollar.</p>' },
  },
  {
    symbol: 'LTC',
    name: 'Litecoin',
    sort: 4,
    showPrecision: 4,
    scale: 8,
    mainChainType: 'LTC',
    fiatPrecision,
    introduction: { en_US: '<p>Litecoin is a peer-to-peer currency derived from Bitcoin with faster blocks.</p>' },
  },
  {
    symbol: 'TRX',
    name: 'TRON',
    sort: 5,
    showPrecision: 2,
    scale: 6,
    mainChainType: 'TRX',
    fiatPrecision,
    introduction: { en_US: '<p>TRX is the native currency of the TRON blockchain.</p>' },
  },
];

const fees = { makerFee: '0.001', takerFee: '0.002' };
/** Orders worth at least 5 USDT, priced (and market orders filled) within 10% of the last trade price. */
const usdtGuards = { minNotional: '5', priceBandUp: '10', priceBandDown: '10' };

export const demoMarkets: MarketInput[] = [
  {
    base: 'BTC',
    quote: 'USDT',
    pricePrecision: 2,
    volumePrecision: 6,
    depthSteps: '0.01,0.1,1',
    limitVolumeMin: '0.000001',
    limitPriceMin: '0.01',
    marketBuyMin: '5',
    marketSellMin: '0.0001',
    sort: 1,
    ...fees,
    ...usdtGuards,
  },
  {
    base: 'ETH',
    quote: 'USDT',
    pricePrecision: 2,
    volumePrecision: 4,
    depthSteps: '0.01,0.1,1',
    limitVolumeMin: '0.0001',
    limitPriceMin: '0.01',
    marketBuyMin: '5',
    marketSellMin: '0.001',
    sort: 2,
    ...fees,
    ...usdtGuards,
  },
  {
    base: 'LTC',
    quote: 'USDT',
    pricePrecision: 2,
    volumePrecision: 3,
    depthSteps: '0.01,0.1,1',
    limitVolumeMin: '0.001',
    limitPriceMin: '0.01',
    marketBuyMin: '5',
    marketSellMin: '0.01',
    sort: 3,
    ...fees,
    ...usdtGuards,
  },
  {
    base: 'TRX',
    quote: 'USDT',
    pricePrecision: 5,
    volumePrecision: 1,
    depthSteps: '0.00001,0.0001,0.001',
    limitVolumeMin: '0.1',
    limitPriceMin: '0.00001',
    marketBuyMin: '5',
    marketSellMin: '10',
    sort: 4,
    ...fees,
    ...usdtGuards,
  },
  {
    base: 'ETH',
    quote: 'BTC',
    pricePrecision: 6,
    volumePrecision: 4,
    depthSteps: '0.000001,0.00001,0.0001',
    limitVolumeMin: '0.0001',
    limitPriceMin: '0.000001',
    marketBuyMin: '0.0001',
    marketSellMin: '0.001',
    sort: 5,
    ...fees,
    minNotional: '0.0001',
    priceBandUp: '10',
    priceBandDown: '10',
  },
];

/**
 * Where the demo market maker opens a market that never traded, in US dollars (its reference rates; valuations come
 * from the index prices, see demo-index-anchors.ts).
 */
const usdPrices: Record<string, string> = { BTC: '65000', ETH: '3200', USDT: '1', LTC: '80', TRX: '0.12' };

export const demoRates = Object.entries(usdPrices).map(([coin, rate]) => ({ coin, fiat: 'usd', rate }));

const rgba = (r: number, g: number, b: number, a = 1) => [String(r), String(g), String(b), String(a)];

export const demoSkins: SkinInput[] = [
  {
    skinId: 'dark',
    names: { en_US: 'Night', zh_CN: '夜间', el_GR: '夜間', ja_JP: 'ナイト', ko_KR: '나이트', vi_VN: 'Ban đêm' },
    mainColor: '#0e1117',
    isDefault: true,
    sort: 1,
    colorList: [
      { type: 'background', rgba: rgba(14, 17, 23) },
      { type: 'panel', rgba: rgba(22, 26, 34) },
      { type: 'border', rgba: rgba(42, 48, 60) },
      { type: 'text', rgba: rgba(230, 232, 236) },
      { type: 'textMuted', rgba: rgba(132, 142, 156) },
      { type: 'primary', rgba: rgba(240, 185, 11) },
      { type: 'up', rgba: rgba(14, 203, 129) },
      { type: 'down', rgba: rgba(246, 70, 93) },
    ],
  },
  {
    skinId: 'light',
    names: { en_US: 'Day', zh_CN: '日间', el_GR: '日間', ja_JP: 'デイ', ko_KR: '데이', vi_VN: 'Ban ngày' },
    mainColor: '#ffffff',
    sort: 2,
    colorList: [
      { type: 'background', rgba: rgba(250, 250, 250) },
      { type: 'panel', rgba: rgba(255, 255, 255) },
      { type: 'border', rgba: rgba(230, 232, 236) },
      { type: 'text', rgba: rgba(30, 35, 41) },
      { type: 'textMuted', rgba: rgba(112, 122, 138) },
      { type: 'primary', rgba: rgba(201, 148, 0) },
      { type: 'up', rgba: rgba(3, 166, 109) },
      { type: 'down', rgba: rgba(207, 48, 74) },
    ],
  },
];
