import Big from 'big.js';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type AccountType, type LedgerCause, mayGoNegative, SYSTEM_OWNER } from './accounts.ts';

/**
 * The double-entry ledger. A movement is a set of postings whose deltas sum to zero per coin; posting it changes
 * the balances and writes one ledger row per posting, inside the caller's transaction, or not at all.
 */
export interface Posting {
  ownerId: number;
  account: AccountType;
  coin: string;
  field: 'available' | 'locked';
  /** A signed decimal string. */
  delta: string;
}

export interface Movement {
  cause: LedgerCause;
  causeId: string;
  memo?: string;
  postings: Posting[];
}

export type LedgerFailure = 'invalid_amount' | 'unbalanced' | 'insufficient';

export class LedgerError extends Error {
  constructor(
    readonly reason: LedgerFailure,
    message: string,
  ) {
    super(message);
  }
}

const decimalPattern = /^-?\d{1,30}(\.\d{1,30})?$/;

export function parseAmount(value: string): Big {
  if (!decimalPattern.test(value)) throw new LedgerError('invalid_amount', `Not a decimal amount: ${value}`);
  return new Big(value);
}

type Writer = Kysely<Database> | Transaction<Database>;

/**
 * Posts straight to the database: only where no trading core runs on it (a test's or a benchmark's setup before
 * the server starts). A running core holds balances, the external account's among them, in memory and would write
 * its own back over this; there every movement goes through TradingCore.postMovement or the core inbox.
 */
export async function postMovement(
  trx: Writer,
  dialect: DatabaseHandle['dialect'],
  movement: Movement,
  now: number,
): Promise<void> {
  assertBalanced(movement);
  const keyOf = (p: Posting) => `${p.ownerId}\u0000${p.account}\u0000${p.coin}`;
  const current = new Map<string, { available: Big; locked: Big; exists: boolean }>();
  for (const posting of movement.postings) {
    const key = keyOf(posting);
    if (current.has(key)) continue;
    let query = trx
      .selectFrom('balances')
      .select(['available', 'locked'])
      .where('owner_id', '=', posting.ownerId)
      .where('account', '=', posting.account)
      .where('coin', '=', posting.coin);
    // SQLite serialises writers itself; PostgreSQL needs the row lock against a concurrent read-modify-write.
    if (dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    current.set(key, {
      available: new Big(row?.available ?? '0'),
      locked: new Big(row?.locked ?? '0'),
      exists: row !== undefined,
    });
  }

  const entries = movement.postings.map((posting) => {
    const balance = current.get(keyOf(posting))!;
    const after = balance[posting.field].plus(posting.delta);
    if (after.lt(0) && !mayGoNegative(posting.ownerId, posting.account)) {
      throw new LedgerError('insufficient', `Insufficient ${posting.coin} balance`);
    }
    balance[posting.field] = after;
    return {
      owner_id: posting.ownerId,
      account: posting.account,
      coin: posting.coin,
      field: posting.field,
      delta: new Big(posting.delta).toFixed(),
      balance_after: after.toFixed(),
      cause: movement.cause,
      cause_id: movement.causeId,
      memo: movement.memo ?? '',
      created_at: now,
    };
  });

  for (const [key, balance] of current) {
    const [owner, account, coin] = key.split('\u0000') as [string, string, string];
    const values = { available: balance.available.toFixed(), locked: balance.locked.toFixed(), updated_at: now };
    if (balance.exists) {
      await trx
        .updateTable('balances')
        .set(values)
        .where('owner_id', '=', Number(owner))
        .where('account', '=', account)
        .where('coin', '=', coin)
        .execute();
    } else {
      await trx
        .insertInto('balances')
        .values({ owner_id: Number(owner), account, coin, ...values })
        .execute();
    }
  }
  await trx.insertInto('ledger_entries').values(entries).execute();
}

export function assertBalanced(movement: Movement): void {
  if (movement.postings.length === 0) throw new LedgerError('unbalanced', 'A movement needs postings');
  const sums = new Map<string, Big>();
  for (const posting of movement.postings) {
    const delta = parseAmount(posting.delta);
    if (delta.eq(0)) throw new LedgerError('invalid_amount', 'A posting cannot be zero');
    sums.set(posting.coin, (sums.get(posting.coin) ?? new Big(0)).plus(delta));
  }
  for (const [coin, sum] of sums) {
    if (!sum.eq(0)) throw new LedgerError('unbalanced', `Postings in ${coin} do not sum to zero`);
  }
}

/** Money entering from outside (deposit, operator credit): the user's available rises, the external account falls. */
export function creditFromOutside(input: {
  ownerId: number;
  account?: AccountType;
  coin: string;
  amount: string;
  cause: LedgerCause;
  causeId: string;
  memo?: string;
}): Movement {
  const amount = parseAmount(input.amount);
  if (amount.lte(0)) throw new LedgerError('invalid_amount', 'The amount must be positive');
  return {
    cause: input.cause,
    causeId: input.causeId,
    ...(input.memo ? { memo: input.memo } : {}),
    postings: [
      {
        ownerId: input.ownerId,
        account: input.account ?? 'exchange',
        coin: input.coin,
        field: 'available',
        delta: amount.toFixed(),
      },
      {
        ownerId: SYSTEM_OWNER,
        account: 'external',
        coin: input.coin,
        field: 'available',
        delta: amount.neg().toFixed(),
      },
    ],
  };
}

/** Posts one movement in its own transaction. */
export async function postInTransaction(handle: DatabaseHandle, movement: Movement, now: number): Promise<void> {
  await handle.db.transaction().execute((trx) => postMovement(trx, handle.dialect, movement, now));
}
