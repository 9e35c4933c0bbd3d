import { openOrderStatuses } from '@opex/contract/calls/order';
import { adlRanking } from '../core/futures/adl.ts';
import type { FuturesAccounts, FuturesRules } from '../core/futures/futures-rules.ts';
import { type FuturesPosition, positionFromRow } from '../core/futures/futures-state.ts';
import { ledgerOf } from '../ledger/ledger-units.ts';
import { accountBalances } from '../read-model/balance-reads.ts';
import type { Services } from '../services.ts';
import { type ContractMarks, valuationPrice } from './contract-books.ts';
import { type AccountFigures, accountFigures, type ValuedPosition, valuePositions } from './position-risk-view.ts';

/**
 * One margin coin of a user's futures account (real `co` or simulated `co_sim`): its balance, its open positions
 * valued at mark, and its figures.
 */
export interface CoinAccount {
  coin: string;
  available: bigint;
  locked: bigint;
  positions: (ValuedPosition & { adlRank: number; index: bigint | null; closing: bigint })[];
  figures: AccountFigures;
}

/**
 * The user's futures account per margin coin, as committed (positions and balances are written by the core before it
 * answers). `coins`: the margin coins to show even without a balance (the live contracts'). `account`: the real
 * account or the simulated one, with the positions of the contracts traded on it; the two are never summed.
 */
export async function futuresAccount(
  services: Services,
  userId: number,
  marks: ContractMarks,
  coins: readonly string[],
  account: FuturesAccounts['user'],
): Promise<CoinAccount[]> {
  const { db } = services.database;
  const [rows, balances, reducing] = await Promise.all([
    db
      .selectFrom('futures_positions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('open', '=', 1)
      .orderBy('id')
      .execute(),
    accountBalances(db, { userId, type: account }),
    db
      .selectFrom('futures_orders')
      .innerJoin('orders', 'orders.id', 'futures_orders.order_id')
      .select(['futures_orders.symbol', 'futures_orders.position_side', 'futures_orders.reduce_left'])
      .where('futures_orders.user_id', '=', userId)
      .where('futures_orders.reduce_only', '=', 1)
      .where('orders.status', 'in', [...openOrderStatuses])
      .execute(),
  ]);
  const closingOf = (p: FuturesPosition) =>
    reducing
      .filter((r) => r.symbol === p.symbol && r.position_side === p.positionSide)
      .reduce((sum, r) => sum + BigInt(r.reduce_left), 0n);
  const held = rows.flatMap((row) => {
    const position = positionFromRow(row);
    const rules = services.core.market(position.symbol)?.futures;
    if (rules?.accounts.user !== account) return [];
    return [{ position, rules, mark: valuationPrice(services, marks, position.symbol) ?? position.entry }];
  });
  const ranks = await adlRanks(
    services,
    marks,
    new Set(held.map((h) => h.position.symbol)),
    held.map((h) => h.position),
  );
  const all = new Set([...coins, ...balances.map((b) => b.coin), ...held.map((h) => h.rules.marginCoin)]);
  return [...all].sort().map((coin) => {
    const balance = balances.find((b) => b.coin === coin);
    const available = ledgerOf(balance?.available ?? '0');
    const locked = ledgerOf(balance?.locked ?? '0');
    const valued = valuePositions(
      held.filter((h) => h.rules.marginCoin === coin),
      available,
    );
    return {
      coin,
      available,
      locked,
      positions: valued.map((v) => ({
        ...v,
        adlRank: ranks.get(v.position.id) ?? 0,
        index: marks.indexOf(v.position.symbol),
        closing: closingOf(v.position),
      })),
      figures: accountFigures(valued, available, locked),
    };
  });
}

/** How long a contract's ADL ranks are served before they are worked out again (the pages poll every 5 s). */
const ADL_RANKS_MS = 5_000;
const rankCache = new WeakMap<Services, Map<string, { at: number; ranks: Map<number, number> }>>();

/**
 * Each position's place in its contract's auto-deleveraging queue (1..5), among every open position of the
 * contracts named. A position's margin balance here is its own margin and PnL (the ADL engine weighs a cross
 * account whole). Ranking a contract reads all its positions, so a contract's ranks are kept ADL_RANKS_MS, unless
 * a position asked for is not among them (opened since).
 */
async function adlRanks(
  services: Services,
  marks: ContractMarks,
  symbols: Set<string>,
  wanted: readonly FuturesPosition[],
): Promise<Map<number, number>> {
  const ranks = new Map<number, number>();
  let cache = rankCache.get(services);
  if (!cache) {
    cache = new Map();
    rankCache.set(services, cache);
  }
  const now = services.clock.now();
  const stale = new Set<string>();
  for (const symbol of symbols) {
    const cached = cache.get(symbol);
    const fresh =
      cached && now - cached.at < ADL_RANKS_MS && wanted.every((p) => p.symbol !== symbol || cached.ranks.has(p.id));
    if (fresh) for (const [id, rank] of cached.ranks) ranks.set(id, rank);
    else stale.add(symbol);
  }
  if (stale.size === 0) return ranks;
  const rows = await services.database.db
    .selectFrom('futures_positions')
    .selectAll()
    .where('open', '=', 1)
    .where('symbol', 'in', [...stale])
    .execute();
  for (const symbol of stale) {
    const rules: FuturesRules | undefined = services.core.market(symbol)?.futures ?? undefined;
    const mark = valuationPrice(services, marks, symbol);
    if (!rules || mark === null) continue;
    const positions = rows
      .filter((r) => r.symbol === symbol)
      .map(positionFromRow)
      .map((p) => {
        const valued = valuePositions([{ position: p, rules, mark }], 0n)[0] as ValuedPosition;
        return { id: p.id, qty: p.qty, entry: p.entry, marginBalance: p.margin + valued.unrealized };
      });
    const { long, short } = adlRanking(rules.terms, positions, mark);
    const computed = new Map([...long, ...short].map((r) => [r.id, r.quantile] as const));
    cache.set(symbol, { at: now, ranks: computed });
    for (const [id, rank] of computed) ranks.set(id, rank);
  }
  return ranks;
}
