import { noticeInfo, noticeInfoList } from '@opex/contract/calls/notice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNotice } from '../src/content/notices.ts';
import { contentSnapshot } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

describe.each(testDialects)('notice calls on %s', (dialect) => {
  let server: TestServer;
  const ids: number[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server.services.database;
    for (let i = 1; i <= 12; i++) {
      ids.push(await addNotice(db, { lang: 'en_US', title: `Notice ${i}`, content: `<p>Body ${i}</p>` }, i * 1000));
    }
    await addNotice(db, { lang: 'ko_KR', title: '공지', content: '<p>내용</p>' }, 50_000);
  });
  afterAll(() => server.close());

  it('lists notices newest first, ten to a page by default, with the total', async () => {
    const client = server.client();
    const first = await client.call(noticeInfoList, {});
    expect(first.data.count).toBe(12);
    expect(first.data.noticeInfoList).toHaveLength(10);
    expect(first.data.noticeInfoList[0]).toEqual({ id: ids[11], title: 'Notice 12', ctime: 12_000 });
    const second = await client.call(noticeInfoList, { page: '2', pageSize: 10 });
    expect(second.data.noticeInfoList.map((n) => n.title)).toEqual(['Notice 2', 'Notice 1']);
    const beyond = await client.call(noticeInfoList, { page: 9 });
    expect(beyond.data).toEqual({ count: 12, noticeInfoList: [] });
  });

  it("lists the caller's language when it has notices, else en_US", async () => {
    const client = server.client();
    client.cookies.set('lan', 'ko_KR');
    expect((await client.call(noticeInfoList, {})).data.noticeInfoList.map((n) => n.title)).toEqual(['공지']);
    client.cookies.set('lan', 'ja_JP');
    expect((await client.call(noticeInfoList, {})).data.count).toBe(12);
  });

  it('answers one notice by id (number or digit string)', async () => {
    const client = server.client();
    const reply = await client.call(noticeInfo, { id: String(ids[0]) });
    expect(reply.data.noticeInfo).toEqual({
      id: ids[0],
      title: 'Notice 1',
      content: '<p>Body 1</p>',
      ctime: 1000,
      lang: 'en_US',
    });
  });

  it('refuses unknown ids and malformed paging, changing nothing', async () => {
    const client = server.client();
    const before = await contentSnapshot(server);
    expect((await client.call(noticeInfo, { id: 999_999 })).code).toBe('30001');
    for (const bad of [{}, { id: 'abc' }, { id: -1 }, { id: '1'.repeat(13) }, { id: { x: 1 } }]) {
      expect((await client.call(noticeInfo, bad)).code).toBe('10001');
    }
    for (const bad of [{ page: 0 }, { page: 'x' }, { pageSize: 101 }, { pageSize: [10] }]) {
      expect((await client.call(noticeInfoList, bad)).code).toBe('10001');
    }
    expect(await contentSnapshot(server)).toEqual(before);
  });
});
