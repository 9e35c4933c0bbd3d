import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { assertBalanced, type Movement } from '../ledger/ledger.ts';
import type { MovementCommand } from './core-commands.ts';
import type { FundingMoment } from './futures/funding-commands.ts';

/**
 * How another process (the operator CLI) changes balances while the server runs: it stores the command here and
 * the trading core applies it within about half a second, in the transaction that marks the row done, so it is
 * applied exactly once and never behind the back of the balances the core holds in memory. Two kinds come this way:
 * a ledger movement (an operator credit, a withdrawal's release) and an operator's funding settlement.
 * The row's `result` says 'ok' or why it was refused ('insufficient', 'unbalanced', 'invalid_amount').
 */
export function enqueueMovement(db: Kysely<Database>, movement: Movement, now: number): Promise<number> {
  assertBalanced(movement);
  return enqueue(db, 'movement', movement, now);
}

/** An operator's funding settlement (admin `funding settle`): the moment, its contract and its mark. */
export function enqueueFundingSettle(db: Kysely<Database>, moment: FundingMoment, now: number): Promise<number> {
  return enqueue(db, 'fundingSettle', moment, now);
}

async function enqueue(db: Kysely<Database>, kind: InboxKind, payload: object, now: number): Promise<number> {
  const row = await db
    .insertInto('core_inbox')
    .values({ kind, payload: JSON.stringify(payload), created_at: now, processed_at: null, result: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type InboxKind = 'movement' | 'fundingSettle';

/** The core command an inbox row stands for, carrying the row's id so the command marks it done. */
type InboxCommand =
  | { kind: 'movement'; input: MovementCommand; at?: undefined }
  | { kind: 'fundingSettle'; input: FundingMoment; at: number };

export function inboxCommand(row: { id: number; kind: string; payload: string }): InboxCommand {
  if (row.kind === 'fundingSettle') {
    const moment = parseFundingMoment(row.payload);
    // A settlement's moment is the operator's; one that is not well formed settles nothing and is marked so.
    if (moment) return { kind: 'fundingSettle', input: { ...moment, inboxId: row.id }, at: moment.at };
  }
  const movement = row.kind === 'movement' ? inboxMovement(row.payload) : invalidMovement;
  return { kind: 'movement', input: { movement, inboxId: row.id } };
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
function inboxMovement(payload: string): Movement {
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

/** An operator's settlement from another process, checked for shape: one contract, its prices ledger text or null. */
function parseFundingMoment(payload: string): FundingMoment | null {
  try {
    const value = JSON.parse(payload) as FundingMoment;
    const text = (v: unknown) => v === null || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
    const wellFormed =
      Number.isSafeInteger(value?.at) &&
      value.operator === true &&
      Array.isArray(value.contracts) &&
      value.contracts.length === 1 &&
      value.contracts.every(
        (c) =>
          Number.isSafeInteger(c?.contractId) &&
          typeof c.symbol === 'string' &&
          Number.isInteger(c.frequencyHours) &&
          c.frequencyHours > 0 &&
          Number.isInteger(c.startHour) &&
          typeof c.cap === 'string' &&
          text(c.cap) &&
          text(c.index) &&
          text(c.mark),
      );
    return wellFormed ? { at: value.at, operator: true, contracts: value.contracts } : null;
  } catch {
    return null;
  }
}
