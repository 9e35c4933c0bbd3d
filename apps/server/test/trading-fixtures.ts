import { OrderStatus, openOrderStatuses } from '@opex/contract/calls/order';
import { snapshot } from '@opex/engine/snapshot';
import Big from 'big.js';
import type { Insertable, Kysely } from 'kysely';
import { futuresAccountsOf, isSimulatedAccount } from '../src/core/futures/futures-rules.ts';
import type { TradingCore } from '../src/core/trading-core.ts';
import type { Database } from '../src/db/schema.ts';
import type { MarketsTable } from '../src/db/tables/content.ts';
import { SYSTEM_OWNER } from '../src/ledger/accounts.ts';
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

/** Causes that bring money in or take it out of the exchange; every other movement only moves it inside. */
const externalCauses = new Set(['deposit', 'withdrawal', 'operator_credit']);

/**
 * Conservation of money, per coin: the sum over every account (users' available + locked in every account type,
 * and the system's fee and insurance accounts) equals the net of what came in and went out (deposits, operator
 * credits, withdrawals), counted from those movements' own ledger rows; every other movement (trade, fee, lock,
 * transfer...) sums to zero per coin and never touches the external account; and the external account mirrors the
 * rest. Also each withdrawal holds in locked either nothing or its whole amount + fee. Simulated futures' test money
 * stays apart: no movement touches both a simulated account and a real one, so the simulated accounts sum to zero
 * per coin by themselves (their faucet mirrors what they hold) and real money is conserved without them.
 */
export async function ledgerConservation(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const add = (map: Map<string, Big>, key: string, value: string | Big) =>
    map.set(key, (map.get(key) ?? new Big(0)).plus(value));
  const held = new Map<string, Big>();
  const external = new Map<string, Big>();
  for (const b of await db.selectFrom('balances').selectAll().execute()) {
    const isExternal = Number(b.owner_id) === SYSTEM_OWNER && b.account === 'external';
    add(isExternal ? external : held, b.coin, new Big(b.available).plus(b.locked));
  }
  const netInflow = new Map<string, Big>();
  const internal = new Map<string, Big>();
  const withdrawalHolds = new Map<string, Big>();
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['owner_id', 'account', 'coin', 'field', 'delta', 'cause', 'cause_id'])
    .execute();
  const simulated = new Map<string, Set<boolean>>();
  for (const e of entries) {
    // A pruned history's opening balances sum many movements, each one checked before it was pruned.
    if (e.cause !== 'opening_balance') {
      const key = `${e.cause} ${e.cause_id}`;
      simulated.set(key, (simulated.get(key) ?? new Set()).add(isSimulatedAccount(e.account)));
    }
    const isExternal = Number(e.owner_id) === SYSTEM_OWNER && e.account === 'external';
    if (externalCauses.has(e.cause)) {
      if (!isExternal) add(netInflow, e.coin, e.delta);
    } else {
      if (isExternal) problems.push(`${e.cause} ${e.cause_id} moved ${e.coin} in or out of the exchange`);
      add(internal, `${e.cause} ${e.cause_id} ${e.coin}`, e.delta);
    }
    const withdrawal = /^withdraw:(\d+):/.exec(e.cause_id);
    if (e.cause === 'withdrawal' && withdrawal && e.field === 'locked' && !isExternal) {
      add(withdrawalHolds, withdrawal[1] as string, e.delta);
    }
  }
  for (const coin of new Set([...held.keys(), ...netInflow.keys(), ...external.keys()])) {
    const inside = held.get(coin) ?? new Big(0);
    const inflow = netInflow.get(coin) ?? new Big(0);
    if (!inside.eq(inflow)) problems.push(`${coin}: accounts hold ${inside} but ${inflow} came in net`);
    const mirror = external.get(coin) ?? new Big(0);
    if (!mirror.plus(inside).eq(0)) problems.push(`${coin}: external account ${mirror} does not mirror ${inside}`);
  }
  for (const [movement, sum] of internal) if (!sum.eq(0)) problems.push(`${movement} sums to ${sum}`);
  for (const [movement, kinds] of simulated)
    if (kinds.size > 1) problems.push(`${movement} moves money between simulated and real accounts`);
  if (withdrawalHolds.size > 0) {
    const rows = await db.selectFrom('withdrawals').select(['id', 'amount', 'fee']).execute();
    const totals = new Map(rows.map((w) => [String(w.id), new Big(w.amount).plus(w.fee)]));
    for (const [id, hold] of withdrawalHolds) {
      if (!hold.eq(0) && !hold.eq(totals.get(id) ?? -1)) problems.push(`withdrawal ${id} holds ${hold} locked`);
    }
  }
  return problems;
}

