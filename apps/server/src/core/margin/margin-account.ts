import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import { type Account, type LedgerCause, leverAccount, loanAccount, SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { ledgerText, parseLedger, truncateLedger } from '../../ledger/ledger-units.ts';
import type { CorePosting } from '../balance-cache.ts';
import type { ApplyContext } from '../command-entry.ts';
import type { CoreState } from '../core-state.ts';
import type { MarketSpec } from '../market-spec.ts';
import { accrue, owedInFull, repay } from './loan-interest.ts';
import type { LoanRecord } from './margin-loans.ts';
import { type PairHoldings, type PairRisk, pairRisk, riskPercent } from './margin-risk.ts';
import type { LendingRules, MarginRules } from './margin-rules.ts';

/**
 * What every margin command shares: finding the pair, reading the pair's account and debt, posting, settling a
 * loan (a repayment by the user, by liquidation or by the insurance fund), and announcing the pair's risk.
 */
export type MarginRefusal = { ok: false; code: ErrorCodeValue };
/** What margin's postings need of a command's context (a risk stage's step has as much). */
export type MarginStep = Pick<ApplyContext, 'state' | 'batch' | 'at'>;
export const refusal = (code: ErrorCodeValue): MarginRefusal => ({ ok: false, code });

export interface MarginPair {
  spec: MarketSpec;
  rules: MarginRules;
  /** Upper case, BTCUSDT: the symbol margin's accounts and loans carry. */
  symbol: string;
  lever: Account;
  loan: Account;
}

/**
 * The pair open for margin, or the refusal (66001). A market closed for trading keeps its margin accounts: loans can
 * be repaid, money moved out and risk watched while it is closed (its orders are refused by the book's rules).
 */
export function marginPair(state: CoreState, symbol: string): MarginPair | MarginRefusal {
  const spec = state.markets.get(symbol.toLowerCase())?.spec;
  if (!spec?.margin) return refusal(ErrorCode.marginPairClosed);
  const upper = spec.symbol.toUpperCase();
  return { spec, rules: spec.margin, symbol: upper, lever: leverAccount(upper), loan: loanAccount(upper) };
}

/** One of the pair's two coins and its lending rules, or the refusal (66002). */
export function pairCoin(pair: MarginPair, coin: string): LendingRules | MarginRefusal {
  return pair.rules.coins.get(coin.toUpperCase()) ?? refusal(ErrorCode.marginCoinNotInPair);
}

/** An amount typed in the coin's whole units (positive, at most its decimals), or the refusal. */
export function coinAmount(text: string, lending: LendingRules): bigint | MarginRefusal {
  const units = parseLedger(text);
  if (units === null || units <= 0n) return refusal(ErrorCode.transferAmountInvalid);
  if (truncateLedger(units, lending.scale) !== units) return refusal(ErrorCode.marginAmountPrecision);
  return units;
}

/** The index price given with a command (quote per base), or the refusal when there is none (66009). */
export function indexPrice(price: string | null): bigint | MarginRefusal {
  const units = price === null ? null : parseLedger(price);
  return units !== null && units > 0n ? units : refusal(ErrorCode.marginNoPrice);
}

export const isRefusal = (v: unknown): v is MarginRefusal =>
  typeof v === 'object' && v !== null && (v as MarginRefusal).ok === false;

/** The loan with its interest accrued to `at` (the record keeps the accrued state). */
export function accrued(record: LoanRecord, at: number): LoanRecord {
  record.loan = accrue(record.loan, record.dailyRate, at);
  return record;
}

/** What the pair's account holds and owes now, each loan accrued to `at`. */
export function holdings(state: CoreState, userId: number, pair: MarginPair, at: number): PairHoldings {
  const side = (coin: string) => {
    const lending = pair.rules.coins.get(coin) as LendingRules;
    const balance = state.balances.get(userId, pair.lever, coin);
    let owed = 0n;
    for (const record of state.loans.ofAccount(userId, pair.symbol)) {
      if (record.coin === coin) owed += owedInFull(accrued(record, at).loan, lending.scale);
    }
    return { available: balance.available, locked: balance.locked, owed, scale: lending.scale };
  };
  return { base: side(pair.spec.base), quote: side(pair.spec.quote) };
}

export function risk(state: CoreState, userId: number, pair: MarginPair, price: bigint, at: number): PairRisk {
  return pairRisk(holdings(state, userId, pair, at), price, pair.rules);
}

export function post(
  { state, batch, at }: MarginStep,
  cause: LedgerCause,
  causeId: string,
  postings: CorePosting[],
  memo = '',
): void {
  state.balances.post(cause, causeId, postings, at, batch.ledger, memo);
}

/** A move of `amount` of `coin` from one account's available balance to another's. */
export const move = (
  coin: string,
  amount: bigint,
  from: { ownerId: number; account: Account },
  to: { ownerId: number; account: Account },
): CorePosting[] => [
  { ...from, coin, field: 'available', delta: -amount },
  { ...to, coin, field: 'available', delta: amount },
];

/** Who pays a repayment: the user's margin account, or margin's insurance fund (a liquidation's shortfall). */
export type RepaymentSource = 'account' | 'insurance';

/**
 * Repays `amount` of a loan (or all it owes): the interest this repayment pays that is not posted yet is posted
 * first (loan account to the lending income), then the amount moves from the payer to the loan account. The loan
 * closes with `closeAs` once nothing is owed. The caller checked the payer holds the amount.
 */
export function settleLoan(
  context: MarginStep,
  record: LoanRecord,
  amount: bigint | 'all',
  source: RepaymentSource,
  type: number,
  closeAs: number,
): { interestPaid: bigint; principalPaid: bigint; amount: bigint } {
  const { state, batch, at } = context;
  const lending = (state.markets.get(record.symbol.toLowerCase())?.spec.margin?.coins.get(record.coin) ??
    null) as LendingRules | null;
  const scale = lending?.scale ?? 8;
  const loan = accrued(record, at).loan;
  const paying = amount === 'all' ? owedInFull(loan, scale) : amount;
  const split = repay(loan, paying, scale);
  const causeId = `loan:${record.id}`;
  const debt = { ownerId: record.userId, account: loanAccount(record.symbol) };
  const unposted = split.interestPaid - record.posted;
  if (unposted > 0n) {
    post(
      context,
      'interest',
      causeId,
      move(record.coin, unposted, debt, { ownerId: SYSTEM_OWNER, account: 'lending' }),
    );
    record.posted += unposted;
  }
  const payer =
    source === 'account'
      ? { ownerId: record.userId, account: leverAccount(record.symbol) }
      : { ownerId: SYSTEM_OWNER, account: 'margin_insurance' as const };
  post(context, 'repay', causeId, move(record.coin, paying, payer, debt));
  record.posted -= split.interestPaid;
  record.interestPaid += split.interestPaid;
  record.loan = split.loan;
  record.updatedAt = at;
  batch.loans.set(record.id, record);
  batch.insert('margin_repayments', {
    loan_id: record.id,
    user_id: record.userId,
    coin: record.coin,
    amount: ledgerText(paying),
    interest: ledgerText(split.interestPaid),
    principal: ledgerText(split.principalPaid),
    type,
    created_at: at,
  });
  if (split.loan.principal === 0n && split.loan.interest === 0n && split.loan.remainder === 0n) {
    state.loans.close(record, closeAs);
  }
  return { ...split, amount: paying };
}

/** Announces the pair's risk to its owner (realtime user_margin_risk) once the batch commits. */
export function announceRisk(
  { state, batch, at }: MarginStep,
  userId: number,
  pair: MarginPair,
  price: bigint | null,
  liquidated = false,
): PairRisk | null {
  const figures = price === null ? null : risk(state, userId, pair, price, at);
  batch.events.push({
    type: 'marginRisk',
    userId,
    symbol: pair.symbol,
    indexPrice: price === null ? '' : ledgerText(price),
    riskRate: riskPercent(figures?.riskRate ?? null),
    burstPrice: figures?.burstPrice ? ledgerText(figures.burstPrice) : '',
    state: liquidated ? 'liquidated' : figures?.warn ? 'warning' : 'safe',
  });
  return figures;
}
