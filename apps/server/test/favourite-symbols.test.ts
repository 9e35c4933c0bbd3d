import { commonUpdateOptionalSymbol, optionalListSymbol, optionalUpdateSymbol } from '@opex/contract/calls/optional';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { loginAs, seedMarket } from './trading-fixtures.ts';

describe.each(testDialects)('favourite markets kept on the server on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  const list = async (client: TestClient) => (await client.call(optionalListSymbol, {})).data?.symbols;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const db = server.services.database.db;
    await seedMarket(db);
    await seedMarket(db, { base: 'ETH', quote: 'USDT', sort: 2 });
    await seedMarket(db, { base: 'ETH', quote: 'BTC', sort: 3 });
    alice = await loginAs(server, 201);
    bob = await loginAs(server, 202);
  });
  afterAll(() => server.close());

  it('needs a session', async () => {
    const anonymous = await server.client().call(optionalListSymbol, {});
    expect(anonymous.code).toBe(ErrorCode.sessionEnded);
  });

  it('refuses writes while the operator keeps favourites in browsers, and changes nothing', async () => {
    await server.services.settings.setSwitch('optional_symbol_server_open', '0');
    const refused = await alice.call(optionalUpdateSymbol, { operationType: '1', symbols: 'btcusdt' });
    expect(refused.code).toBe(ErrorCode.switchedOff);
    expect(await list(alice)).toEqual([]);
  });

  it('adds, lists in the order added, removes, per user', async () => {
    await server.services.settings.setSwitch('optional_symbol_server_open', '1');
    expect((await alice.call(optionalUpdateSymbol, { operationType: '1', symbols: 'ethusdt' })).data).toEqual({
      symbols: ['ethusdt'],
    });
    // The original's market names are read as symbols; adding again is a no-op.
    await alice.call(optionalUpdateSymbol, { operationType: 1, symbols: 'BTC/USDT' });
    await alice.call(commonUpdateOptionalSymbol, { operationType: '1', symbols: 'ethusdt' });
    expect(await list(alice)).toEqual(['ethusdt', 'btcusdt']);
    expect(await list(bob)).toEqual([]);

    const removed = await alice.call(optionalUpdateSymbol, { operationType: '2', symbols: 'ethusdt' });
    expect(removed.data?.symbols).toEqual(['btcusdt']);
    // Removing one that is not there changes nothing.
    await alice.call(optionalUpdateSymbol, { operationType: '2', symbols: 'ethbtc' });
    expect(await list(alice)).toEqual(['btcusdt']);
  });

  it('adds several at once (local favourites after logging in), skipping those already kept', async () => {
    const added = await bob.call(optionalUpdateSymbol, { operationType: '0', symbols: 'ethbtc, btcusdt,ethbtc' });
    expect(added.data?.symbols).toEqual(['ethbtc', 'btcusdt']);
    await bob.call(optionalUpdateSymbol, { operationType: '0', symbols: 'btcusdt,ethusdt' });
    expect(await list(bob)).toEqual(['ethbtc', 'btcusdt', 'ethusdt']);
  });

  it('refuses an unknown market or several symbols in a single add, and changes nothing', async () => {
    const before = await list(alice);
    const unknown = await alice.call(optionalUpdateSymbol, { operationType: '0', symbols: 'ethusdt,dogeusdt' });
    expect(unknown.code).toBe(ErrorCode.marketNotFound);
    const several = await alice.call(optionalUpdateSymbol, { operationType: '1', symbols: 'ethusdt,ethbtc' });
    expect(several.code).toBe(ErrorCode.badRequest);
    const bad = await alice.call(optionalUpdateSymbol, { operationType: '3' as '1', symbols: 'ethusdt' });
    expect(bad.code).toBe(ErrorCode.badRequest);
    expect(await list(alice)).toEqual(before);
  });
});