/** What each user holds locked for withdrawals (per `${user}/exchange/${coin}`), from the ledger. */
async function withdrawalLocks(db: Kysely<Database>): Promise<Map<string, Big>> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['owner_id', 'coin', 'delta'])
    .where('cause', '=', 'withdrawal')
    .where('field', '=', 'locked')
    .where('account', '=', 'exchange')
    .execute();
  const locks = new Map<string, Big>();
  for (const r of rows) {
    const key = `${r.owner_id}/exchange/${r.coin}`;
    locks.set(key, (locks.get(key) ?? new Big(0)).plus(r.delta));
  }
  return locks;
}

/**
 * What must hold after any trading: the ledger audit is clean (every coin sums to zero, every balance equals its
 * ledger history); money is conserved (ledgerConservation); each user's locked balance equals the reserves of
 * their open orders (plus what pending withdrawals hold); ended orders hold nothing; and, when a core is given
 * (or anything with its `book`), its books hold exactly the open orders in the database with their remaining
 * volume, and no book is crossed.
 */
export async function tradingInvariants(db: Kysely<Database>, core?: Pick<TradingCore, 'book'>): Promise<string[]> {
  const problems: string[] = [];
  const audit = await auditLedger(db);
  for (const [coin, sum] of Object.entries(audit.unbalancedCoins)) problems.push(`${coin} sums to ${sum}`);
  problems.push(...audit.mismatches);
  problems.push(...(await ledgerConservation(db)));

  const orders = await db.selectFrom('orders').selectAll().execute();
  const contracts = await db.selectFrom('contracts').selectAll().where('status', '!=', 'delisted').execute();
  // A contract's book is a market whose lot is one contract and whose orders hold the margin coin.
  const markets = [
    ...(await db.selectFrom('markets').selectAll().execute()).map((m) => ({ ...m, margin: null as string | null })),
    ...contracts.map((c) => ({
      symbol: c.contract_name.toLowerCase(),
      volume_precision: 0,
      base: c.base,
      quote: c.quote,
      margin: c.margin_coin,
    })),
  ];
  const marketOf = new Map(markets.map((m) => [m.symbol, m]));
  const reserves = await withdrawalLocks(db);
  for (const p of await db.selectFrom('futures_positions').selectAll().where('open', '=', 1).execute()) {
    const contract = contracts.find((c) => c.id === Number(p.contract_id));
    const key = `${p.user_id}/${futuresAccountsOf(contract?.contract_type ?? '').user}/${contract?.margin_coin}`;
    reserves.set(key, (reserves.get(key) ?? new Big(0)).plus(p.margin));
  }
  for (const o of orders) {
    const open = openOrderStatuses.includes(o.status);
    if (!open) {
      if (!new Big(o.reserve).eq(0)) problems.push(`ended order ${o.id} still holds ${o.reserve}`);
      continue;
    }
    const m = marketOf.get(o.symbol);
    const coin = m?.margin ?? (o.side === 'BUY' ? m?.quote : m?.base);
    const key = `${o.user_id}/${o.account}/${coin}`;
    reserves.set(key, (reserves.get(key) ?? new Big(0)).plus(o.reserve));
  }
  const balances = await db.selectFrom('balances').selectAll().execute();
  for (const b of balances) {
    const key = `${b.owner_id}/${b.account}/${b.coin}`;
    const reserved = reserves.get(key) ?? new Big(0);
    if (!new Big(b.locked).eq(reserved))
      problems.push(`${key} locked ${b.locked} but open orders (and withdrawals) reserve ${reserved}`);
    reserves.delete(key);
  }
  for (const [key, reserved] of reserves)
    if (!reserved.eq(0)) problems.push(`${key} reserves ${reserved} without a balance`);

  problems.push(...(await marginInvariants(db)));
  problems.push(...(await futuresInvariants(db)));

  if (core) {
    for (const m of markets) {
      const book = core.book(m.symbol);
      const fromDb = orders
        .filter((o) => o.symbol === m.symbol && openOrderStatuses.includes(o.status))
        .map(
          (o) =>
            `${o.id}:${new Big(o.volume).minus(o.deal_volume).times(new Big(10).pow(m.volume_precision)).toFixed()}${o.status === OrderStatus.waitingTrigger ? ' waiting' : ''}`,
        )
        .sort();
      const inBook: string[] = [];
      if (book && book.bids.size > 0 && book.asks.size > 0) {
        const bid = book.bids.price[book.bids.best()] as number;
        const ask = book.asks.price[book.asks.best()] as number;
        if (bid >= ask) problems.push(`${m.symbol} book is crossed: bid ${bid} >= ask ${ask}`);
      }
      // The engine's public L3 snapshot, not its storage layout.
      if (book) {
        const { orders: resting, triggers } = snapshot(book);
        for (const o of resting) inBook.push(`${o.id}:${o.remaining}`);
        for (const o of triggers) inBook.push(`${o.id}:${o.remaining} waiting`);
      }
      inBook.sort();
      if (JSON.stringify(inBook) !== JSON.stringify(fromDb)) {
        problems.push(`${m.symbol} book ${inBook.length} orders differ from the database's ${fromDb.length}`);
      }
    }
  }
  return problems;
}

