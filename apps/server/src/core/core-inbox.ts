import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { assertBalanced, type Movement } from '../ledger/ledger.ts';

/**
 * How another process (the operator CLI) changes balances while the server runs: it stores the movement here and
 * the trading core applies it within about half a second, in the transaction that marks the row done, so it is
 * applied exactly once and never behind the back of the balances the core holds in memory.
 * The row's `result` says 'ok' or why it was refused ('insufficient', 'unbalanced', 'invalid_amount').
 */
export async function enqueueMovement(db: Kysely<Database>, movement: Movement, now: number): Promise<number> {
  assertBalanced(movement);
  const row = await db
    .insertInto('core_inbox')
    .values({ kind: 'movement', payload: JSON.stringify(movement), created_at: now, processed_at: null, result: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Waits until the core has applied an inbox row; its result, or null on timeout. */
export async function waitForInbox(db: Kysely<Database>, id: number, timeoutMs = 10_000): Promise<string | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const row = await db
      .selectFrom('core_inbox')
      .select(['processed_at', 'result'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.processed_at != null) return row.result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** The movement an inbox row carries; one whose payload is not a movement fails as unbalanced when applied. */
export function inboxMovement(payload: string): Movement {
  return parseInboxMovement(payload) ?? invalidMovement;
}

/** An inbox row whose payload is not a movement: applying it fails as unbalanced and marks the row so. */
const invalidMovement: Movement = { cause: 'operator_credit', causeId: 'invalid', postings: [] };

/** A movement from another process, checked for shape (amounts are checked when it is posted). */
function parseInboxMovement(payload: string): Movement | null {
  try {
    const value = JSON.parse(payload) as Movement;
    const wellFormed =
      typeof value?.cause === 'string' &&
      typeof value.causeId === 'string' &&
      Array.isArray(value.postings) &&
      value.postings.every(
        (p) =>
          Number.isSafeInteger(p?.ownerId) &&
          p.ownerId >= 0 &&
          typeof p.account === 'string' &&
          typeof p.coin === 'string' &&
          (p.field === 'available' || p.field === 'locked') &&
          typeof p.delta === 'string',
      );
    return wellFormed ? value : null;
  } catch {
    return null;
  }
}
