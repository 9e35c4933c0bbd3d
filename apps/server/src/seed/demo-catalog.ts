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
      zh_CN: '<p>比特币是第一种去中心化的数字货币，于 2009 年推出，总量上限为 2100 万枚。</p>',
      el_GR: '<p>比特幣是第一種去中心化的數字貨幣，於 2009 年推出，總量上限為 2100 萬枚。</p>',
      ja_JP: '<p>ビットコインは 2009 年に始まった最初の分散型デジタル通貨で、発行上限は 2100 万枚です。</p>',
      ko_KR: '<p>비트코인은 2009년에 시작된 최초의 탈중앙화 디지털 화폐이며, 발행 한도는 2,100만 개입니다.</p>',
      vi_VN:
        '<p>Bitcoin là đồng tiền số phi tập trung đầu tiên, ra đời năm 2009. Tổng cung giới hạn ở 21 triệu đồng.</p>',
    },
    profile: {
      issueDate: '2009-01-03',
      supply: '21000000',
      website: 'https://bitcoin.org',
      whitePaper: 'https://bitcoin.org/bitcoin.pdf',
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
      zh_CN: '<p>以太币是以太坊的原生货币，以太坊是一条运行智能合约的区块链。</p>',
      el_GR: '<p>以太幣是以太坊的原生貨幣，以太坊是一條運行智能合約的區塊鏈。</p>',
      ja_JP: '<p>イーサはスマートコントラクトを実行するブロックチェーン、イーサリアムのネイティブ通貨です。</p>',
      ko_KR: '<p>이더는 스마트 계약을 실행하는 블록체인인 이더리움의 기본 화폐입니다.</p>',
      vi_VN: '<p>Ether là đồng tiền gốc của Ethereum, blockchain chạy hợp đồng thông minh.</p>',
    },
    profile: {
      issueDate: '2015-07-30',
      supply: '120000000',
      website: 'https://ethereum.org',
      whitePaper: 'https://ethereum.org/whitepaper',
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
    introduction: {
      en_US: '<p>USDT is a stablecoin that tracks the US dollar.</p>',
      zh_CN: '<p>USDT 是一种与美元挂钩的稳定币。</p>',
      el_GR: '<p>USDT 是一種與美元掛鉤的穩定幣。</p>',
      ja_JP: '<p>USDT は米ドルに連動するステーブルコインです。</p>',
      ko_KR: '<p>USDT는 미국 달러에 연동된 스테이블코인입니다.</p>',
      vi_VN: '<p>USDT là đồng tiền ổn định neo theo đô la Mỹ.</p>',
    },
    profile: { issueDate: '2014-10-06', supply: '', website: 'https://tether.to', whitePaper: '' },
  },
  {
    symbol: 'LTC',
    name: 'Litecoin',
    sort: 4,
    showPrecision: 4,
    scale: 8,
    mainChainType: 'LTC',
    fiatPrecision,
    introduction: {
      en_US: '<p>Litecoin is a peer-to-peer currency derived from Bitcoin with faster blocks.</p>',
      zh_CN: '<p>莱特币是源自比特币的点对点货币，出块更快。</p>',
      el_GR: '<p>萊特幣是源自比特幣的點對點貨幣，出塊更快。</p>',
      ja_JP: '<p>ライトコインはビットコインから派生した、ブロック生成の速い P2P 通貨です。</p>',
      ko_KR: '<p>라이트코인은 비트코인에서 파생된, 블록 생성이 더 빠른 P2P 화폐입니다.</p>',
      vi_VN: '<p>Litecoin là đồng tiền ngang hàng phát triển từ Bitcoin, tạo khối nhanh hơn.</p>',
    },
    profile: { issueDate: '2011-10-07', supply: '84000000', website: 'https://litecoin.org', whitePaper: '' },
  },
  {
    symbol: 'TRX',
    name: 'TRON',
    sort: 5,
    showPrecision: 2,
    scale: 6,
    mainChainType: 'TRX',
    fiatPrecision,
    introduction: {
      en_US: '<p>TRX is the native currency of the TRON blockchain.</p>',
      zh_CN: '<p>TRX 是波场区块链的原生货币。</p>',
      el_GR: '<p>TRX 是波場區塊鏈的原生貨幣。</p>',
      ja_JP: '<p>TRX は TRON ブロックチェーンのネイティブ通貨です。</p>',
      ko_KR: '<p>TRX는 트론 블록체인의 기본 화폐입니다.</p>',
      vi_VN: '<p>TRX là đồng tiền gốc của blockchain TRON.</p>',
    },
    profile: { issueDate: '2017-08-28', supply: '', website: 'https://tron.network', whitePaper: '' },
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

const hot = { en_US: 'Hot', zh_CN: '热门', el_GR: '熱門', ja_JP: '人気', ko_KR: '인기', vi_VN: 'Nổi bật' };
const fresh = { en_US: 'New', zh_CN: '新币', el_GR: '新幣', ja_JP: '新規', ko_KR: '신규', vi_VN: 'Mới' };

/** The tag shown in market lists while coin_tag_open is on, by market symbol, in each demo language. */
export const demoMarketTags: Record<string, Record<string, string>> = { btcusdt: hot, ethusdt: hot, trxusdt: fresh };

/** The least quote-coin value of a trade the large-trades panel lists, by market symbol: the demo market maker's largest. */
export const demoBigDealMins: Record<string, string> = {
  btcusdt: '500',
  ethusdt: '500',
  ltcusdt: '500',
  trxusdt: '500',
  ethbtc: '0.008',
};
