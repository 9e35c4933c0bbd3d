import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../test/harness.ts';
import { binancePaging, countedPage, EVERY_ROW_OLDEST_FIRST, pagePaging, readPage, windowPaging } from './paging.ts';

/** Trades 1..6, trade n made at n seconds; the paged query is every btcusdt trade. */
const trade = (id: number) => ({
  id,
  symbol: 'btcusdt',
  price: '1',
  volume: '1',
  amount: '1',
  maker_order_id: 1,
  taker_order_id: 2,
  maker_user_id: 1,
  taker_user_id: 2,
  taker_side: 'BUY' as const,
  buyer_fee: '0',
  seller_fee: '0',
  created_at: id * 1000,
});

describe.each(testDialects)('paging on %s', (dialect) => {
  it('reads the spec page and Binance window of the same rows as each door expects them', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const { db } = database;
      await db.insertInto('trades').values([1, 2, 3, 4, 5, 6].map(trade)).execute();
      await db
        .insertInto('trades')
        .values({ ...trade(7), symbol: 'ethusdt' })
        .execute();
      const query = db.selectFrom('trades').where('symbol', '=', 'btcusdt');
      const ids = async (paging: Parameters<typeof readPage>[1]) =>
        (await readPage(query, paging)).map((r) => Number(r.id));

      // The spec's pages: newest first, counted over the whole time window.
      const second = await countedPage(query, pagePaging({ page: 2, pageSize: 2, startTime: 2000, endTime: 6000 }));
      expect(second.count).toBe(5);
      expect(second.rows.map((r) => Number(r.id))).toEqual([4, 3]);
      expect(await ids(windowPaging({ endTime: 4000 }, 3))).toEqual([4, 3, 2]);

      // Binance's: the latest `limit` oldest first; from an id or a start time, the first `limit` from there.
      expect(await ids(binancePaging({ limit: 2 }))).toEqual([5, 6]);
      expect(await ids(binancePaging({ limit: 2, endTime: 4000 }))).toEqual([3, 4]);
      expect(await ids(binancePaging({ fromId: 2, limit: 3 }))).toEqual([2, 3, 4]);
      expect(await ids(binancePaging({ startTime: 5000, limit: 3 }))).toEqual([5, 6]);

      expect(await ids(EVERY_ROW_OLDEST_FIRST)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await ids({ order: 'newest', beforeId: 4, limit: 2 })).toEqual([3, 2]);
    } finally {
      await database.drop();
    }
  });
});
