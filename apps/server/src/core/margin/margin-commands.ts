import { LoanStatus, RepaymentType } from '@opex/contract/calls/lever';
import { ErrorCode } from '@opex/contract/error-codes';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { LedgerError } from '../../ledger/ledger.ts';
import { ledgerText, mulRate, parseLedger } from '../../ledger/ledger-units.ts';
import type { ApplyContext, CommandEntry } from '../command-entry.ts';
import type { ClientOrderIds } from '../spot/client-order-ids.ts';
import { type PlaceCommand, type PlaceOutcome, placeOrder } from '../spot/order-placement.ts';
import { borrow, dueInterest, newLoan, owedInFull } from './loan-interest.ts';
import {
  accrued,
  announceRisk,
  coinAmount,
  holdings,
  indexPrice,
  isRefusal,
  type MarginPair,
  type MarginRefusal,
  marginPair,
  move,
  pairCoin,
  post,
  refusal,
  risk,
  settleLoan,
} from './margin-account.ts';
import { type MarginCheckCommand, type MarginCheckOutcome, marginCheck } from './margin-liquidation.ts';
import type { LoanRecord } from './margin-loans.ts';
import type { LendingRules } from './margin-rules.ts';

/**
 * Margin's rows of the core's command table: moving money between the exchange account and a pair's margin
 * account, borrowing, repaying, the hourly interest posting, orders on the margin account (with auto-borrow), and the
 * risk check that liquidates. Commands that weigh risk carry the pair's index price: the core never reads a price
 * service, so applying a command depends only on its input and the state.
 */
export interface MarginTransferCommand {
  userId: number;
  symbol: string;
  coin: string;
  amount: string;
  /** in: exchange account -> margin account; out: back. */
  direction: 'in' | 'out';
  price: string | null;
}

export interface MarginBorrowCommand {
  userId: number;
  symbol: string;
  coin: string;
  amount: string;
  price: string | null;
}

/** A repayment of one loan, or of a coin's loans on a pair oldest first (Binance's margin repay names a coin). */
export type MarginRepayCommand = {
  userId: number;
  amount: string | 'all';
  price: string | null;
} & ({ loanId: number } | { symbol: string; coin: string });

export interface MarginPlaceCommand {
  place: PlaceCommand;
  /** Borrow what the order needs beyond the available balance, before it is placed. */
  autoBorrow: boolean;
  price: string | null;
}

export type MarginOutcome<T extends object = object> = ({ ok: true } & T) | MarginRefusal;
export type RepayOutcome = MarginOutcome<{ interestPaid: string; principalPaid: string }>;

const entry = <I, O>(e: CommandEntry<I, O>) => e;
const unavailable = () => refusal(ErrorCode.tradingUnavailable);

export function marginCommands(clientOrders: ClientOrderIds) {
  return {
    marginTransfer: entry<MarginTransferCommand, MarginOutcome>({
      owners: (c) => [c.userId],
      apply: (context, c) => guarded(() => transfer(context, c)),
      unavailable,
    }),
    marginBorrow: entry<MarginBorrowCommand, MarginOutcome<{ loanId: number }>>({
      owners: (c) => [c.userId],
      apply: (context, c) => guarded(() => borrowInto(context, c, true)),
      unavailable,
    }),
    marginRepay: entry<MarginRepayCommand, RepayOutcome>({
      owners: (c) => [c.userId],
      apply: (context, c) => guarded(() => repayLoans(context, c)),
      unavailable,
    }),
    /** Posts each open loan's interest due in whole units (the scheduler sends it hourly). */
    marginInterest: entry<Record<string, never>, { posted: number }>({
      owners: () => [],
      apply: (context) => ({ posted: postInterest(context) }),
      unavailable: () => ({ posted: 0 }),
    }),
    marginPlace: entry<MarginPlaceCommand, PlaceOutcome>({
      owners: (c) => [c.place.userId],
      needsMarkets: (c, state) => !state.markets.has(c.place.symbol),
      prepare: (db, commands) =>
        clientOrders.prepare(
          db,
          commands.map((c) => c.place),
        ),
      apply: (context, c) => clientOrders.once(c.place, context.seq, () => placeOnMargin(context, c)),
      unavailable,
    }),
    marginCheck: entry<MarginCheckCommand, MarginCheckOutcome>({
      owners: (c) => (c.userId === undefined ? [] : [c.userId]),
      apply: (context, c) => marginCheck(context, c),
      unavailable: () => ({ accounts: [] }),
    }),
  };
}

