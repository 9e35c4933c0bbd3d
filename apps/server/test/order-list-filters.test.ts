import { orderCreate, orderEntrustHistory, orderListAll, orderListNew } from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, loginAs, seedMarket } from './trading-fixtures.ts';

describe.each(testDialects)('order list filters of the order centre on %s', (dialect) => {
  let server: TestServer;
  let carol: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedMarket(server.services.database.db);
    await fund(server.services.core, 301, 'USDT', '1000');
    await fund(server.services.core, 301, 'BTC', '1');
    carol = await loginAs(server, 301);
    const place = async (order: Parameters<TestClient['call']>[1]) =>
      expect((await carol.call(orderCreate, order as never)).code).toBe('0');
    await place({ side: 'BUY', type: 1, price: '100', volume: '1', symbol: 'btcusdt' });
    await place({ side: 'SELL', type: 1, price: '90000', volume: '0.5', symbol: 'btcusdt' });
    // Nothing to match on the book: the market sell ends cancelled, in the history.
    await place({ side: 'SELL', type: 2, volume: '0.1', symbol: 'btcusdt' });
  });
  afterAll(() => server.close());

  const ids = async (call: typeof orderListAll, filter: Record<string, unknown>) => {
    const reply = await carol.call(call, { page: 1, pageSize: 20, ...filter });
    return reply.data?.orderList.map((o) => `${o.type}:${o.side}`);
  };

  it('filters by type, alone and with the side', async () => {
    expect(await ids(orderListAll, {})).toEqual(['2:SELL', '1:SELL', '1:BUY']);
    expect(await ids(orderListAll, { type: 1 })).toEqual(['1:SELL', '1:BUY']);
    expect(await ids(orderListAll, { type: '2' })).toEqual(['2:SELL']);
    expect(await ids(orderListNew, { type: 1, side: 'BUY' })).toEqual(['1:BUY']);
    expect(await ids(orderEntrustHistory, { type: 1 })).toEqual([]);
    expect(await ids(orderEntrustHistory, { type: 2 })).toEqual(['2:SELL']);
  });

  it('refuses a type it does not know', async () => {
    const reply = await carol.call(orderListAll, { page: 1, pageSize: 20, type: 3 as 1 });
    expect(reply.code).toBe(ErrorCode.badRequest);
  });
});
