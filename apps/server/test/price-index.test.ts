import { orderCreate } from '@opex/contract/calls/order';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAnchor } from '../src/catalog/price-anchors.ts';
import type { PriceChange } from '../src/prices/price-index.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, loginAs, seedMarket } from './trading-fixtures.ts';

describe.each(testDialects)('the price index tells its listeners on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const heard: PriceChange[] = [];
  const prices = () => server.services.prices;
  const db = () => server.services.database.db;
  /** The BTC prices heard, in US dollars, in order. */
  const btcHeard = () => heard.filter((c) => c.coin === 'BTC').map((c) => c.price?.usd.toFixed() ?? null);
  const order = async (who: TestClient, side: 'BUY' | 'SELL', price: string, volume: string) =>
    expect((await who.call(orderCreate, { side, type: 1, price, volume, symbol: 'btcusdt' })).code).toBe('0');

  beforeAll(async () => {
    // Polled often, so a change of the operator's anchors reaches listeners without a reader asking.
    server = await startTestServer(dialect, { config: { priceSourcesPollMs: 20 } });
    await seedMarket(db());
    await fund(server.services.core, 301, 'USDT', '100000');
    await fund(server.services.core, 302, 'BTC', '10');
    alice = await loginAs(server, 301);
    bob = await loginAs(server, 302);
    prices().subscribe((change) => heard.push(change));
  });
  afterAll(() => server.close());

  it("hears an operator's anchor set from outside the server on the next poll", async () => {
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1' }, 0);
    await vi.waitFor(() => expect(heard).toContainEqual({ coin: 'USDT', price: expect.anything() }));
    expect(prices().latest().prices.get('USDT')?.usd.toFixed()).toBe('1');
  });

  it('tells each trade that moves a coin, without a reader asking', async () => {
    await order(bob, 'SELL', '20000', '1');
    await order(alice, 'BUY', '20000', '1');
    await vi.waitFor(() => expect(btcHeard()).toEqual(['20000']));
    expect(heard.at(-1)).toEqual({ coin: 'BTC', price: expect.objectContaining({ via: 'btcusdt' }) });
    // The same price at once through the synchronous read a risk check would use.
    expect(prices().latest().prices.get('BTC')?.usd.toFixed()).toBe('20000');
  });

  it('tells a clipped price: a trade the book has since left behind is held at the best bid', async () => {
    await order(bob, 'SELL', '10000', '0.1');
    await order(alice, 'BUY', '10000', '0.1');
    await vi.waitFor(() => expect(btcHeard().at(-1)).toBe('10000'));
    await order(alice, 'BUY', '24000', '0.1');
    await order(bob, 'SELL', '24500', '0.1');
    await vi.waitFor(() => expect(btcHeard().at(-1)).toBe('24000'));
    // The resting ask moved nothing more: the clipped price stayed at the bid, so nothing else was told.
    expect(btcHeard()).toEqual(['20000', '10000', '24000']);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const late: PriceChange[] = [];
    const unsubscribe = prices().subscribe((change) => late.push(change));
    unsubscribe();
    // A new peg moves every coin priced through it: USDT, and BTC with it.
    await setAnchor(db(), { coin: 'USDT', fiat: 'usd', price: '1.01' }, 0);
    await vi.waitFor(() => expect(btcHeard().at(-1)).toBe('24240'));
    expect(late).toEqual([]);
  });
});