/** A ledger refusal (a balance that would go negative) as the command's answer; nothing was posted. */
function guarded<T>(apply: () => T): T | MarginRefusal {
  try {
    return apply();
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient') return refusal(ErrorCode.insufficientBalance);
    throw error;
  }
}

function transfer(context: ApplyContext, c: MarginTransferCommand): MarginOutcome {
  const { state, at } = context;
  const pair = marginPair(state, c.symbol);
  if (isRefusal(pair)) return pair;
  const lending = pairCoin(pair, c.coin);
  if (isRefusal(lending)) return lending;
  const amount = coinAmount(c.amount, lending);
  if (isRefusal(amount)) return amount;
  const exchange = { ownerId: c.userId, account: 'exchange' as const };
  const margin = { ownerId: c.userId, account: pair.lever };
  const price = c.price === null ? null : indexPrice(c.price);
  if (c.direction === 'out') {
    const held = holdings(state, c.userId, pair, at);
    const coinHeld = lending.coin === pair.spec.base ? held.base : held.quote;
    if (coinHeld.available < amount) return refusal(ErrorCode.insufficientBalance);
    if (held.base.owed > 0n || held.quote.owed > 0n) {
      // Money leaves a borrowing account only while its risk stays at or above the transfer line.
      if (price === null || isRefusal(price)) return refusal(ErrorCode.marginNoPrice);
      const figures = risk(state, c.userId, pair, price, at);
      const may = lending.coin === pair.spec.base ? figures.canTransfer.base : figures.canTransfer.quote;
      if (amount > may) return refusal(ErrorCode.marginTransferRisk);
    }
  }
  const [from, to] = c.direction === 'in' ? [exchange, margin] : [margin, exchange];
  post(
    context,
    'transfer',
    `lever:${c.direction}:${c.userId}:${at}`,
    move(lending.coin, amount, from, to),
    `${from.account}>${to.account}`,
  );
  announceRisk(context, c.userId, pair, price === null || isRefusal(price) ? null : price);
  return { ok: true };
}

/** A new loan of `amount` paid into the pair's margin account, within what its collateral and leverage allow. */
function borrowInto(
  context: ApplyContext,
  c: MarginBorrowCommand,
  announce: boolean,
): MarginOutcome<{ loanId: number }> {
  const { state, batch, at } = context;
  const pair = marginPair(state, c.symbol);
  if (isRefusal(pair)) return pair;
  const lending = pairCoin(pair, c.coin);
  if (isRefusal(lending)) return lending;
  const amount = coinAmount(c.amount, lending);
  if (isRefusal(amount)) return amount;
  if (amount < lending.minBorrow) return refusal(ErrorCode.borrowBelowMinimum);
  const price = indexPrice(c.price);
  if (isRefusal(price)) return price;
  const figures = risk(state, c.userId, pair, price, at);
  const may = lending.coin === pair.spec.base ? figures.canBorrow.base : figures.canBorrow.quote;
  if (amount > may) return refusal(ErrorCode.borrowAboveLimit);
  const record = {
    id: state.loans.nextId++,
    userId: c.userId,
    symbol: pair.symbol,
    coin: lending.coin,
    borrowed: amount,
    loan: borrow(newLoan(at), amount),
    posted: 0n,
    interestPaid: 0n,
    dailyRate: lending.dailyRate,
    status: LoanStatus.open,
    createdAt: at,
    updatedAt: at,
  };
  post(
    context,
    'borrow',
    `loan:${record.id}`,
    move(lending.coin, amount, { ownerId: c.userId, account: pair.loan }, { ownerId: c.userId, account: pair.lever }),
  );
  state.loans.add(record);
  batch.loans.set(record.id, record);
  if (announce) announceRisk(context, c.userId, pair, price);
  return { ok: true, loanId: record.id };
}

