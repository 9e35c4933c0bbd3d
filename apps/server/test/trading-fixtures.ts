import { openOrderStatuses } from '@opex/contract/calls/order';
import Big from 'big.js';
import type { Insertable, Kysely } from 'kysely';
import type { TradingCore } from '../src/core/trading-core.ts';
import type { Database } from '../src/db/schema.ts';
import type { MarketsTable } from '../src/db/tables/content.ts';
import { creditFromOutside } from '../src/ledger/ledger.ts';
import { auditLedger } from '../src/ledger/ledger-audit.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import type { TestClient, TestServer } from './harness.ts';

/** Markets, money and sessions for trading tests, and the invariants every trading test ends by checking. */
export async function seedMarket(
  db: Kysely<Database>,
  overrides: Partial<Insertable<MarketsTable>> = {},
): Promise<void> {
  const base = overrides.base ?? 'BTC';
  const quote = overrides.quote ?? 'USDT';
  await db
    .insertInto('markets')
    .values({
      symbol: `${base}${quote}`.toLowerCase(),
      base,
      quote,
      show_name: `${base}/${quote}`,
      price_precision: 2,
      volume_precision: 4,
      depth_steps: '0.01,0.1,1',
      limit_volume_min: '0.0001',
      limit_price_min: '0.01',
      market_buy_min: '1',
      market_sell_min: '0.0001',
      maker_fee: '0.001',
      taker_fee: '0.002',
      sort: 1,
      is_show: 1,
      status: 'open',
      is_open_lever: 0,
      etf_open: 0,
      newcoin_flag: 0,
      multiple: 0,
      created_at: 0,
      updated_at: 0,
      ...overrides,
    })
    .execute();
}

let credits = 0;
/** Money from outside, through the core (as every balance change must go). */
export async function fund(core: TradingCore, ownerId: number, coin: string, amount: string): Promise<void> {
  const outcome = await core.postMovement(
    creditFromOutside({ ownerId, coin, amount, cause: 'operator_credit', causeId: `test-${++credits}` }),
  );
  if (!outcome.ok) throw new Error(`fund failed: ${outcome.reason}`);
}

/** A client logged in as `userId` (a real session row; users need not exist for trading calls). */
export async function loginAs(server: TestServer, userId: number): Promise<TestClient> {
  const client = server.client();
  client.cookies.set(SESSION_COOKIE, await server.services.sessions.create(userId, '127.0.0.1', 'vitest'));
  return client;
}

export async function balanceOf(db: Kysely<Database>, ownerId: number, coin: string, account = 'exchange') {
  const row = await db
    .selectFrom('balances')
    .select(['available', 'locked'])
    .where('owner_id', '=', ownerId)
    .where('account', '=', account)
    .where('coin', '=', coin)
    .executeTakeFirst();
  return { available: new Big(row?.available ?? '0').toFixed(), locked: new Big(row?.locked ?? '0').toFixed() };
}

/**
 * What must hold after any trading: the ledger audit is clean (every coin sums to zero, every balance equals its
 * ledger history); each user's locked balance equals the reserves of their open orders; ended orders hold nothing;
 * and, when a core is given (or anything with its `book`), its books hold exactly the open orders in the database
 * with their remaining volume, and no book is crossed.
 */
export async function tradingInvariants(db: Kysely<Database>, core?: Pick<TradingCore, 'book'>): Promise<string[]> {
  const problems: string[] = [];
  const audit = await auditLedger(db);
  for (const [coin, sum] of Object.entries(audit.unbalancedCoins)) problems.push(`${coin} sums to ${sum}`);
  problems.push(...audit.mismatches);

  const orders = await db.selectFrom('orders').selectAll().execute();
  const markets = await db.selectFrom('markets').selectAll().execute();
  const marketOf = new Map(markets.map((m) => [m.symbol, m]));
  const reserves = new Map<string, Big>();
  for (const o of orders) {
    const open = openOrderStatuses.includes(o.status);
    if (!open) {
      if (!new Big(o.reserve).eq(0)) problems.push(`ended order ${o.id} still holds ${o.reserve}`);
      continue;
    }
    const m = marketOf.get(o.symbol);
    const coin = o.side === 'BUY' ? m?.quote : m?.base;
    const key = `${o.user_id}/${coin}`;
    reserves.set(key, (reserves.get(key) ?? new Big(0)).plus(o.reserve));
  }
  const balances = await db.selectFrom('balances').selectAll().where('account', '=', 'exchange').execute();
  for (const b of balances) {
    const key = `${b.owner_id}/${b.coin}`;
    const reserved = reserves.get(key) ?? new Big(0);
    if (!new Big(b.locked).eq(reserved)) problems.push(`${key} locked ${b.locked} but open orders reserve ${reserved}`);
    reserves.delete(key);
  }
  for (const [key, reserved] of reserves)
    if (!reserved.eq(0)) problems.push(`${key} reserves ${reserved} without a balance`);

  if (core) {
    for (const m of markets) {
      const book = core.book(m.symbol);
      const fromDb = orders
        .filter((o) => o.symbol === m.symbol && openOrderStatuses.includes(o.status))
        .map(
          (o) =>
            `${o.id}:${new Big(o.volume).minus(o.deal_volume).times(new Big(10).pow(m.volume_precision)).toFixed()}`,
        )
        .sort();
      const inBook: string[] = [];
      if (book && book.bids.size > 0 && book.asks.size > 0) {
        const bid = book.bids.price[book.bids.best()] as number;
        const ask = book.asks.price[book.asks.best()] as number;
        if (bid >= ask) problems.push(`${m.symbol} book is crossed: bid ${bid} >= ask ${ask}`);
      }
      if (book) {
        for (const side of [book.bids, book.asks]) {
          for (let r = 0; r < side.size; r++) {
            const level = side.levelFromBest(r);
            for (let s = side.head[level] as number; s !== -1; s = book.store.next[s] as number) {
              inBook.push(`${book.store.id[s]}:${book.store.remaining[s]}`);
            }
          }
        }
      }
      inBook.sort();
      if (JSON.stringify(inBook) !== JSON.stringify(fromDb)) {
        problems.push(`${m.symbol} book ${inBook.length} orders differ from the database's ${fromDb.length}`);
      }
    }
  }
  return problems;
}
