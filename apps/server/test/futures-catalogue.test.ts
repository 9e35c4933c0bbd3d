import { coPublicInfo, getLadderInfo, indexPriceWeightList } from '@opex/contract/calls/co-common';
import { orderCreate } from '@opex/contract/calls/order';
import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { ErrorCode } from '@opex/contract/error-codes';
import { CO_WS_PATH, WS_PATH } from '@opex/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { BTC_USDT_MARKET } from './content-fixtures.ts';
import { addBtcAndUsdt, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { fund, loginAs } from './trading-fixtures.ts';

/** A perpetual BTC contract margined in USDT, 0.001 BTC a contract; `extra` flags replace or add. */
const linear = (...extra: string[]) => linearContractAdd('USDT', ...extra);
/** A perpetual BTC contract margined in BTC, 100 USD a contract. */
const inverse = (...extra: string[]) =>
  linear('--quote', 'USD', '--side', 'inverse', '--multiplier', '100', '--sort', '2', ...extra);
const TIERS = '50000:125:0.004,250000:100:0.005,1000000:50:0.01';
const QUARTER_DELIVERY = Date.UTC(2026, 2, 27, 8);

describe.each(testDialects)('the futures catalogue on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  let visitor: TestClient;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const db = () => server.services.database.db;
  const catalogue = async () => ({
    contracts: await db().selectFrom('contracts').selectAll().orderBy('id').execute(),
    brackets: await db().selectFrom('contract_brackets').selectAll().orderBy('contract_id').orderBy('tier').execute(),
    audit: await db().selectFrom('audit_log').selectAll().orderBy('id').execute(),
  });
  /** A refused command: a clear message, and nothing changed (audit included). */
  const refused = async (argv: string[], message: RegExp) => {
    const before = await catalogue();
    const error = await runAdmin(argv, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminInputError);
    expect((error as Error).message).toMatch(message);
    expect(await catalogue()).toEqual(before);
  };
  const idOf = async (name: string) =>
    (
      await db()
        .selectFrom('contracts')
        .select('id')
        .where('contract_name', '=', name)
        .where('status', '!=', 'delisted')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    visitor = server.client();
    await addBtcAndUsdt(admin);
  });
  afterAll(() => server.close());

  it('lists linear and inverse, perpetual and dated contracts with brackets, each change audited', async () => {
    expect(await admin(...linear('--sort', '1'))).toMatch(/^contract E-BTC-USDT listed \(id \d+\); give it brackets/);
    await admin(...linear('--type', 'q', '--delivery', '2026-03-27T08:00:00Z', '--sort', '3'));
    await admin(...inverse());
    expect(await admin('contract', 'brackets', 'e-btc-usdt', '--tiers', TIERS)).toBe(
      'contract E-BTC-USDT: 3 brackets, up to 125x',
    );

    const { contracts, brackets, audit } = await catalogue();
    expect(contracts.map((c) => [c.contract_name, c.contract_side, c.margin_coin, c.multiplier_coin])).toEqual([
      ['E-BTC-USDT', 1, 'USDT', 'BTC'],
      ['Q-BTC-USDT', 1, 'USDT', 'BTC'],
      ['E-BTC-USD', 0, 'BTC', 'USD'],
    ]);
    expect(contracts[0]).toMatchObject({
      contract_type: 'E',
      multiplier: '0.001',
      price_precision: 1,
      min_order_volume: '1',
      max_limit_volume: '100000',
      min_order_money: '0',
      max_market_money: '1000000',
      price_range: '0.05',
      capital_frequency: 8,
      capital_start_time: 0,
      funding_cap: '0.0075',
      maker_fee: '0.0002',
      taker_fee: '0.0005',
      delivery_time: null,
      status: 'listed',
      depth_steps: '1,0',
      funds_in_status: 1,
      funds_out_status: 1,
    });
    expect(contracts[1]?.delivery_time).toBe(QUARTER_DELIVERY);
    // Cumulative maintenance amounts worked by hand: 50000 x (0.005 - 0.004) = 50; 50 + 250000 x 0.005 = 1300.
    expect(
      brackets.map((b) => [b.tier, b.max_notional, b.max_leverage, b.maintenance_rate, b.cumulative_amount]),
    ).toEqual([
      [1, '50000', 125, '0.004', '0'],
      [2, '250000', 100, '0.005', '50'],
      [3, '1000000', 50, '0.01', '1300'],
    ]);
    expect(audit.slice(-4).map((a) => [a.actor, a.action, a.subject])).toEqual([
      ['cli:tester', 'contract.add', 'E-BTC-USDT'],
      ['cli:tester', 'contract.add', 'Q-BTC-USDT'],
      ['cli:tester', 'contract.add', 'E-BTC-USD'],
      ['cli:tester', 'contract.brackets', 'E-BTC-USDT'],
    ]);
  });

  it('refuses bad contract input with a message naming the flag and rule, and changes nothing', async () => {
    const dated = (...extra: string[]) => linear('--type', 'W', ...extra);
    await refused(dated(), /--delivery is required for a dated contract \(type W\)/);
    await refused(dated('--delivery', '2025-12-31T00:00:00Z'), /--delivery must be in the future/);
    await refused(dated('--delivery', 'friday'), /--delivery must be an ISO date-time/);
    await refused(linear('--type', 'S', '--delivery', '2026-03-27T08:00:00Z'), /--delivery is only for dated types/);
    await refused(linear('--type', 'X'), /--type must be one of E, W, N, M, Q, S, H, not "X"/);
    await refused(linear('--side', 'sideways'), /--side must be linear or inverse/);
    await refused(linear('--base', 'DOGE'), /--base DOGE is not a listed coin/);
    await refused(linear('--quote', 'USD'), /--quote USD is not a listed coin/);
    await refused(linear('--quote', 'BTC'), /--base and --quote must differ/);
    await refused(linear('--multiplier', '0'), /--multiplier must be more than 0/);
    await refused(linear('--multiplier=-1'), /--multiplier must be a decimal number/);
    await refused(linear('--multiplier', '0.000000001'), /--multiplier has more decimals than BTC keeps \(8\)/);
    await refused(linear('--price-precision', '19'), /--price-precision must be a whole number from 0 to 18/);
    await refused(linear('--max-limit-volume', '0.5'), /--max-limit-volume must be a whole number of contracts/);
    await refused(linear('--min-order-volume', '10', '--max-limit-volume', '5'), /--max-limit-volume must be at least/);
    await refused(linear('--min-order-money', '10', '--max-market-money', '5'), /--max-market-money must be at least/);
    await refused(linear('--price-range', '1'), /--price-range must be above 0 and below 1/);
    await refused(linear('--funding-hours', '5'), /--funding-hours must divide a day: one of 1, 2, 3, 4, 6, 8, 12, 24/);
    await refused(linear('--funding-start', '24'), /--funding-start must be a whole number from 0 to 23/);
    await refused(linear('--maker-fee', '0.5'), /--maker-fee must be between 0 and 0.1/);
    await refused(linear('--depth', '0,1'), /--depth must be decimal places from most to fewest/);
    await refused(linear('--depth', '2,1'), /none above --price-precision \(1\)/);
    await refused(linear('--funds-in', 'yes'), /--funds-in must be 0 or 1/);
    await refused(linear(), /contract E-BTC-USDT is already listed: delist it before listing another/);
    await refused(linear('--bogus', '1'), /Unknown option '--bogus'/);
  });

  it('refuses a ladder that does not rise, or a rate its leverage cannot keep', async () => {
    const brackets = (tiers: string, name = 'E-BTC-USDT') => ['contract', 'brackets', name, '--tiers', tiers];
    await refused(
      brackets('50000:125:0.008'),
      /--tiers tier 1: maintenance margin rate must be below 1 \/ max leverage/,
    );
    await refused(brackets('50000:125:0.004,40000:100:0.005'), /--tiers tier 2: max notional must be above/);
    await refused(brackets('50000:100:0.004,250000:125:0.005'), /--tiers tier 2: max leverage may not exceed/);
    await refused(brackets('50000:125'), /--tiers tier 1 must be CAP:LEVERAGE:RATE/);
    await refused(brackets('50000:ten:0.004'), /--tiers tier 1: the leverage must be a whole number, not "ten"/);
    await refused(brackets('fifty:125:0.004'), /--tiers tier 1 cap must be a decimal number/);
    await refused(brackets(TIERS, 'E-ETH-USDT'), /no listed or halted contract E-ETH-USDT/);
    await refused(['contract', 'brackets', 'E-BTC-USDT'], /--tiers is required/);
  });

  it('serves every listed contract in public_info, shaped as the original pages read it', async () => {
    const { code, data } = await visitor.call(coPublicInfo);
    expect(code).toBe('0');
    // The futures socket, beside the spot one.
    const spot = await visitor.call(publicInfoV4);
    expect(data.wsUrl).toBe(CO_WS_PATH);
    expect(spot.data.market.wsUrl).toBe(WS_PATH);
    expect(data.currentTimeMillis).toBe(server.clock.now());
    expect(data.marginCoinList).toEqual(['USDT', 'BTC']);
    expect(data.contractList.map((c) => c.contractName)).toEqual(['E-BTC-USDT', 'E-BTC-USD', 'Q-BTC-USDT']);
    expect(data.contractList[0]).toEqual({
      id: await idOf('E-BTC-USDT'),
      contractName: 'E-BTC-USDT',
      symbol: 'BTC-USDT',
      contractType: 'E',
      coType: 'E',
      contractSide: 1,
      deliveryKind: 0,
      base: 'BTC',
      quote: 'USDT',
      marginCoin: 'USDT',
      multiplier: '0.001',
      multiplierCoin: 'BTC',
      marginRate: 1,
      sort: 1,
      capitalStartTime: 0,
      capitalFrequency: 8,
      makerFee: '0.0002',
      takerFee: '0.0005',
      coinResultVo: {
        symbolPricePrecision: 1,
        marginCoinPrecision: 2,
        fundsInStatus: 1,
        fundsOutStatus: 1,
        priceRange: '0.05',
        maxMarketMoney: '1000000',
        minOrderMoney: '0',
        maxLimitVolume: '100000',
        minOrderVolume: '1',
        depth: ['1', '0'],
      },
    });
    expect(data.contractList[1]).toMatchObject({
      contractName: 'E-BTC-USD',
      symbol: 'BTC-USD',
      contractSide: 0,
      marginCoin: 'BTC',
      multiplier: '100',
      multiplierCoin: 'USD',
      coinResultVo: { marginCoinPrecision: 6 },
    });
    expect(data.contractList[2]).toMatchObject({
      contractName: 'Q-BTC-USDT',
      contractType: 'Q',
      coType: 'E',
      deliveryKind: 4,
    });
  });

  it('serves the brackets as the doubled ladderList, with the leverage each allows', async () => {
    const { code, data } = await visitor.call(getLadderInfo, { contractId: String(await idOf('E-BTC-USDT')) });
    expect(code).toBe('0');
    expect(data).toEqual({
      ladderList: {
        ladderList: [
          {
            minPositionValue: '0',
            maxPositionValue: '50000',
            minMarginRate: '0.004',
            maxLever: 125,
            maintenanceAmount: '0',
          },
          {
            minPositionValue: '50000',
            maxPositionValue: '250000',
            minMarginRate: '0.005',
            maxLever: 100,
            maintenanceAmount: '50',
          },
          {
            minPositionValue: '250000',
            maxPositionValue: '1000000',
            minMarginRate: '0.01',
            maxLever: 50,
            maintenanceAmount: '1300',
          },
        ],
      },
      leverList: { minLever: 1, maxLever: 125 },
      leverCeiling: { '125': '50000', '100': '250000', '50': '1000000' },
    });
    // A contract without brackets yet offers no leverage.
    const bare = await visitor.call(getLadderInfo, { contractId: await idOf('E-BTC-USD') });
    expect(bare.data).toEqual({
      ladderList: { ladderList: [] },
      leverList: { minLever: 1, maxLever: 1 },
      leverCeiling: {},
    });
    expect(await visitor.call(getLadderInfo, { contractId: 999 })).toMatchObject({
      code: ErrorCode.notFound,
      msg: expect.stringMatching(/contractId/),
    });
    expect(await visitor.call(getLadderInfo, { contractId: 'abc' })).toMatchObject({
      code: ErrorCode.badRequest,
      msg: expect.stringMatching(/contractId/),
    });
  });

  it('gives the index composition: the spot market the index reads, once the coins have prices', async () => {
    const linearId = await idOf('E-BTC-USDT');
    const inverseId = await idOf('E-BTC-USD');
    const composition = async (contractId: number) =>
      (await visitor.call(indexPriceWeightList, { contractId, page: 1, limit: 10 })).data.records;
    expect(await composition(linearId)).toEqual([]);

    // USDT pegged to the dollar, BTC priced by a two-sided BTC/USDT book.
    await admin(...BTC_USDT_MARKET);
    await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
    await fund(server.services.core, 501, 'USDT', '100000');
    await fund(server.services.core, 502, 'BTC', '1');
    const order = async (userId: number, side: 'BUY' | 'SELL', price: string) =>
      expect(
        (
          await (
            await loginAs(server, userId)
          ).call(orderCreate, { side, type: 1, price, volume: '0.1', symbol: 'btcusdt' })
        ).code,
      ).toBe('0');
    await order(501, 'BUY', '60000');
    await order(502, 'SELL', '60010');

    const btcUsdt = [{ id: 1, name: 'BTC/USDT', weightRate: '1' }];
    expect(await composition(linearId)).toEqual(btcUsdt);
    // The inverse contract's dollar index reads the same book through the operator's USDT price.
    expect(await composition(inverseId)).toEqual(btcUsdt);
    expect(
      (await visitor.call(indexPriceWeightList, { contractId: linearId, page: 2, limit: 10 })).data.records,
    ).toEqual([]);
  });

  it('halts, resumes and delists: a halted contract is still served, a delisted one is gone and its name free', async () => {
    const id = await idOf('E-BTC-USD');
    const served = async () => (await visitor.call(coPublicInfo)).data;
    expect(await admin('contract', 'halt', 'E-BTC-USD')).toBe('contract E-BTC-USD halted');
    await refused(
      ['contract', 'halt', 'E-BTC-USD'],
      /cannot halt contract E-BTC-USD: it is halted, and only a listed one can be/,
    );
    expect((await served()).contractList.map((c) => c.contractName)).toContain('E-BTC-USD');
    expect(await admin('contract', 'resume', 'E-BTC-USD')).toBe('contract E-BTC-USD listed');
    await refused(
      ['contract', 'resume', 'E-BTC-USD'],
      /cannot resume contract E-BTC-USD: it is listed, and only a halted one can be/,
    );

    expect(await admin('contract', 'delist', 'E-BTC-USD')).toBe('contract E-BTC-USD delisted');
    await refused(['contract', 'delist', 'E-BTC-USD'], /no listed or halted contract E-BTC-USD/);
    await refused(['contract', 'halt'], /<name> is required/);
    const after = await served();
    expect(after.contractList.map((c) => c.contractName)).toEqual(['E-BTC-USDT', 'Q-BTC-USDT']);
    expect(after.marginCoinList).toEqual(['USDT']);
    expect((await visitor.call(getLadderInfo, { contractId: id })).code).toBe(ErrorCode.notFound);
    expect((await visitor.call(indexPriceWeightList, { contractId: id })).code).toBe(ErrorCode.notFound);

    // The name is free again, as a rolled dated contract's successor needs; the delisted row stays.
    await admin(...inverse());
    expect(await idOf('E-BTC-USD')).not.toBe(id);
    const listing = await admin('contract', 'list');
    expect(listing.split('\n').map((line) => line.split('\t').slice(0, 3))).toEqual([
      ['E-BTC-USDT', `id ${await idOf('E-BTC-USDT')}`, 'listed'],
      ['E-BTC-USD', `id ${id}`, 'delisted'],
      ['E-BTC-USD', `id ${await idOf('E-BTC-USD')}`, 'listed'],
      ['Q-BTC-USDT', `id ${await idOf('Q-BTC-USDT')}`, 'listed'],
    ]);
    expect(listing).toMatch(/E-BTC-USDT\t.*\t3 brackets up to 125x\tperpetual/);
    expect(listing).toMatch(/Q-BTC-USDT\t.*\tno brackets\tdelivers 2026-03-27T08:00:00.000Z/);
  });
});