function repayLoans(context: ApplyContext, c: MarginRepayCommand): RepayOutcome {
  const { state, at } = context;
  const records: LoanRecord[] =
    'loanId' in c
      ? [state.loans.get(c.loanId)].filter((r): r is LoanRecord => r !== undefined && r.userId === c.userId)
      : state.loans.ofAccount(c.userId, c.symbol.toUpperCase()).filter((r) => r.coin === c.coin.toUpperCase());
  const first = records[0];
  if (!first) return refusal(ErrorCode.loanNotFound);
  const pair = marginPair(state, first.symbol);
  if (isRefusal(pair)) return pair;
  const lending = pairCoin(pair, first.coin);
  if (isRefusal(lending)) return lending;
  const owed = records.reduce((sum, r) => sum + owedInFull(accrued(r, at).loan, lending.scale), 0n);
  let amount: bigint;
  if (c.amount === 'all') amount = owed;
  else {
    const typed = coinAmount(c.amount, lending);
    if (isRefusal(typed)) return typed;
    if (typed > owed) return refusal(ErrorCode.repayAboveOwed);
    amount = typed;
  }
  if (state.balances.get(c.userId, pair.lever, lending.coin).available < amount)
    return refusal(ErrorCode.insufficientBalance);
  let interestPaid = 0n;
  let principalPaid = 0n;
  let left = amount;
  for (const record of records) {
    if (left === 0n) break;
    const full = owedInFull(record.loan, lending.scale);
    const paid = settleLoan(
      context,
      record,
      left >= full ? 'all' : left,
      'account',
      RepaymentType.manual,
      LoanStatus.repaid,
    );
    interestPaid += paid.interestPaid;
    principalPaid += paid.principalPaid;
    left -= paid.amount;
  }
  const price = c.price === null ? null : indexPrice(c.price);
  announceRisk(context, c.userId, pair, price === null || isRefusal(price) ? null : price);
  return { ok: true, interestPaid: ledgerText(interestPaid), principalPaid: ledgerText(principalPaid) };
}

/** Each open loan's interest accrued to now, the whole units not yet posted moved from its loan account to lending. */
function postInterest(context: ApplyContext): number {
  const { state, batch, at } = context;
  let posted = 0;
  for (const record of [...state.loans.all()]) {
    const lending = state.markets.get(record.symbol.toLowerCase())?.spec.margin?.coins.get(record.coin);
    const due = dueInterest(accrued(record, at).loan, lending?.scale ?? 8);
    record.updatedAt = at;
    batch.loans.set(record.id, record);
    if (due <= record.posted) continue;
    const causeId = `loan:${record.id}`;
    post(
      context,
      'interest',
      causeId,
      move(
        record.coin,
        due - record.posted,
        { ownerId: record.userId, account: `loan:${record.symbol}` },
        { ownerId: SYSTEM_OWNER, account: 'lending' },
      ),
    );
    record.posted = due;
    posted++;
  }
  return posted;
}

/**
 * An order on the pair's margin account. With auto-borrow, what the order would hold beyond the account's available
 * balance is borrowed first (at least the coin's least loan); when the book then refuses the order, the loan is
 * repaid at once (same moment, no interest), so a refused order leaves no debt.
 */
function placeOnMargin(context: ApplyContext, c: MarginPlaceCommand): PlaceOutcome {
  const { state, batch, at } = context;
  const pair = marginPair(state, c.place.symbol);
  if (isRefusal(pair)) return pair;
  const place = { ...c.place, account: pair.lever };
  let loanId: number | null = null;
  if (c.autoBorrow) {
    const need = neededBy(place, pair);
    if (need) {
      const lending = pair.rules.coins.get(need.coin) as LendingRules;
      const shortfall = need.amount - state.balances.get(place.userId, pair.lever, need.coin).available;
      if (shortfall > 0n) {
        const unit = 10n ** BigInt(18 - lending.scale);
        const rounded = ((shortfall + unit - 1n) / unit) * unit;
        const amount = rounded < lending.minBorrow ? lending.minBorrow : rounded;
        const loan = borrowInto(
          context,
          { userId: place.userId, symbol: pair.symbol, coin: need.coin, amount: ledgerText(amount), price: c.price },
          false,
        );
        if (!loan.ok) return loan;
        loanId = loan.loanId;
      }
    }
  }
  const outcome = placeOrder(state, batch, place, at);
  if (!outcome.ok && loanId !== null) {
    const record = state.loans.get(loanId);
    if (record) settleLoan(context, record, 'all', 'account', RepaymentType.autoRepay, LoanStatus.repaid);
  }
  if (outcome.ok || loanId !== null) {
    const price = c.price === null ? null : indexPrice(c.price);
    announceRisk(context, place.userId, pair, price === null || isRefusal(price) ? null : price);
  }
  return outcome;
}

/** What a margin order will hold (as cash-risk holds it): the quote a buy spends, the base a sell sells. */
function neededBy(place: PlaceCommand, pair: MarginPair): { coin: string; amount: bigint } | null {
  const r = place.request;
  const volume = parseLedger(r.volume);
  if (volume === null) return null;
  if (r.side === 'SELL') return r.byQuoteAmount ? null : { coin: pair.spec.base, amount: volume };
  if (r.type === 2) return r.byQuantity ? null : { coin: pair.spec.quote, amount: volume };
  const price = parseLedger(r.price ?? '');
  if (price === null) return null;
  return { coin: pair.spec.quote, amount: mulRate(volume, price) };
}
