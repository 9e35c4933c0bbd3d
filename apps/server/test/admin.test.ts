import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cmsInfo } from '@opex/contract/calls/cms';
import { homepageElasticLayer } from '@opex/contract/calls/common';
import { noticeInfoList } from '@opex/contract/calls/notice';
import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/accounts/accounts.ts';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { contentSnapshot, BTC_USDT_MARKET as MARKET } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { PASSWORD } from './user-fixtures.ts';

const BTC = ['coin', 'add', '--symbol', 'btc', '--name', 'Bitcoin', '--show-precision', '6', '--scale', '8'];
const USDT = ['coin', 'add', '--symbol', 'USDT', '--name', 'Tether USD', '--show-precision', '2', '--scale', '6'];

describe.each(testDialects)('operator commands on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  /** A refused command: a clear message, and no row anywhere changed (audit included). */
  const refused = async (argv: string[], message: RegExp) => {
    const before = await contentSnapshot(server);
    await expect(runAdmin(argv, ctx)).rejects.toThrow(message);
    await expect(runAdmin(argv, ctx)).rejects.toBeInstanceOf(AdminInputError);
    expect(await contentSnapshot(server)).toEqual(before);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
  });
  afterAll(() => server.close());

  it('adds coins and a market that public info shows at once, each change audited', async () => {
    expect(await admin(...BTC)).toBe('coin BTC added');
    await admin(...USDT);
    expect(await admin(...MARKET)).toBe('market BTC/USDT saved');
    await admin('price', 'set', '--coin', 'BTC', '--fiat', 'USD', '--price', '65000.5');
    const { data } = await server.client().call(publicInfoV4);
    expect(data.market.market.USDT?.['BTC/USDT']).toMatchObject({
      symbol: 'btcusdt',
      price: 2,
      volume: 6,
      marketBuyMin: '5',
    });
    expect(data.market.rate.en_US?.BTC).toBe('65000.5');
    const market = await server.services.database.db.selectFrom('markets').selectAll().executeTakeFirstOrThrow();
    expect(market).toMatchObject({ maker_fee: '0.001', taker_fee: '0.002', status: 'open' });
    const audit = await server.services.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audit.map((a) => [a.actor, a.action, a.subject])).toEqual([
      ['cli:tester', 'coin.add', 'BTC'],
      ['cli:tester', 'coin.add', 'USDT'],
      ['cli:tester', 'market.save', 'BTC/USDT'],
      ['cli:tester', 'price.set', 'BTC'],
    ]);
  });

  it("sets a market's minimum order value and price band, audited, and the trading core enforces them", async () => {
    const set = [
      'market',
      'guards',
      '--market',
      'BTC/USDT',
      '--min-notional',
      '10',
      '--band-up',
      '5',
      '--band-down',
      '7.5',
    ];
    expect(await admin(...set)).toBe('market BTC/USDT guards saved');
    const { db } = server.services.database;
    expect(
      await db.selectFrom('markets').select(['min_notional', 'price_band_up', 'price_band_down']).execute(),
    ).toEqual([{ min_notional: '10', price_band_up: '5', price_band_down: '7.5' }]);
    const audit = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([audit.action, audit.subject, JSON.parse(audit.detail)]).toEqual([
      'market.guards',
      'BTC/USDT',
      { minNotional: '10', priceBandUp: '5', priceBandDown: '7.5' },
    ]);
    expect(await admin('market', 'list')).toMatch(/min value 10\tband \+5% -7\.5%/);
    await server.services.core.reloadMarkets();
    const tooSmall = await server.services.core.placeOrder({
      userId: 9,
      symbol: 'btcusdt',
      request: { side: 'BUY', type: 1, price: '100', volume: '0.09' },
      clientOrderId: null,
    });
    expect(tooSmall).toEqual({ ok: false, code: ErrorCode.orderValueBelowMinimum });

    await refused(
      ['market', 'guards', '--market', 'BTC/USDT', '--band-down', '100'],
      /--band-down must be a percent below 100/,
    );
    await refused(['market', 'guards', '--market', 'BTC/USDT', '--band-up', '1.255'], /at most 2 decimals/);
    await refused(
      ['market', 'guards', '--market', 'BTC/USDT', '--min-notional', '5 USDT'],
      /--min-notional must be a decimal/,
    );
    await refused(['market', 'guards', '--market', 'DOGE/USDT', '--band-up', '5'], /no market DOGE\/USDT/);
    await refused(['market', 'guards', '--market', 'BTC/USDT'], /give --min-notional, --band-up or --band-down/);
  });

  it('sets operator prices and exchange rates that common/rate follows, and takes a price away', async () => {
    expect(await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1')).toBe('USDT priced at 1 usd');
    expect(await admin('fx', 'set', '--fiat', 'KRW', '--per-usd', '1350')).toBe('1 usd = 1350 krw');
    expect(await admin('price', 'list')).toBe('price\tBTC\t65000.5 usd\nprice\tUSDT\t1 usd\nfx\t1 usd\t1350 krw');
    let { data } = await server.client().call(publicInfoV4);
    expect(data.market.rate.ko_KR).toMatchObject({ USDT: '1350', BTC: '87750675', KRW: '1' });
    expect(await admin('price', 'unset', '--coin', 'BTC')).toBe('BTC is priced from the books');
    ({ data } = await server.client().call(publicInfoV4));
    expect(data.market.rate.en_US).toEqual({ USDT: '1', USD: '1', coin_precision: 2, lang_logo: '$' });
    const audit = await server.services.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audit.slice(-3).map((a) => [a.action, a.subject])).toEqual([
      ['price.set', 'USDT'],
      ['fx.set', 'krw'],
      ['price.unset', 'BTC'],
    ]);

    await refused(['price', 'unset', '--coin', 'BTC'], /BTC has no operator price/);
    await refused(['price', 'set', '--coin', 'DOGE', '--fiat', 'usd', '--price', '1'], /coin DOGE is not listed/);
    await refused(['price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '0'], /--price must be more than 0/);
    await refused(['fx', 'set', '--fiat', 'usd', '--per-usd', '2'], /always 1/);
    await refused(['fx', 'set', '--fiat', 'yen', '--per-usd', 'x'], /--per-usd must be a decimal number/);
  });

  it("sets margin's lending rates, a pair's risk lines and the identity rule, which the core and public info read", async () => {
    await admin(...MARKET, '--lever', '1', '--multiple', '5');
    expect(await admin('margin', 'coin', '--coin', 'usdt', '--daily-rate', '0.0003', '--min-borrow', '5')).toBe(
      'margin USDT: 0.03% a day, least loan 5',
    );
    expect(await admin('margin', 'pair', '--symbol', 'btcusdt', '--liquidation', '1.05')).toBe(
      'margin BTCUSDT: warning 1.3, transfer 2, liquidation 1.05, margin 0.05',
    );
    await server.services.core.reloadMarkets();
    const rules = server.services.core.market('btcusdt')?.margin;
    expect(rules?.multiple).toBe(5n);
    expect(rules?.liquidationRate).toBe(105n * 10n ** 16n);
    expect(rules?.coins.get('USDT')).toMatchObject({ dailyRate: 3n * 10n ** 14n, minBorrow: 5n * 10n ** 18n });
    await refused(['margin', 'coin', '--coin', 'USDT', '--daily-rate', 'lots'], /--daily-rate must be a decimal/);
    await refused(['margin', 'coin', '--coin', 'XYZ', '--daily-rate', '0.001'], /XYZ is not listed/);
    await refused(
      ['margin', 'coin', '--coin', 'USDT', '--daily-rate', '0.001', '--min-borrow', '0.0000001'],
      /decimals/,
    );
    await refused(['margin', 'pair', '--symbol', 'BTCUSDT', '--warn', '1.01'], /the lines must rise/);
    await refused(['margin', 'pair', '--symbol', 'NOPEUSDT'], /does not exist/);
    expect(await admin('kyc', 'limit', '--lever-trade', '1')).toMatch(/need an approved identity verification/);
    expect((await server.client().call(publicInfoV4)).data.kycLimitConfig).toEqual({ lever_trade_kyc_open: 1 });
    await refused(['kyc', 'limit', '--lever-trade', 'yes'], /--lever-trade must be 0 or 1/);
    await admin('kyc', 'limit', '--lever-trade', '0');
  });

  it('refuses bad catalogue input with a clear message and changes nothing', async () => {
    await refused(
      ['coin', 'add', '--symbol', 'ETH', '--name', 'Ether', '--scale', '8'],
      /--show-precision is required/,
    );
    await refused([...BTC.slice(0, 6), '--show-precision', 'six', '--scale', '8'], /whole number/);
    await refused(
      ['coin', 'add', '--symbol', 'E T H', '--name', 'x', '--show-precision', '2', '--scale', '8'],
      /letters or digits/,
    );
    await refused(
      MARKET.map((a) => (a === 'USDT' ? 'EUR' : a)),
      /coin EUR is not listed/,
    );
    await refused(
      MARKET.map((a) => (a === '0.001' ? '1e-3' : a)),
      /decimal number/,
    );
    await refused(
      MARKET.map((a) => (a === '0.01,0.1,1' ? '0.01;1' : a)),
      /--depth/,
    );
    await refused(
      [...MARKET, '--price-precision', '10', '--volume-precision', '9'],
      /--price-precision plus --volume-precision cannot exceed 18/,
    );
    await refused([...MARKET, '--bogus', '1'], /Unknown option '--bogus'/);
    await refused(['rate', 'set', '--coin', 'BTC', '--fiat', 'dollars', '--rate', '1'], /three-letter/);
    await refused(['fly', 'away'], /unknown command "fly away"/);
  });

  it('sets switches, brand, settings and the restricted list', async () => {
    await admin('switch', 'set', 'lever_open', '1');
    await admin('brand', 'set', 'company_name', 'Acme Exchange');
    await admin('setting', 'set', 'siteMode', '"futures"');
    expect(await admin('restricted', 'set', 'us,KP')).toBe('restricted: US (United States), KP (North Korea)');
    const { data } = await server.client().call(publicInfoV4);
    expect(data.switch.lever_open).toBe('1');
    expect(data.msg.company_name).toBe('Acme Exchange');
    expect(data.siteMode).toBe('futures');
    expect(data.limitCountryList).toEqual(['US', 'KP']);

    await refused(['brand', 'set', 'colour', 'red'], /<key> must be one of company_name/);
    await refused(['setting', 'set', 'siteMode', '"casino"'], /wrong shape for siteMode/);
    await refused(['setting', 'set', 'seo', '{broken'], /not valid JSON/);
    await refused(['restricted', 'set', 'US,XX1'], /not an ISO 3166/);
    await refused(['restricted', 'set', 'ZZ'], /not an ISO 3166/);
    await refused(['switch', 'set', 'lever open', '1'], /letters, digits and _/);
    await refused(['switch', 'set', 'lever_open'], /<value> is required/);
  });

  it('writes CMS pages, notices and pop-ups that the public calls serve', async () => {
    const file = path.join(os.tmpdir(), `opex-page-${process.pid}.html`);
    fs.writeFileSync(file, '<p>We are Acme.</p>');
    await admin('cms', 'set', '--key', 'about', '--lang', 'en_US', '--title', 'About', '--file', file);
    fs.rmSync(file);
    expect((await server.client().call(cmsInfo, { key: 'about' })).data.content).toBe('<p>We are Acme.</p>');

    expect(await admin('notice', 'add', '--lang', 'en_US', '--title', 'Hello', '--body', '<p>Hi</p>')).toMatch(
      /^notice \d+ added$/,
    );
    expect((await server.client().call(noticeInfoList, {})).data.noticeInfoList[0]?.title).toBe('Hello');

    const now = server.clock.now();
    await admin(
      'popup',
      'add',
      '--lang',
      'en_US',
      '--title',
      'Launch',
      '--start',
      new Date(now - 1000).toISOString(),
      '--end',
      String(now + 3_600_000),
      '--picture-url',
      '/uploads/x.png',
      '--button1-text',
      'Go',
      '--button1-url',
      '/trade',
    );
    // The layer serves nothing until the operator turns it on.
    expect((await server.client().call(homepageElasticLayer, { terminalType: '0' })).data).toBeNull();
    await admin('switch', 'set', 'index_layer_open', '1');
    const popup = (await server.client().call(homepageElasticLayer, { terminalType: '0' })).data;
    expect(popup).toMatchObject({
      activityTitle: 'Launch',
      displayType: 0,
      pictureUrl: '/uploads/x.png',
      buttonUrlOne: '/trade',
    });

    await refused(
      ['cms', 'set', '--key', 'about', '--lang', 'fr_FR', '--title', 'x', '--body', 'y'],
      /--lang must be one of/,
    );
    await refused(['cms', 'set', '--key', 'about', '--lang', 'en_US', '--title', 'x'], /either --body or --file/);
    await refused(['cms', 'set', '--key', 'a/b', '--lang', 'en_US', '--title', 'x', '--body', 'y'], /--key may hold/);
    await refused(['notice', 'add', '--lang', 'en_US', '--title', 'T'.repeat(201), '--body', 'x'], /longer than 200/);
    await refused(['notice', 'remove', '999999'], /no notice with id 999999/);
    await refused(
      [
        'popup',
        'add',
        '--lang',
        'en_US',
        '--title',
        'x',
        '--start',
        '2026-02-01',
        '--end',
        '2026-01-01',
        '--body',
        'x',
      ],
      /after --start/,
    );
    await refused(
      [
        'footer-link',
        'add',
        '--list',
        'a',
        '--list-title',
        'A',
        '--lang',
        'en_US',
        '--text',
        't',
        '--link',
        'l',
        '--type',
        '2',
      ],
      /--type must be 0/,
    );
  });

  it('credits a balance with a ledger entry, and refuses bad credits', async () => {
    const user = await createUser(server.services.database.db, server.clock, {
      email: 'carol@test.opex',
      password: PASSWORD,
    });
    expect(
      await admin('credit', '--user', 'Carol@test.opex', '--coin', 'usdt', '--amount', '1000.5', '--reason', 'welcome'),
    ).toBe(`credited 1000.5 USDT to user ${user.id} (carol@test.opex)`);
    await admin('credit', '--user', String(user.id), '--coin', 'USDT', '--amount', '0.25', '--reason', 'top-up');
    const { db } = server.services.database;
    const balance = await db
      .selectFrom('balances')
      .selectAll()
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balance).toMatchObject({ coin: 'USDT', available: '1000.75', locked: '0' });
    const entries = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.cause, e.delta, e.memo])).toEqual([
      ['operator_credit', '1000.5', 'welcome'],
      ['operator_credit', '0.25', 'top-up'],
    ]);

    const ledgerBefore = await db.selectFrom('ledger_entries').selectAll().execute();
    await refused(
      ['credit', '--user', 'nobody@test.opex', '--coin', 'USDT', '--amount', '1', '--reason', 'x'],
      /no user/,
    );
    await refused(
      ['credit', '--user', String(user.id), '--coin', 'DOGE', '--amount', '1', '--reason', 'x'],
      /not listed/,
    );
    await refused(
      ['credit', '--user', String(user.id), '--coin', 'USDT', '--amount=-5', '--reason', 'x'],
      /decimal number/,
    );
    await refused(
      ['credit', '--user', String(user.id), '--coin', 'USDT', '--amount', '0', '--reason', 'x'],
      /positive/,
    );
    await refused(
      ['credit', '--user', String(user.id), '--coin', 'USDT', '--amount', '1.0000001', '--reason', 'x'],
      /more than 6 decimals/,
    );
    await refused(['credit', '--user', String(user.id), '--coin', 'USDT', '--amount', '1'], /--reason is required/);
    expect(await db.selectFrom('ledger_entries').selectAll().execute()).toEqual(ledgerBefore);
  });

  it('lists the outbox and the audit trail', async () => {
    expect(await admin('outbox', 'list')).toBe('(outbox empty)');
    const audit = await admin('audit', 'list', '--limit', '2');
    expect(audit.split('\n')).toHaveLength(2);
    expect(audit).toContain('cli:tester\tcredit');
  });
});

describe('the admin command line', () => {
  const run = promisify(execFile);
  const serverDir = path.resolve(import.meta.dirname, '..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...argv: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', ...argv], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  it('changes the SQLite file under DATA_DIR, and exits 2 with a message on bad input', async () => {
    const done = await cli('switch', 'set', 'verificationType', '3');
    expect(done.stdout.trim()).toBe('switch verificationType = 3');
    expect(fs.existsSync(path.join(dataDir, 'opex.sqlite'))).toBe(true);
    const listed = await cli('switch', 'list');
    expect(JSON.parse(listed.stdout).verificationType).toBe('3');
    const failure: { code?: number; stderr: string } = await cli('coin', 'add', '--symbol', 'BTC').catch(
      (error) => error as { code: number; stderr: string },
    );
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain('error: --name is required');
  }, 30_000);
});
