import { homepageElasticLayer } from '@opex/contract/calls/common';
import { getChargeAddress } from '@opex/contract/calls/deposit';
import { orderCreate } from '@opex/contract/calls/order';
import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { addPopup } from '../src/modules/common/home-popups.ts';
import { adminContext, configureSimulatedChains } from './deposit-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { openApiBuyer } from './open-api-fixtures.ts';
import { fund, loginAs, seedMarket } from './trading-fixtures.ts';
import { submitIdentity } from './user-fixtures.ts';

/** Switches the spec names that the server enforces (docs/switches.md): each refuses or withholds what it gates. */
describe.each(testDialects)('switches that gate on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  const ALICE = 101;
  const db = () => server.services.database.db;
  const admin = (...argv: string[]) => runAdmin(argv, adminContext(server));
  const countOf = async (table: 'orders' | 'deposit_addresses') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await configureSimulatedChains(server);
    await seedMarket(db());
    await fund(server.services.core, ALICE, 'USDT', '1000');
    alice = await loginAs(server, ALICE);
  });
  afterAll(() => server.close());

  it('is_deposit_open: while off, no deposit address is handed out', async () => {
    await admin('switch', 'set', 'is_deposit_open', '0');
    const before = await countOf('deposit_addresses');
    const refused = await alice.call(getChargeAddress, { symbol: 'BTC' });
    expect(refused.code).toBe(ErrorCode.depositsPaused);
    expect(refused.msg).toBe('Deposits are paused on this exchange. Please try again later.');
    expect(await countOf('deposit_addresses')).toBe(before);

    await admin('switch', 'set', 'is_deposit_open', '1');
    const given = await alice.call(getChargeAddress, { symbol: 'BTC' });
    expect(given.code).toBe('0');
    expect(given.data.address).not.toBe('');
  });

  it('has_trade_limit_open: while on, only a trader with approved identity verification places orders', async () => {
    const order = { side: 'BUY', type: 1, price: '100', volume: '0.01', symbol: 'btcusdt' } as const;
    const openApiOrder = await openApiBuyer(server, ALICE);
    await admin('switch', 'set', 'has_trade_limit_open', '1');
    try {
      const before = await countOf('orders');
      const refused = await alice.call(orderCreate, order);
      expect(refused.code).toBe(ErrorCode.tradingNeedsIdentity);
      const refusedByApi = (await openApiOrder('100', '0.01')).body;
      expect(refusedByApi.msg).toBe('Verify your identity before trading on this exchange.');
      expect(refusedByApi.orderId).toBeUndefined();
      expect(await countOf('orders')).toBe(before);

      const submission = await submitIdentity(server, ALICE);
      // Submitted is not enough: the review must approve it.
      expect((await alice.call(orderCreate, order)).code).toBe(ErrorCode.tradingNeedsIdentity);
      await admin('kyc', 'approve', String(submission));
      expect((await alice.call(orderCreate, order)).code).toBe('0');
      expect((await openApiOrder('100', '0.01')).body.orderId).toEqual(expect.any(Number));
    } finally {
      await admin('switch', 'set', 'has_trade_limit_open', '0');
    }
  });

  it('index_layer_open: the home pop-up is served only while the layer is on', async () => {
    const now = server.clock.now();
    await addPopup(
      db(),
      { lang: 'en_US', activityTitle: 'Launch', startTime: now - 1000, endTime: now + 60_000, displayType: 1 },
      now,
    );
    const visitor = server.client();
    expect((await visitor.call(homepageElasticLayer, { terminalType: '0' })).data).toBeNull();
    await admin('switch', 'set', 'index_layer_open', '1');
    expect((await visitor.call(homepageElasticLayer, { terminalType: '0' })).data?.activityTitle).toBe('Launch');
  });

  it('serves the tracking beacon endpoint the operator sets, and none by default', async () => {
    const visitor = server.client();
    expect((await visitor.call(publicInfoV4, {})).data.url.trackUrl).toBe('');
    await admin('setting', 'set', 'url', JSON.stringify({ trackUrl: 'https://track.example.com/t.gif' }));
    expect((await visitor.call(publicInfoV4, {})).data.url.trackUrl).toBe('https://track.example.com/t.gif');
  });
});
