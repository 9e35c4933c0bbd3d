import { openOrderStatuses } from '@opex/contract/calls/order';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A user's futures settings per contract (contract-notes-products.md §1.2), in the original's codes. No row means
 * the defaults; an edit writes only the columns it changes, in one statement, so two edits at once both land.
 */
export interface UserContractConfig {
  nowLevel: number;
  /** 1 cross, 2 isolated. */
  marginModel: number;
  /**
   * 1 one-way, 2 hedge. One-way by default, as most exchanges start a new user: one net position per contract. The
   * original's order form sends OPEN/CLOSE on every order, but its CLOSE is also what the reduce-only tick sends, so
   * the pages work in either mode; hedge is the user's choice (edit_user_page_config).
   */
  positionModel: number;
  /** 1 base coin, 2 contracts (platform.md: default 2). */
  coUnit: number;
  pcSecondConfirm: number;
  /** Days a conditional order lives. */
  expireTime: number;
}

/** The original's default leverage. */
const DEFAULT_LEVEL = 20;

/** Defaults for a contract whose highest leverage is maxLevel: 20x, or maxLevel when that is lower. */
export const defaultConfig = (maxLevel: number): UserContractConfig => ({
  nowLevel: Math.min(DEFAULT_LEVEL, maxLevel),
  marginModel: 1,
  positionModel: 1,
  coUnit: 2,
  pcSecondConfirm: 1,
  expireTime: 7,
});

/**
 * The user's settings for the contract. A leverage saved before the operator lowered the contract's brackets reads
 * as the highest now allowed: the brackets are the rule.
 */
export async function readUserConfig(
  db: Kysely<Database>,
  userId: number,
  contractId: number,
  maxLevel: number,
): Promise<UserContractConfig> {
  const row = await db
    .selectFrom('futures_user_config')
    .selectAll()
    .where('user_id', '=', userId)
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  if (!row) return defaultConfig(maxLevel);
  return {
    nowLevel: Math.min(row.now_level, maxLevel),
    marginModel: row.margin_model,
    positionModel: row.position_model,
    coUnit: row.co_unit,
    pcSecondConfirm: row.pc_second_confirm,
    expireTime: row.expire_time,
  };
}

/**
 * Saves the changed settings; the others keep their saved values, or the defaults on a first edit. An edit that
 * changes nothing writes nothing.
 */
export async function editUserConfig(
  db: Kysely<Database>,
  userId: number,
  contractId: number,
  maxLevel: number,
  changes: Partial<UserContractConfig>,
  now: number,
): Promise<void> {
  const columns = {
    ...(changes.nowLevel !== undefined && { now_level: changes.nowLevel }),
    ...(changes.marginModel !== undefined && { margin_model: changes.marginModel }),
    ...(changes.positionModel !== undefined && { position_model: changes.positionModel }),
    ...(changes.coUnit !== undefined && { co_unit: changes.coUnit }),
    ...(changes.pcSecondConfirm !== undefined && { pc_second_confirm: changes.pcSecondConfirm }),
    ...(changes.expireTime !== undefined && { expire_time: changes.expireTime }),
  };
  if (Object.keys(columns).length === 0) return;
  const changed = { ...columns, updated_at: now };
  const d = defaultConfig(maxLevel);
  await db
    .insertInto('futures_user_config')
    .values({
      user_id: userId,
      contract_id: contractId,
      now_level: d.nowLevel,
      margin_model: d.marginModel,
      position_model: d.positionModel,
      co_unit: d.coUnit,
      pc_second_confirm: d.pcSecondConfirm,
      expire_time: d.expireTime,
      ...changed,
    })
    .onConflict((oc) => oc.columns(['user_id', 'contract_id']).doUpdateSet(changed))
    .execute();
}

/** Whether the user has opened a futures account. */
export async function hasFuturesAccount(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('futures_users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Opens the user's futures account; an open one stays as it was (its first opening time kept). */
export async function openFuturesAccount(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .insertInto('futures_users')
    .values({ user_id: userId, opened_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** What a user holds in a contract that pins its settings while it exists. */
export interface ContractHoldings {
  positions: number;
  openOrders: number;
}

/**
 * Which settings may change now: the margin and position mode not while the user holds a position or an open order
 * in the contract; the leverage always (as Binance: the core re-holds margin at it, core/futures/futures-leverage.ts,
 * and refuses a change the position and orders cannot take, naming why).
 */
export function switchable(held: ContractHoldings) {
  const free = held.positions === 0 && held.openOrders === 0;
  return { positionModelCanSwitch: free, marginModelCanSwitch: free, levelCanSwitch: true };
}

/** The user's open positions and open orders in the contract whose book is `symbol`. */
export async function contractHoldings(
  db: Kysely<Database>,
  userId: number,
  symbol: string,
): Promise<ContractHoldings> {
  const [positions, orders] = await Promise.all([
    db
      .selectFrom('futures_positions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('open', '=', 1)
      .where('symbol', '=', symbol)
      .executeTakeFirst(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('account', 'in', ['co', 'co_sim'])
      .where('symbol', '=', symbol)
      .where('status', 'in', [...openOrderStatuses])
      .executeTakeFirst(),
  ]);
  return { positions: Number(positions?.n ?? 0), openOrders: Number(orders?.n ?? 0) };
}
