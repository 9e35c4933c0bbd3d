import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * One page of a list whose rows have an increasing `id` and a `created_at` time, as both API doors ask for one: the
 * spec's calls by page and pageSize (newest first, with a count), Binance's by fromId, startTime, endTime and limit
 * (oldest first from a bound, else the latest rows). Both are written as a Paging and read by one routine.
 */
export interface Paging {
  /** 'newest': newest first; 'oldest': oldest first; 'latest': the newest `limit` rows, answered oldest first. */
  order: 'newest' | 'oldest' | 'latest';
  /** Rows from this id on. */
  fromId?: number | undefined;
  /** Rows below this id: reading on further back from a page already read. */
  beforeId?: number | undefined;
  /** Rows created within [startTime, endTime], in ms. */
  startTime?: number | undefined;
  endTime?: number | undefined;
  /** At most this many rows (all when absent), after skipping `offset`. */
  limit?: number | undefined;
  offset?: number | undefined;
}

/** The rows of a time window, newest first, up to `limit`: the spec's CSV exports. */
export function windowPaging(
  q: { startTime?: number | undefined; endTime?: number | undefined },
  limit: number,
): Paging {
  return { order: 'newest', startTime: q.startTime, endTime: q.endTime, limit };
}

/** The spec's page (1-based) of pageSize rows, newest first. */
export function pagePaging(q: {
  page: number;
  pageSize: number;
  startTime?: number | undefined;
  endTime?: number | undefined;
}): Paging {
  return { ...windowPaging(q, q.pageSize), offset: (q.page - 1) * q.pageSize };
}

/** Binance's list window: the first `limit` from fromId or startTime; without either, the most recent `limit`. */
export function binancePaging(q: {
  fromId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  limit: number;
}): Paging {
  const forwards = q.fromId !== undefined || q.startTime !== undefined;
  return { order: forwards ? 'oldest' : 'latest', ...q };
}

/** Every row, oldest first. */
export const EVERY_ROW_OLDEST_FIRST: Paging = { order: 'oldest' };

/** A query of one table whose rows are paged; its filters are set, its selection not yet. */
// biome-ignore lint/complexity/noBannedTypes: Kysely's own type for a query with nothing selected yet.
type Unselected<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, {}>;

const id = sql.ref<number>('id');
const createdAt = sql.ref<number>('created_at');

function within<DB, TB extends keyof DB>(query: Unselected<DB, TB>, paging: Paging): Unselected<DB, TB> {
  let q = query;
  if (paging.fromId !== undefined) q = q.where(id, '>=', paging.fromId);
  if (paging.beforeId !== undefined) q = q.where(id, '<', paging.beforeId);
  if (paging.startTime !== undefined) q = q.where(createdAt, '>=', paging.startTime);
  if (paging.endTime !== undefined) q = q.where(createdAt, '<=', paging.endTime);
  return q;
}

/** The page's rows, in the order the Paging names. */
export async function readPage<DB, TB extends keyof DB>(query: Unselected<DB, TB>, paging: Paging) {
  let q = within(query, paging)
    .selectAll()
    .orderBy(id, paging.order === 'oldest' ? 'asc' : 'desc');
  if (paging.limit !== undefined) q = q.limit(paging.limit);
  if (paging.offset) q = q.offset(paging.offset);
  const rows = await q.execute();
  return paging.order === 'latest' ? rows.reverse() : rows;
}

/** The page's rows and how many rows the whole list (its filters and time window) holds. */
export async function countedPage<DB, TB extends keyof DB>(query: Unselected<DB, TB>, paging: Paging) {
  const [total, rows] = await Promise.all([
    within(query, paging)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    readPage(query, paging),
  ]);
  return { count: Number((total as { n?: number } | undefined)?.n ?? 0), rows };
}
