import {
  appDownload,
  changeLanguage,
  coinSymbolIntroduce,
  footerAndHeader,
  homepageElasticLayer,
  index,
} from '@opex/contract/calls/common';
import { market, publicInfoV4, rate } from '@opex/contract/calls/public-info';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCmsPage } from '../src/content/cms-pages.ts';
import { addPopup } from '../src/modules/common/home-popups.ts';
import { seedDemoContent } from '../src/seed/demo-content.ts';
import { seedDemoIndexAnchors } from '../src/seed/demo-index-anchors.ts';
import { contentSnapshot } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

describe.each(testDialects)('common calls on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  describe('on a fresh install', () => {
    it('answers public info from the migration defaults: six languages, no markets, switches at their defaults', async () => {
      const reply = await server.client().call(publicInfoV4);
      expect(reply.code).toBe('0');
      const info = reply.data;
      expect(info.lan.lanList).toEqual([
        { id: 'el_GR', name: '繁體中文', defaultFiat: 'cny' },
        { id: 'en_US', name: 'English', defaultFiat: 'usd' },
        { id: 'ja_JP', name: '日本語', defaultFiat: 'jpy' },
        { id: 'ko_KR', name: '한국어', defaultFiat: 'krw' },
        { id: 'vi_VN', name: 'Tiếng Việt', defaultFiat: 'vnd' },
        { id: 'zh_CN', name: '简体中文', defaultFiat: 'cny' },
      ]);
      expect(info.lan.defLan).toBe('en_US');
      expect(info.market.market).toEqual({});
      expect(info.switch.verificationType).toBe('0');
      expect(info.switch.nameVerifiedType).toBe('10');
      expect(info.templateLayoutType).toBe('1');
      expect(info.siteMode).toBe('standard');
      expect(info.msg.company_name).toBe('');
    });
  });

  describe('with the demo content', () => {
    beforeAll(async () => {
      await seedDemoContent(server.services.database.db, server.clock);
      await seedDemoIndexAnchors(server.services.database.db, server.clock);
    });

    it('answers public info with brand, skins, switches, markets, coins and rates from the database', async () => {
      const { data: info } = await server.client().call(publicInfoV4, { is_hiden: '1' });
      expect(info.msg.company_name).toBe('Opex Demo');
      expect(info.skin.default).toBe('dark');
      expect(info.skin.listist.map((s) => s.skinId)).toEqual(['dark', 'light']);
      expect(info.skin.listist[0]?.colorList.find((c) => c.type === 'up')?.rgba).toEqual(['14', '203', '129', '1']);
      expect(info.skin.changeSkin).toBe(true);
      expect(info.switch.verificationType).toBe('3');
      expect(info.switch.lever_open).toBe('0');
      expect(info.market.maket_index).toBe('USDT');
      expect(info.market.wsUrl).toBe('/kline-api/ws');
      expect(info.market.market.USDT?.['BTC/USDT']).toEqual({
        name: 'BTC/USDT',
        symbol: 'btcusdt',
        price: 2,
        volume: 6,
        depth: '0.01,0.1,1',
        limitVolumeMin: '0.000001',
        limitPriceMin: '0.01',
        marketBuyMin: '5',
        marketSellMin: '0.0001',
        minNotional: '5',
        priceBandUp: '10',
        priceBandDown: '10',
        showName: 'BTC/USDT',
        sort: 1,
        isShow: 1,
        is_open_lever: 0,
        etfOpen: 0,
        newcoinFlag: 0,
        multiple: 0,
        makerFee: expect.stringMatching(/^0\.001/),
        takerFee: expect.stringMatching(/^0\.002/),
        tags: expect.objectContaining({ en_US: ['Hot'], zh_CN: ['热门'] }),
        bigDealMin: '500',
      });
      expect(Object.keys(info.market.market.BTC ?? {})).toEqual(['ETH/BTC']);
      expect(info.market.coinList.USDT).toMatchObject({
        showPrecision: 2,
        depositOpen: 1,
        withdrawOpen: 1,
        otcOpen: 1,
      });
      expect(info.market.coinList.BTC?.fiatPrecision).toMatchObject({ usd: 2, krw: 0 });
      // Nothing has traded yet: only the pegged USDT has a price, in each language's fiat.
      expect(info.market.rate.en_US).toEqual({ USDT: '1', USD: '1', coin_precision: 2, lang_logo: '$' });
      expect(info.market.rate.ko_KR).toEqual({ USDT: '1350', KRW: '1', coin_precision: 0, lang_logo: '₩' });
      expect(info.market.rate.el_GR).toMatchObject({ USDT: '7.2', CNY: '1' });
      expect(info.seo.title).toBe('Opex Demo Exchange');
    });

    it('shows an operator change at once: switch, restricted list, hidden market', async () => {
      await server.services.settings.setSwitch('lever_open', '1');
      await server.services.settings.set('limitCountryList', ['KP']);
      await server.services.database.db
        .updateTable('markets')
        .set({ is_show: 0 })
        .where('symbol', '=', 'ethbtc')
        .execute();
      const { data: info } = await server.client().call(publicInfoV4);
      expect(info.switch.lever_open).toBe('1');
      expect(info.limitCountryList).toEqual(['KP']);
      expect(info.market.market.BTC).toBeUndefined();
      await server.services.settings.setSwitch('lever_open', '0');
      await server.services.settings.set('limitCountryList', []);
      await server.services.database.db
        .updateTable('markets')
        .set({ is_show: 1 })
        .where('symbol', '=', 'ethbtc')
        .execute();
    });

    it('refuses public info with a wrong-typed parameter', async () => {
      const reply = await server.client().call(publicInfoV4, { is_hiden: { nested: true } });
      expect(reply.status).toBe(400);
      expect(reply.code).toBe('10001');
    });

    it('answers common/market and common/rate with the same blocks as public info', async () => {
      const client = server.client();
      const [info, marketReply, rateReply] = await Promise.all([
        client.call(publicInfoV4),
        client.call(market),
        client.call(rate, {}, { 'exchange-auto': '1' }),
      ]);
      expect(marketReply.data).toEqual(info.data.market);
      expect(rateReply.data.rate).toEqual(info.data.market.rate);
    });

    it('answers app download links, empty until the operator sets them', async () => {
      const client = server.client();
      expect((await client.call(appDownload)).data).toEqual({
        app_page_url: '',
        ios_download_url: '',
        android_download_url: '',
        google_play_url: '',
      });
      await server.services.settings.set('app_download', { ios_download_url: 'https://apps.example/ios' });
      expect((await client.call(appDownload)).data.ios_download_url).toBe('https://apps.example/ios');
    });

    it('answers footer and header templates per language with fallback to en_US', async () => {
      const client = server.client();
      expect((await client.call(footerAndHeader)).data).toEqual({ footer: '', header: '' });
      await saveCmsPage(server.services.database.db, { key: 'footer', lang: 'en_US', title: 'f', body: '<p>F</p>' }, 1);
      await saveCmsPage(
        server.services.database.db,
        { key: 'header', lang: 'zh_CN', title: 'h', body: '<p>页眉</p>' },
        1,
      );
      expect((await client.call(footerAndHeader)).data).toEqual({ footer: '<p>F</p>', header: '' });
      client.cookies.set('lan', 'zh_CN');
      expect((await client.call(footerAndHeader)).data).toEqual({ footer: '<p>F</p>', header: '<p>页眉</p>' });
    });

    it('answers home data: carousel, latest notices first, every shown market with no invented prices', async () => {
      const { data } = await server.client().call(index);
      expect(data.cmsAdvertList).toHaveLength(2);
      expect(data.cmsAdvertList[0]?.httpUrl).toBe('/trade');
      expect(data.noticeInfoList.map((n) => n.title)[0]).toBe('Bot protection without third parties');
      expect(data.noticeInfoList).toHaveLength(3);
      expect(data.marketList.map((m) => m.symbol)).toEqual(['btcusdt', 'ethusdt', 'ltcusdt', 'trxusdt', 'ethbtc']);
      expect(data.marketList[0]).toMatchObject({ name: 'BTC/USDT', close: '--', rose: '0', vol: '0' });
    });

    it('answers a coin introduction, and refuses an unknown, missing, oversized or wrong-typed symbol', async () => {
      const client = server.client();
      const ok = await client.call(coinSymbolIntroduce, { symbol: 'btc' });
      expect(ok.data).toMatchObject({ symbol: 'BTC', name: 'Bitcoin' });
      expect(ok.data.introduction).toContain('21 million');
      expect(ok.data).toMatchObject({ issueDate: '2009-01-03', supply: '21000000', website: 'https://bitcoin.org' });
      expect((await client.call(coinSymbolIntroduce, { symbol: 'NOPE' })).code).toBe('30004');
      for (const bad of [{}, { symbol: 'X'.repeat(21) }, { symbol: 42 }]) {
        const reply = await client.call(coinSymbolIntroduce, bad);
        expect(reply.code).toBe('10001');
      }
    });

    it('changes the language cookie for about 100 years, and refuses unknown or malformed languages', async () => {
      const client = server.client();
      const before = await contentSnapshot(server);
      for (const [input, code] of [
        [{ language: 'xx_XX' }, '30003'],
        [{}, '10001'],
        [{ language: 7 }, '10001'],
        [{ language: 'x'.repeat(11) }, '10001'],
      ] as const) {
        const reply = await client.call(changeLanguage, input);
        expect(reply.code).toBe(code);
        expect(client.cookies.has('lan')).toBe(false);
      }
      expect(await contentSnapshot(server)).toEqual(before);

      const response = await client.request('POST', '/fe-ex-api/common/change_language', { language: 'ja_JP' });
      expect(response.json().code).toBe('0');
      const cookie = response.cookies.find((c) => c.name === 'lan');
      expect(cookie?.value).toBe('ja_JP');
      expect(cookie?.path).toBe('/');
      expect(cookie?.maxAge).toBeGreaterThan(99 * 365 * 24 * 3600);
    });

    it('refuses a language change without the XSRF token', async () => {
      const client = server.client();
      await client.request('GET', '/health');
      const response = await client.request(
        'POST',
        '/fe-ex-api/common/change_language',
        { language: 'ja_JP' },
        { 'x-xsrf-token': 'forged' },
      );
      expect(response.json().code).toBe('10003');
      expect(response.cookies.find((c) => c.name === 'lan')).toBeUndefined();
    });

    it('answers the home pop-up active now, hides logged-in-only pop-ups from visitors, and null after it ends', async () => {
      const client = server.client();
      const { data: popup } = await client.call(homepageElasticLayer, { terminalType: '0' });
      expect(popup).toMatchObject({
        activityTitle: 'Welcome to Opex Demo',
        displayType: 1,
        isLogin: 0,
        buttonUrlOne: '/trade',
      });
      expect(popup?.startTime).toBeLessThanOrEqual(server.clock.now());
      expect(popup?.endTime).toBeGreaterThan(server.clock.now());

      const now = server.clock.now();
      await addPopup(
        server.services.database.db,
        {
          lang: 'en_US',
          activityTitle: 'Members only',
          startTime: now,
          endTime: now + 1000,
          displayType: 0,
          isLogin: true,
        },
        now,
      );
      expect((await client.call(homepageElasticLayer, { terminalType: '0' })).data?.activityTitle).toBe(
        'Welcome to Opex Demo',
      );
      expect((await client.call(homepageElasticLayer, { terminalType: '1' })).data).toBeNull();

      expect((await client.call(homepageElasticLayer, { terminalType: 'abc' })).code).toBe('10001');
      expect((await client.call(homepageElasticLayer, { terminalType: '1'.repeat(11) })).code).toBe('10001');

      server.clock.advance(400 * 24 * 3600_000);
      expect((await client.call(homepageElasticLayer, { terminalType: '0' })).data).toBeNull();
    });
  });
});
