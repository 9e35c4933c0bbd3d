import { cmsInfo, footerList } from '@opex/contract/calls/cms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCmsPage } from '../src/content/cms-pages.ts';
import { seedDemoContent } from '../src/seed/demo-content.ts';
import { contentSnapshot } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

describe.each(testDialects)('cms calls on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedDemoContent(server.services.database.db, server.clock);
  });
  afterAll(() => server.close());

  it('answers the footer link lists with internal, external and copy links', async () => {
    const { code, data } = await server.client().call(footerList);
    expect(code).toBe('0');
    expect(data.map((l) => l.key)).toEqual(['about', 'service', 'contact']);
    const links = data.flatMap((l) => l.list);
    expect(links.find((l) => l.linkText === 'About us')).toEqual({
      linkText: 'About us',
      link: '/footerPage/about',
      linkType: 0,
    });
    expect(links.find((l) => l.linkType === 1)?.link).toBe('https://bitcoin.org/bitcoin.pdf');
    expect(links.find((l) => l.linkType === 3)?.link).toBe('support@demo.opex');
  });

  it("answers the footer in the caller's language, with only that language's links", async () => {
    const client = server.client();
    client.cookies.set('lan', 'zh_CN');
    const { data } = await client.call(footerList);
    expect(data.map((l) => l.title)).toEqual(['关于', '服务', '联系我们']);
    expect(data[0]?.list.map((l) => l.linkText)).toEqual([
      '关于我们',
      '服务条款',
      '隐私政策',
      '风险提示',
      '媒体',
      '网站地图',
    ]);
  });

  it('has a page for every footerPage child of the spec', async () => {
    const client = server.client();
    for (const key of [
      'about',
      'termsOfService',
      'privacyPolicy',
      'fees',
      'amlKycPolicy',
      'risk',
      'support',
      'contact',
      'announcements',
      'downoadApp',
      'press',
      'siteMap',
      'tokenListing',
      'userGuide',
    ]) {
      const reply = await client.call(cmsInfo, { key });
      expect(reply.code).toBe('0');
      expect(reply.data.content.length).toBeGreaterThan(20);
    }
    const fees = await client.call(cmsInfo, { key: 'fees' });
    expect(fees.data.content).toContain('<td>BTC/USDT</td><td>0.1 %</td><td>0.2 %</td>');
  });

  it('answers a page in the caller language, falling back to en_US', async () => {
    const client = server.client();
    client.cookies.set('lan', 'zh_CN');
    // A page written in English only (the demo's own pages are in all six languages).
    const { db } = server.services.database;
    await saveCmsPage(db, { key: 'mediaKit', lang: 'en_US', title: 'Media kit', body: '<p>Logos</p>' }, 4);
    expect((await client.call(cmsInfo, { key: 'mediaKit' })).data).toMatchObject({ lang: 'en_US', title: 'Media kit' });
    await saveCmsPage(db, { key: 'mediaKit', lang: 'zh_CN', title: '媒体资料', body: '<p>标志</p>' }, 5);
    expect((await client.call(cmsInfo, { key: 'mediaKit' })).data).toMatchObject({
      lang: 'zh_CN',
      title: '媒体资料',
      content: '<p>标志</p>',
      mtime: 5,
    });
    expect((await server.client().call(cmsInfo, { key: 'mediaKit' })).data.lang).toBe('en_US');
  });

  it('refuses an unknown, missing, oversized or wrong-typed page key and changes nothing', async () => {
    const client = server.client();
    const before = await contentSnapshot(server);
    expect((await client.call(cmsInfo, { key: 'noSuchPage' })).code).toBe('30002');
    for (const bad of [{}, { key: 'k'.repeat(101) }, { key: ['about'] }, { key: '   ' }]) {
      const reply = await client.call(cmsInfo, bad);
      expect(reply.code).toBe('10001');
      expect(reply.status).toBe(400);
    }
    expect(await contentSnapshot(server)).toEqual(before);
  });
});
