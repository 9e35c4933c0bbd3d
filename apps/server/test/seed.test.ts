import { cmsInfo, footerList } from '@opex/contract/calls/cms';
import { homepageElasticLayer, index } from '@opex/contract/calls/common';
import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketMaker } from '../src/market-maker/market-maker.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_LOGINS } from '../src/seed/demo-logins.ts';
import { contentSnapshot } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { tradingInvariants } from './trading-fixtures.ts';
import { loggedInClient } from './user-fixtures.ts';

describe.each(testDialects)('demo seed on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    expect(await seedDemo(server.services)).toEqual({
      contentSeeded: true,
      tradersCreated: DEMO_LOGINS.map((l) => l.email),
    });
  });
  afterAll(() => server.close());

  it('fills public info: brand, skins, proof-of-work captcha, markets', async () => {
    const { data } = await server.client().call(publicInfoV4);
    expect(data.msg.company_name).toBe('Opex Demo');
    expect(data.skin.listist).toHaveLength(2);
    expect(data.switch.verificationType).toBe('3');
    // Products not built yet stay switched off (docs/switches.md).
    for (const name of [
      'fiat_open',
      'fiat_trade_open',
      'saas_otc_flow_config',
      'indep_co_switch',
      'newcoinOpen',
      'is_return_open',
      'is_financing_open',
      'incrementConfigStatus',
      'agentUserOpen',
      'coins_krw_open',
    ]) {
      expect(data.switch[name], name).toBe('0');
    }
    expect(Object.keys(data.market.market.USDT ?? {})).toEqual(['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'TRX/USDT']);
    // Isolated margin is on, at 5x on BTC/USDT and 3x on ETH/USDT.
    expect(data.switch.lever_open).toBe('1');
    expect(data.market.market.USDT?.['BTC/USDT']).toMatchObject({ is_open_lever: 1, multiple: 5 });
    expect(data.market.market.USDT?.['LTC/USDT']).toMatchObject({ is_open_lever: 0 });
  });

  it('writes pages, footer links of all three types, three notices and a pop-up active now', async () => {
    const client = server.client();
    expect((await client.call(cmsInfo, { key: 'termsOfService' })).code).toBe('0');
    const types = new Set((await client.call(footerList)).data.flatMap((l) => l.list.map((x) => x.linkType)));
    expect([...types].sort()).toEqual([0, 1, 3]);
    expect((await client.call(index)).data.noticeInfoList).toHaveLength(3);
    expect((await client.call(homepageElasticLayer, { terminalType: '0' })).data?.activityTitle).toBe(
      'Welcome to Opex Demo',
    );
  });

  it('funds the demo traders through the ledger, and their logins work', async () => {
    const { db } = server.services.database;
    for (const login of DEMO_LOGINS) {
      const user = await db.selectFrom('users').select('id').where('email', '=', login.email).executeTakeFirstOrThrow();
      const balances = await db.selectFrom('balances').selectAll().where('owner_id', '=', user.id).execute();
      expect(Object.fromEntries(balances.map((b) => [b.coin, b.available]))).toEqual(login.balances);
      const entries = await db.selectFrom('ledger_entries').selectAll().where('owner_id', '=', user.id).execute();
      expect(entries.every((e) => e.cause === 'operator_credit')).toBe(true);
    }
    // The demo runs the proof-of-work captcha: turn it off here to test the password alone.
    await server.services.settings.setSwitch('verificationType', '0');
    const first = DEMO_LOGINS[0];
    await loggedInClient(server, first.email, first.password);
    await server.services.settings.setSwitch('verificationType', '3');
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await contentSnapshot(server);
    const balances = await server.services.database.db.selectFrom('balances').selectAll().execute();
    expect(await seedDemo(server.services)).toEqual({ contentSeeded: false, tradersCreated: [] });
    expect(await contentSnapshot(server)).toEqual(before);
    expect(await server.services.database.db.selectFrom('balances').selectAll().execute()).toEqual(balances);
  });

  it('conserves every coin on a fresh demo start: traders and market-maker bots are funded from outside', async () => {
    // As DEMO=1 starts (main.ts): the seed above, the core reads its markets, the market maker funds its bots.
    await server.services.core.reloadMarkets();
    const maker = new MarketMaker(server.services, { tickMs: 3_600_000, seed: 3, takerPercent: 100 });
    await maker.start();
    for (let i = 0; i < 4; i++) {
      await maker.tick();
      server.clock.advance(500);
    }
    await maker.stop();
    expect(maker.stats.takes).toBeGreaterThan(0);
    const { db } = server.services.database;
    const external = await db
      .selectFrom('balances')
      .select(['coin', 'available'])
      .where('owner_id', '=', 0)
      .where('account', '=', 'external')
      .execute();
    // Every coin the demo hands out is owed by the external account.
    expect(external.map((b) => b.coin).sort()).toEqual(['BTC', 'ETH', 'LTC', 'TRX', 'USDT']);
    expect(await tradingInvariants(db, server.services.core)).toEqual([]);
  });

  it('writes the banners, notices, pop-up, fees page and six guide pages in each of the six languages', async () => {
    const client = server.client();
    const guides = ['fees', 'announcements', 'downoadApp', 'download', 'press', 'siteMap', 'tokenListing', 'userGuide'];
    const seen = new Map<string, string[]>();
    for (const lang of ['en_US', 'zh_CN', 'el_GR', 'ja_JP', 'ko_KR', 'vi_VN']) {
      client.cookies.set('lan', lang);
      const titles: string[] = [];
      for (const key of guides) {
        const page = await client.call(cmsInfo, { key });
        expect(page.code, `${key} ${lang}`).toBe('0');
        expect(page.data.lang, `${key} ${lang}`).toBe(lang);
        titles.push(page.data.title);
      }
      const home = (await client.call(index)).data;
      expect(home.noticeInfoList).toHaveLength(3);
      expect(home.cmsAdvertList).toHaveLength(2);
      const popup = (await client.call(homepageElasticLayer, { terminalType: '0' })).data;
      titles.push(...home.noticeInfoList.map((n) => n.title), popup?.activityTitle ?? '');
      seen.set(lang, titles);
    }
    // Each language has its own words, not English copies.
    const english = seen.get('en_US') ?? [];
    for (const [lang, titles] of seen) {
      if (lang !== 'en_US')
        expect(
          titles.filter((t, i) => t === english[i]),
          lang,
        ).toEqual([]);
    }
    client.cookies.set('lan', 'en_US');
    const fees = (await client.call(cmsInfo, { key: 'fees' })).data.content;
    expect(fees).toContain('<td>BTC/USDT</td><td>0.1 %</td><td>0.2 %</td>');
    const siteMap = (await client.call(cmsInfo, { key: 'siteMap' })).data.content;
    expect(siteMap).toContain('<a href="/trade/BTC_USDT">Spot trading (BTC/USDT)</a>');
  });

  it('writes every footer page it seeds in each of the six languages, each in its own words', async () => {
    const pages = await server.services.database.db
      .selectFrom('cms_pages')
      .select('page_key')
      .where('lang', '=', 'en_US')
      .execute();
    const keys = pages.map((p) => p.page_key);
    // The older footer pages as well as the guide pages.
    expect(keys).toEqual(expect.arrayContaining(['about', 'termsOfService', 'amlKycPolicy', 'risk', 'privacyPolicy']));
    expect(keys).toEqual(expect.arrayContaining(['security', 'support', 'contact', 'community', 'fees', 'userGuide']));
    const client = server.client();
    const english = new Map<string, string>();
    for (const lang of ['en_US', 'zh_CN', 'el_GR', 'ja_JP', 'ko_KR', 'vi_VN']) {
      client.cookies.set('lan', lang);
      for (const key of keys) {
        const page = await client.call(cmsInfo, { key });
        expect(page.code, `${key} ${lang}`).toBe('0');
        expect(page.data.lang, `${key} ${lang}`).toBe(lang);
        // Placeholders of the data files are filled in.
        expect(page.data.content, `${key} ${lang}`).not.toMatch(/\{(company|contact)\}/);
        if (lang === 'en_US') english.set(key, page.data.content);
        else expect(page.data.content, `${key} ${lang}`).not.toBe(english.get(key));
      }
    }
    client.cookies.set('lan', 'ja_JP');
    const support = (await client.call(cmsInfo, { key: 'support' })).data;
    expect(support.title).toBe('サポート');
    expect(support.content).toContain('<a href="mailto:support@demo.opex">support@demo.opex</a>');
  });
});
