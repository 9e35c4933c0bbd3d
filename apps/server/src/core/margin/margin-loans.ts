import { LoanStatus } from '@opex/contract/calls/lever';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MarginLoansTable } from '../../db/tables/margin.ts';
import { ledgerOf, ledgerText } from '../../ledger/ledger-units.ts';
import type { Loan } from './loan-interest.ts';

/**
 * The open margin loans, in the core's memory: loaded whole on start (only open loans; a closed one never changes
 * again), then changed only by the core's margin commands, each change written as the loan's row in the same batch.
 */
export interface LoanRecord {
  id: number;
  userId: number;
  /** Upper case, BTCUSDT. */
  symbol: string;
  coin: string;
  /** What was first borrowed (ledger units). */
  borrowed: bigint;
  loan: Loan;
  /** Interest posted to the ledger (the loan account) and not yet paid; at most the loan's whole units due. */
  posted: bigint;
  interestPaid: bigint;
  /** The coin's daily rate when the loan was taken: it stays the loan's rate until it is repaid. */
  dailyRate: bigint;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export class MarginLoans {
  private readonly open = new Map<number, LoanRecord>();
  nextId = 1;

  static async load(db: Kysely<Database>): Promise<MarginLoans> {
    const loans = new MarginLoans();
    const rows = await db
      .selectFrom('margin_loans')
      .selectAll()
      .where('status', '=', LoanStatus.open)
      .orderBy('id')
      .execute();
    for (const row of rows) loans.open.set(Number(row.id), loanFromRow(row));
    const max = await db
      .selectFrom('margin_loans')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    loans.nextId = Number(max?.id ?? 0) + 1;
    return loans;
  }

  get(id: number): LoanRecord | undefined {
    return this.open.get(id);
  }

  add(record: LoanRecord): void {
    this.open.set(record.id, record);
  }

  /** A loan leaves memory once closed; its final row is in the batch. */
  close(record: LoanRecord, status: number): void {
    record.status = status;
    this.open.delete(record.id);
  }

  /** Open loans of one user's pair, oldest first. */
  ofAccount(userId: number, symbol: string): LoanRecord[] {
    return [...this.open.values()].filter((l) => l.userId === userId && l.symbol === symbol);
  }

  /** Open loans on one pair (every user), oldest first. */
  ofPair(symbol: string): LoanRecord[] {
    return [...this.open.values()].filter((l) => l.symbol === symbol);
  }

  all(): IterableIterator<LoanRecord> {
    return this.open.values();
  }

  /** Users with an open loan: their balances are loaded with the core's state. */
  owners(): Set<number> {
    return new Set([...this.open.values()].map((l) => l.userId));
  }
}

export function loanRow(r: LoanRecord): Selectable<MarginLoansTable> {
  return {
    id: r.id,
    user_id: r.userId,
    symbol: r.symbol,
    coin: r.coin,
    borrowed: ledgerText(r.borrowed),
    principal: ledgerText(r.loan.principal),
    interest: ledgerText(r.loan.interest),
    remainder: r.loan.remainder.toString(),
    accrued_until: r.loan.since,
    posted: ledgerText(r.posted),
    interest_paid: ledgerText(r.interestPaid),
    daily_rate: ledgerText(r.dailyRate),
    status: r.status,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export function loanFromRow(row: Selectable<MarginLoansTable>): LoanRecord {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    symbol: row.symbol,
    coin: row.coin,
    borrowed: ledgerOf(row.borrowed),
    loan: {
      principal: ledgerOf(row.principal),
      interest: ledgerOf(row.interest),
      remainder: BigInt(row.remainder),
      since: Number(row.accrued_until),
    },
    posted: ledgerOf(row.posted),
    interestPaid: ledgerOf(row.interest_paid),
    dailyRate: ledgerOf(row.daily_rate),
    status: row.status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
