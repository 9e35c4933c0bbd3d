import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { clippedPrice, type MarketSnapshot, priceCoins } from './index-prices.ts';

const big = (v: string | null | undefined) => (v == null ? null : new Big(v));

function market(
  symbol: string,
  {
    last,
    bid,
    ask,
    turnover = '0',
    volume = '0',
    sort = 1,
  }: Partial<Record<'last' | 'bid' | 'ask' | 'turnover' | 'volume', string>> & { sort?: number } = {},
): MarketSnapshot {
  const [base, quote] = symbol.split('/') as [string, string];
  return {
    symbol: `${base}${quote}`.toLowerCase(),
    base,
    quote,
    last: big(last),
    bid: big(bid),
    ask: big(ask),
    quoteTurnover: new Big(turnover),
    baseVolume: new Big(volume),
    sort,
  };
}

const usdt = new Map([['USDT', new Big(1)]]);
const usdOf = (prices: ReturnType<typeof priceCoins>) =>
  Object.fromEntries([...prices].map(([coin, p]) => [coin, `${p.usd.toFixed()} via ${p.via}`]));

describe('index prices', () => {
  it('clips a last trade into the book, uses the mid before any trade, and nothing without either', () => {
    const at = (last: string | null, bid: string | null, ask: string | null) =>
      clippedPrice({ last: big(last), bid: big(bid), ask: big(ask) })?.toFixed() ?? null;
    expect(at('100', '99', '101')).toBe('100');
    expect(at('10', '99', '101')).toBe('99');
    expect(at('1000', '99', '101')).toBe('101');
    expect(at('1000', null, '101')).toBe('101');
    expect(at('10', '99', null)).toBe('99');
    expect(at('10', null, null)).toBe('10');
    expect(at(null, '99', '102')).toBe('100.5');
    expect(at(null, '99', null)).toBeNull();
  });

  it('prices a coin with no market to the pegged coin through a cross', () => {
    const prices = priceCoins(
      [
        market('BTC/USDT', { last: '65000.12', turnover: '1000000' }),
        market('ETH/BTC', { last: '0.05', turnover: '10' }),
        market('DOGE/ETH', { bid: '0.0001', ask: '0.0003' }),
      ],
      usdt,
    );
    expect(usdOf(prices)).toEqual({
      USDT: '1 via anchor',
      BTC: '65000.12 via btcusdt',
      ETH: '3250.006 via ethbtc',
      DOGE: '0.6500012 via dogeeth',
    });
  });

  it('values a coin through its most liquid market, measured in dollars from the priced side', () => {
    const markets = [
      market('BTC/USDT', { last: '60000', turnover: '6000000' }),
      market('ETH/USDT', { last: '3000', turnover: '30000' }),
      // 500 BTC a day (30 million dollars) against 30,000 dollars: ETH follows ETH/BTC.
      market('ETH/BTC', { last: '0.051', turnover: '500' }),
    ];
    expect(usdOf(priceCoins(markets, usdt)).ETH).toBe('3060 via ethbtc');
    const thin = markets.map((m) => (m.symbol === 'ethbtc' ? { ...m, quoteTurnover: new Big('0.1') } : m));
    expect(usdOf(priceCoins(thin, usdt)).ETH).toBe('3000 via ethusdt');
  });

  it('prices a quote coin from its base, and prefers traded markets, the coin as base, then the market order', () => {
    // USDT is the anchor; the other coin is the market's quote: 1 / price.
    expect(usdOf(priceCoins([market('USDT/EUR', { last: '0.8' })], usdt)).EUR).toBe('1.25 via usdteur');
    const untraded = [
      market('ETH/USDT', { bid: '2990', ask: '3010', sort: 1 }),
      market('ETH/USDC', { last: '3005', sort: 2 }),
    ];
    const withUsdc = new Map([...usdt, ['USDC', new Big(1)]]);
    expect(usdOf(priceCoins(untraded, withUsdc)).ETH).toBe('3005 via ethusdc');
    const bothQuoted = [
      market('ETH/USDC', { bid: '2990', ask: '3010', sort: 2 }),
      market('ETH/USDT', { last: '3000', sort: 3 }),
    ];
    expect(usdOf(priceCoins(bothQuoted, withUsdc)).ETH).toBe('3000 via ethusdt');
  });

  it('keeps an anchored coin at its anchor and leaves coins without a route unpriced', () => {
    const prices = priceCoins(
      [market('USDT/DAI', { last: '2', turnover: '999' }), market('ABC/XYZ', { last: '5', turnover: '1' })],
      new Map([...usdt, ['DAI', new Big('1')]]),
    );
    expect(usdOf(prices)).toEqual({ USDT: '1 via anchor', DAI: '1 via anchor' });
  });
});
