import type { AddressInfo } from 'node:net';
import { fundingRateList, indexPriceKline, publicMarketInfo, tagPriceKline } from '@opex/contract/calls/co-common';
import { ErrorCode } from '@opex/contract/error-codes';
import { CO_WS_PATH } from '@opex/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { addBtcAndUsdt, BTC_BRACKETS, btcPriceTo } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { type Frame, on, RealtimeSocket, rep } from './realtime-socket.ts';

const MINUTE = 60_000;
const NOON = Date.UTC(2026, 0, 1, 12);
const SIXTEEN = Date.UTC(2026, 0, 1, 16);

/** A contract as the operator lists it: 0.001 BTC (linear) or 100 USD (inverse) a contract, price to 0.1. */
const contract = (base: string, quote: string, type: string, side: 'linear' | 'inverse', ...extra: string[]) => [
  'contract',
  'add',
  '--base',
  base,
  '--quote',
  quote,
  '--type',
  type,
  '--side',
  side,
  '--multiplier',
  side === 'linear' ? '0.001' : '100',
  '--price-precision',
  '1',
  '--max-limit-volume',
  '100000',
  '--max-market-money',
  '1000000',
  '--maker-fee',
  '0.0002',
  '--taker-fee',
  '0.0005',
  ...extra,
];

