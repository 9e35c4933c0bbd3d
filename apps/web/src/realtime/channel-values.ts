import type { DepositUpdate, TradeTick } from '@opex/contract/realtime';

/**
 * What a channel's value is after a push. Depth, ticker and K-line pushes carry whole state (the server sends the
 * full merged book, the full ticker, the current candle), so the latest push is the value. Trades pushes carry only
 * the new trades: they merge into the newest-first list seeded by a `req`. A deposit push carries one deposit: the
 * value keeps the latest of each, so two deposits pushed within one frame both reach the page. Order and balance
 * pushes are kept numbered (appendUpdate), for the same reason.
 */
export const TRADES_KEPT = 50;

/** A spot market's (btcusdt) or a contract's of any type (e_btcusdt, s_btcusdt, q_btcusd). */
const tradesChannel = /^market_([a-z]_)?[a-z0-9]+_trade_ticker$/;

export function isTradesChannel(channel: string): boolean {
  return tradesChannel.test(channel);
}

/** Newest first by id, without duplicates (a seed reply can overlap pushes), at most TRADES_KEPT. */
export function mergeTrades(current: readonly TradeTick[] | undefined, incoming: readonly TradeTick[]): TradeTick[] {
  const byId = new Map<number, TradeTick>();
  for (const trade of current ?? []) byId.set(trade.id, trade);
  for (const trade of incoming) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, TRADES_KEPT);
}

export const DEPOSITS_KEPT = 50;
/** channels.userDeposits, spelled out: importing values from the contract's realtime module brings zod into the worker. */
const depositsChannel = 'user_deposits';

/** Newest deposit first, each deposit at its latest push, at most DEPOSITS_KEPT. */
export function mergeDeposits(current: readonly DepositUpdate[] | undefined, update: DepositUpdate): DepositUpdate[] {
  const others = (current ?? []).filter((deposit) => deposit.id !== update.id);
  return [update, ...others].sort((a, b) => b.id - a.id).slice(0, DEPOSITS_KEPT);
}

/** A private channel's push, numbered by the worker as it came (1, 2, ...; never reused while the worker lives). */
export interface NumberedUpdate<T> {
  n: number;
  update: T;
}

export const UPDATES_KEPT = 100;
/**
 * channels.userOrders, userBalance, userMarginRisk, coOrders and coAccount, spelled out for the same reason as the
 * deposits channel (a risk push of one pair must not hide another pair's pushed in the same frame, nor a futures
 * account push of one margin coin another coin's).
 */
const updateChannels = new Set([
  'user_orders',
  'user_balance',
  'user_margin_risk',
  'user_co_orders',
  'user_co_account',
]);

/**
 * The latest UPDATES_KEPT pushes of an order or balance channel, oldest first: several can arrive within one frame,
 * and each changes a different row, so the page takes every one it has not seen yet (by `n`) rather than the last.
 */
export function appendUpdate<T>(current: readonly NumberedUpdate<T>[] | undefined, update: NumberedUpdate<T>) {
  return [...(current ?? []), update].slice(-UPDATES_KEPT);
}

/** `n`: the push's number (its place among all the worker received), for the channels whose pushes are numbered. */
export function nextValue(channel: string, current: unknown, tick: unknown, n = 0): unknown {
  if (updateChannels.has(channel))
    return appendUpdate(current as NumberedUpdate<unknown>[] | undefined, { n, update: tick });
  if (channel === depositsChannel) return mergeDeposits(current as DepositUpdate[] | undefined, tick as DepositUpdate);
  if (!isTradesChannel(channel)) return tick;
  const data = (tick as { data?: TradeTick[] } | null)?.data ?? [];
  return mergeTrades(current as TradeTick[] | undefined, data);
}
