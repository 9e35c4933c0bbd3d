import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CandleRows } from './batch-rows.ts';

/**
 * Market data's K-line candles go through the core's writer (TradingCore.writeAlongside), so that SQLite keeps one
 * writing connection: a write on the main thread's connection would wait there (blocking the event loop) whenever
 * the writer thread holds the lock. This is the Kysely form of that write, for PostgreSQL and for a stopped core.
 */
export const KLINE_PROGRESS = 'klines';
const ROWS_PER_INSERT = 200;

export async function writeCandles(db: Kysely<Database> | Transaction<Database>, candles: CandleRows): Promise<void> {
  for (let i = 0; i < candles.rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('klines')
      .values(candles.rows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) =>
        oc.columns(['symbol', 'period', 'open_time']).doUpdateSet((eb) => ({
          open: eb.ref('excluded.open'),
          high: eb.ref('excluded.high'),
          low: eb.ref('excluded.low'),
          close: eb.ref('excluded.close'),
          vol: eb.ref('excluded.vol'),
          amount: eb.ref('excluded.amount'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  await db
    .insertInto('kline_progress')
    .values({ name: KLINE_PROGRESS, last_trade_id: candles.upToTrade })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_trade_id: candles.upToTrade }))
    .execute();
}
