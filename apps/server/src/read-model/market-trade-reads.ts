import type { Kysely } from 'kysely';
import { type Paging, readPage } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';

/** A page of one market's trades, whoever took part: the public trade lists. */
export const marketTradePage = (db: Kysely<Database>, symbol: string, paging: Paging) =>
  readPage(db.selectFrom('trades').where('symbol', '=', symbol), paging);
