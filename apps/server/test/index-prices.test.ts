import { accountBalanceV5 } from '@opex/contract/calls/finance';
import { orderCreate } from '@opex/contract/calls/order';
import { rate } from '@opex/contract/calls/public-info';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAnchor, setFxRate } from '../src/catalog/price-anchors.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, loginAs, seedMarket, tradingInvariants } from './trading-fixtures.ts';

describe.each(testDialects)('index prices behind common/rate and balance valuations on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const db = () => server.services.database.db;
  const ALICE = 201;
  const BOB = 202;

  const rates = async () => {
    const reply = await server.client().call(rate, {});
    expect(reply.code).toBe('0');
    return reply.data.rate;
  };
  /** Bob sells to Alice at a price: the market's last trade. */
  const trade = async (symbol: string, price: string, volume: string) => {
    const sell = await bob.call(orderCreate, { side: 'SELL', type: 1, price, volume, symbol });
    const buy = await alice.call(orderCreate, { side: 'BUY', type: 1, price, volume, symbol });
    expect([sell.code, buy.code]).toEqual(['0', '0']);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(db());
    await seedMarket(db(), { base: 'ETH', quote: 'BTC', price_precision: 6, volume_precision: 3, sort: 2 });
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1' }, 0);
    await setFxRate(db(), { fiat: 'cny', perUsd: '7.2' }, 0);
    await fund(server.services.core, ALICE, 'USDT', '100000');
    await fund(server.services.core, ALICE, 'BTC', '10');
    await fund(server.services.core, BOB, 'BTC', '10');
    await fund(server.services.core, BOB, 'ETH', '10');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
  });
  afterEach(async () => expect(await tradingInvariants(db(), server.services.core)).toEqual([]));
  afterAll(() => server.close());

  it('values the pegged coin at its peg in every fiat, and nothing without a price yet', async () => {
    const table = await rates();
    expect(table.en_US).toEqual({ USDT: '1', USD: '1', coin_precision: 2, lang_logo: '$' });
    expect(table.zh_CN).toEqual({ USDT: '7.2', CNY: '1', coin_precision: 2, lang_logo: '¥' });
    // No exchange rate for the yen: the language gets no coin prices rather than wrong ones.
    expect(table.ja_JP).toEqual({ JPY: '1', coin_precision: 0, lang_logo: '¥' });
  });

  it('follows a price move: common/rate and the account valuation read the same last price', async () => {
    await trade('btcusdt', '20000', '1');
    expect((await rates()).en_US).toMatchObject({ BTC: '20000', USDT: '1' });
    const before = (await alice.call(accountBalanceV5, {})).data;
    // 80,000 USDT at 20,000: 4 BTC, plus the 10.998 BTC held (1 bought, less the 0.002 taker fee).
    expect(before.allCoinMap.USDT?.allBtcValuatin).toBe('4');
    expect(before.totalBalance).toBe('14.998');

    await trade('btcusdt', '25000', '0.5');
    const after = await rates();
    expect(after.en_US).toMatchObject({ BTC: '25000' });
    expect(after.zh_CN).toMatchObject({ BTC: '180000', USDT: '7.2' });
    const moved = (await alice.call(accountBalanceV5, {})).data;
    // 67,500 USDT at 25,000: 2.7 BTC.
    expect(moved.allCoinMap.USDT).toMatchObject({ total_balance: '67500', allBtcValuatin: '2.7' });
  });

  it('values a coin with no market to the pegged coin through a cross', async () => {
    await trade('ethbtc', '0.05', '1');
    expect((await rates()).en_US).toMatchObject({ ETH: '1250', BTC: '25000' });
    expect((await alice.call(accountBalanceV5, {})).data.allCoinMap.ETH).toMatchObject({
      total_balance: '0.998',
      allBtcValuatin: '0.0499',
    });
  });

  it('clips a last trade that the book has since left behind', async () => {
    await trade('btcusdt', '10000', '0.1');
    // The book now stands at 24,000 / 24,500: the trade at 10,000 is an outlier, held at the best bid.
    const bid = await alice.call(orderCreate, {
      side: 'BUY',
      type: 1,
      price: '24000',
      volume: '0.1',
      symbol: 'btcusdt',
    });
    const ask = await bob.call(orderCreate, {
      side: 'SELL',
      type: 1,
      price: '24500',
      volume: '0.1',
      symbol: 'btcusdt',
    });
    expect([bid.code, ask.code]).toEqual(['0', '0']);
    expect((await rates()).en_US).toMatchObject({ BTC: '24000', ETH: '1200' });
  });
});