/**
 * Margin's books agree with the ledger: each pair's loan account holds minus the principal and posted interest of
 * its open loans, per coin; a closed loan owes nothing; the lending account holds every interest posted (paid or
 * not yet).
 */
export async function marginInvariants(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const loans = await db.selectFrom('margin_loans').selectAll().execute();
  const owed = new Map<string, Big>();
  const interest = new Map<string, Big>();
  const add = (map: Map<string, Big>, key: string, value: Big) =>
    map.set(key, (map.get(key) ?? new Big(0)).plus(value));
  for (const l of loans) {
    add(interest, l.coin, new Big(l.interest_paid).plus(l.posted));
    if (l.status !== 1) {
      if (!new Big(l.principal).eq(0) || !new Big(l.interest).eq(0) || !new Big(l.posted).eq(0))
        problems.push(`closed loan ${l.id} still owes ${l.principal} + ${l.interest}`);
      continue;
    }
    add(owed, `${l.user_id}/loan:${l.symbol}/${l.coin}`, new Big(l.principal).plus(l.posted));
  }
  for (const b of await db.selectFrom('balances').selectAll().where('account', 'like', 'loan:%').execute()) {
    const key = `${b.owner_id}/${b.account}/${b.coin}`;
    const expected = (owed.get(key) ?? new Big(0)).neg();
    if (!new Big(b.available).eq(expected))
      problems.push(`${key} is ${b.available} but its open loans owe ${expected}`);
    owed.delete(key);
  }
  for (const [key, value] of owed) if (!value.eq(0)) problems.push(`${key} owes ${value} without a loan balance`);
  const lending = await db
    .selectFrom('balances')
    .selectAll()
    .where('owner_id', '=', SYSTEM_OWNER)
    .where('account', '=', 'lending')
    .execute();
  for (const b of lending) {
    const expected = interest.get(b.coin) ?? new Big(0);
    if (!new Big(b.available).eq(expected))
      problems.push(`lending ${b.coin} holds ${b.available}, loans posted ${expected}`);
    interest.delete(b.coin);
  }
  for (const [coin, value] of interest)
    if (!value.eq(0)) problems.push(`loans posted ${value} ${coin} interest, lending holds none`);
  return problems;
}

/**
 * Futures' books agree: per contract the open positions net to zero (long open interest = short), no open position
 * holds negative margin or is flat, a closed one holds nothing, and an open reduce-only order closes no more than
 * its position holds.
 */
export async function futuresInvariants(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const positions = await db.selectFrom('futures_positions').selectAll().execute();
  const net = new Map<string, bigint>();
  for (const p of positions) {
    const qty = BigInt(p.qty);
    if (p.open !== 1) {
      if (qty !== 0n || !new Big(p.margin).eq(0)) problems.push(`closed position ${p.id} holds ${p.qty} / ${p.margin}`);
      continue;
    }
    if (qty === 0n) problems.push(`open position ${p.id} is flat`);
    if (new Big(p.margin).lt(0)) problems.push(`position ${p.id} holds negative margin ${p.margin}`);
    net.set(p.symbol, (net.get(p.symbol) ?? 0n) + qty);
  }
  for (const [symbol, sum] of net) if (sum !== 0n) problems.push(`${symbol}: positions net to ${sum}, not 0`);
  const reducing = await db
    .selectFrom('futures_orders')
    .innerJoin('orders', 'orders.id', 'futures_orders.order_id')
    .select([
      'orders.id',
      'orders.side',
      'futures_orders.user_id',
      'futures_orders.symbol',
      'position_side',
      'reduce_left',
    ])
    .where('reduce_only', '=', 1)
    .where('orders.status', 'in', [...openOrderStatuses])
    .execute();
  const closing = new Map<string, bigint>();
  for (const o of reducing) {
    const key = `${o.user_id}|${o.symbol}|${o.position_side}`;
    closing.set(key, (closing.get(key) ?? 0n) + BigInt(o.reduce_left));
  }
  for (const [key, sum] of closing) {
    const [user, symbol, side] = key.split('|');
    const p = positions.find(
      (q) => q.open === 1 && String(q.user_id) === user && q.symbol === symbol && q.position_side === side,
    );
    const held = p ? BigInt(p.qty) : 0n;
    if (sum > (held < 0n ? -held : held)) problems.push(`${key}: reduce-only orders close ${sum} of ${held}`);
  }
  return problems;
}