describe.each(testDialects)('futures index, mark and funding on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let visitor: TestClient;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const db = () => server.services.database.db;
  const ids: Record<string, number> = {};
  /** The operator prices BTC; the price index reads it again and the contracts' prices are worked out. */
  const btcAt = (price: string) => btcPriceTo(server, admin, price);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    visitor = server.client();
    await addBtcAndUsdt(admin);
    await admin('coin', 'add', '--symbol', 'ETH', '--name', 'Ether', '--show-precision', '6', '--scale', '8');
    await admin(...contract('BTC', 'USDT', 'E', 'linear'));
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', BTC_BRACKETS);
    await admin(...contract('BTC', 'USD', 'E', 'inverse'));
    await admin(...contract('BTC', 'USDT', 'Q', 'linear', '--delivery', '2026-03-27T08:00:00Z'));
    await admin(...contract('ETH', 'USDT', 'E', 'linear'));
    for (const c of await db().selectFrom('contracts').select(['id', 'contract_name']).execute()) {
      ids[c.contract_name] = c.id;
    }
    await server.services.core.reloadMarkets();
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await btcAt('65000.5');
  });
  afterAll(() => server.close());

  const marketInfo = async (name: string) => {
    const { code, data } = await visitor.call(publicMarketInfo, { contractId: ids[name] });
    expect(code).toBe('0');
    return data;
  };

  it('marks a contract at its index while it has no book, no trade and no funding rate yet', async () => {
    const { contractPrices } = server.services;
    expect(contractPrices.indexOf('e-btc-usdt')).toBe(65_000_500_000_000_000_000_000n);
    expect(contractPrices.markOf('e-btc-usdt')).toBe(65_000_500_000_000_000_000_000n);
    // I = 0.01% per 8 hours while no premium is sampled (the book is empty).
    expect(await marketInfo('E-BTC-USDT')).toEqual({
      tagPrice: '65000.5',
      indexPrice: '65000.5',
      currentFundRate: '0',
      nextFundRate: '0.0001',
    });
    // Quoted in dollars: BTC's index in USD, here the operator's price.
    expect((await marketInfo('E-BTC-USD')).indexPrice).toBe('65000.5');
    // A dated contract has no funding.
    expect(await marketInfo('Q-BTC-USDT')).toMatchObject({
      tagPrice: '65000.5',
      currentFundRate: '0',
      nextFundRate: '0',
    });
    // ETH has no index price: neither has its contract.
    expect(await marketInfo('E-ETH-USDT')).toMatchObject({ tagPrice: '', indexPrice: '' });
    expect(contractPrices.markOf('e-eth-usdt')).toBeNull();
    expect((await visitor.call(publicMarketInfo, { contractId: 999 })).code).toBe(ErrorCode.notFound);
  });

  it('keeps index and mark as one-minute bars, newest first, paged back from beginTime', async () => {
    await btcAt('65010');
    server.clock.advance(MINUTE);
    await btcAt('65020');
    await btcAt('64990');
    const minute = { mtime: NOON + MINUTE, open: '65020.0', high: '65020.0', low: '64990.0', close: '64990.0' };
    const noon = { mtime: NOON, open: '65000.5', high: '65010.0', low: '65000.5', close: '65010.0' };
    for (const call of [indexPriceKline, tagPriceKline]) {
      const { data } = await visitor.call(call, { contractId: ids['E-BTC-USDT'] });
      expect(data.records).toEqual([minute, noon]);
      const older = await visitor.call(call, { contractId: ids['E-BTC-USDT'], beginTime: NOON + MINUTE });
      expect(older.data.records).toEqual([noon]);
    }
    expect((await visitor.call(indexPriceKline, { contractId: ids['E-ETH-USDT'] })).data.records).toEqual([]);
    expect((await visitor.call(tagPriceKline, { contractId: 'x' })).code).not.toBe('0');
  });

  it('settles each perpetual at its funding moment with the mark then, and lists the rates', async () => {
    server.clock.set(SIXTEEN);
    const { contractPrices, core } = server.services;
    await contractPrices.tick();
    // 16:00 is an 8-hourly funding moment: its command, as the scheduler's job sends it (with the task's mark).
    const moment = contractPrices.fundingMoment(SIXTEEN);
    const mark = { task: 'futures.funding', until: SIXTEEN };
    expect(await core.execute('fundingSettle', moment, { at: SIXTEEN, mark })).toEqual({ ok: true, count: 3 });
    const rows = await db().selectFrom('funding_rates').selectAll().orderBy('contract_id').execute();
    expect(rows.map((r) => [Number(r.contract_id), Number(r.funding_time), r.rate, r.mark, r.samples])).toEqual([
      [ids['E-BTC-USDT'], SIXTEEN, '0.0001', '64990', 0],
      [ids['E-BTC-USD'], SIXTEEN, '0.0001', '64990', 0],
      [ids['E-ETH-USDT'], SIXTEEN, '0.0001', null, 0],
    ]);

    const { data } = await visitor.call(fundingRateList, { contractId: ids['E-BTC-USDT'], page: 1, limit: 10 });
    const id = Number(rows[0]?.id);
    expect(data).toEqual({
      historyList: [{ id, ctime: SIXTEEN, contractName: 'E-BTC-USDT', amount: '0.0001' }],
      brokenLineList: [{ ctime: SIXTEEN, amount: '0.0001' }],
      count: 1,
    });
    expect((await visitor.call(fundingRateList, { contractId: ids['Q-BTC-USDT'] })).data.count).toBe(0);
    expect(await marketInfo('E-BTC-USDT')).toMatchObject({ currentFundRate: '0.0001', nextFundRate: '0.0001' });
    // With the last rate, a = index x (1 + 0.0001 x 8h / 8h) lies above the index; the median is still the index.
    expect(server.services.contractPrices.markOf('e-btc-usdt')).toBe(64_990n * 10n ** 18n);
  });

  it('serves the contracts on the futures socket by key, with depth and mark price snapshots', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const s = await RealtimeSocket.open(`ws://127.0.0.1:${port}${CO_WS_PATH}`);
    s.send({ event: 'sub', params: { channel: 'market_e_btcusdt_depth_step0' } });
    expect((await s.next(on('market_e_btcusdt_depth_step0'))).tick).toEqual({ asks: [], buys: [] });
    s.send({ event: 'sub', params: { channel: 'market_e_btcusdt_mark_price' } });
    expect((await s.next(on('market_e_btcusdt_mark_price'))).tick).toEqual({
      markPrice: '64990.0',
      indexPrice: '64990.0',
    });
    await btcAt('65100');
    // A change noted before the sub may still be pushed once after its snapshot: the same value, which clients skip.
    const moved = (f: Frame) => on('market_e_btcusdt_mark_price')(f) && JSON.stringify(f.tick).includes('65100');
    expect((await s.next(moved)).tick).toEqual({
      markPrice: '65100.0',
      indexPrice: '65100.0',
    });
    s.send({ event: 'req', params: { channel: 'market_e_btcusdt_trade_ticker', cb_id: 't', top: 100 } });
    expect((await s.next(rep('market_e_btcusdt_trade_ticker'))).data).toEqual([]);
    s.send({ event: 'req', params: { channel: 'review', cb_id: 'r' } });
    expect((await s.next(rep('review'))).data).toEqual({});
    // Spot's names and unknown contracts are not this socket's.
    s.send({ event: 'sub', params: { channel: 'market_btcusdt_ticker' } });
    expect((await s.next((f) => f.event_rep === 'error')).msg).toBe('unknown channel');
    s.send({ event: 'sub', params: { channel: 'market_e_dogeusdt_ticker' } });
    expect((await s.next((f) => f.event_rep === 'error')).msg).toBe('unknown market');
    s.close();
  });
});
