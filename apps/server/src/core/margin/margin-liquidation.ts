import { LoanStatus, RepaymentType } from '@opex/contract/calls/lever';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import { LEDGER_DIGITS, ledgerText } from '../../ledger/ledger-units.ts';
import type { ApplyContext } from '../command-entry.ts';
import type { OrderState } from '../order-state.ts';
import { cancelOrder } from '../spot/order-cancel.ts';
import { placeOrder } from '../spot/order-placement.ts';
import { owedInFull } from './loan-interest.ts';
import {
  announceRisk,
  holdings,
  indexPrice,
  isRefusal,
  type MarginPair,
  marginPair,
  move,
  post,
  risk,
  settleLoan,
} from './margin-account.ts';
import { min, riskPercent } from './margin-risk.ts';

/**
 * The margin risk check, sent on every index price change of a pair with loans (and after a margin account
 * changes): each account's risk rate is computed at the given index price and announced; an account at or below the
 * liquidation line is liquidated within the same command, so within the same price event:
 *
 * 1. its open orders on the pair are cancelled;
 * 2. what it owes in one coin beyond what it holds of it is bought or sold on the book with the other coin, as IOC
 *    limit orders no worse than the index price -/+ the pair's liquidation margin (default 5%);
 * 3. every loan is repaid from the account, interest first;
 * 4. whatever is still owed is paid by margin's insurance fund, which takes what is left in the account (what the
 *    book could not absorb), so no account is left owing more than it holds.
 *
 * Each liquidation stores the index price, risk rate and figures it was decided on (margin_liquidations).
 */
export interface MarginCheckCommand {
  /** Any spelling of the pair; the checked accounts are the pair's borrowers, or only `userId`'s. */
  symbol: string;
  price: string | null;
  userId?: number;
}

export interface MarginCheckOutcome {
  accounts: { userId: number; riskRate: string; liquidated: boolean }[];
}

const ONE = 10n ** BigInt(LEDGER_DIGITS);

export function marginCheck(context: ApplyContext, c: MarginCheckCommand): MarginCheckOutcome {
  const { state } = context;
  const pair = marginPair(state, c.symbol);
  if (isRefusal(pair)) return { accounts: [] };
  const price = indexPrice(c.price);
  // An account that owes nothing has no risk to announce (its balances reach the trader on user_balance).
  const borrowers = new Set(state.loans.ofPair(pair.symbol).map((l) => l.userId));
  const users = c.userId === undefined ? [...borrowers] : borrowers.has(c.userId) ? [c.userId] : [];
  const accounts: MarginCheckOutcome['accounts'] = [];
  for (const userId of users) {
    if (isRefusal(price)) {
      announceRisk(context, userId, pair, null);
      continue;
    }
    const figures = risk(context.state, userId, pair, price, context.at);
    if (figures.liquidate) {
      liquidate(context, userId, pair, price, figures.riskRate ?? 0n);
      announceRisk(context, userId, pair, price, true);
    } else announceRisk(context, userId, pair, price);
    accounts.push({ userId, riskRate: riskPercent(figures.riskRate), liquidated: figures.liquidate });
  }
  return { accounts };
}

function liquidate(context: ApplyContext, userId: number, pair: MarginPair, price: bigint, riskRate: bigint): void {
  const { state, batch, at } = context;
  const before = holdings(state, userId, pair, at);
  const orders: number[] = [];
  // 1. The account's open orders on the pair give back what they hold.
  for (const id of state.open.idsOf(userId, pair.spec.symbol)) {
    const order = state.open.get(id) as OrderState;
    if (order.account === pair.lever)
      cancelOrder(state, batch, { userId, orderId: id, symbol: pair.spec.symbol, account: pair.lever }, at);
  }
  // 2. Sell base for a quote debt, buy base for a base debt, within the liquidation margin of the index price.
  const spec = pair.spec;
  const tick = 10n ** BigInt(LEDGER_DIGITS - spec.pricePrecision);
  const lot = 10n ** BigInt(LEDGER_DIGITS - spec.volumePrecision);
  const available = (coin: string) => state.balances.get(userId, pair.lever, coin).available;
  const owed = (coin: string) => holdings(state, userId, pair, at)[coin === spec.base ? 'base' : 'quote'].owed;
  const place = (side: 'BUY' | 'SELL', ticks: bigint, lots: bigint) => {
    if (ticks <= 0n || lots <= 0n) return;
    const outcome = placeOrder(
      state,
      batch,
      {
        userId,
        symbol: spec.symbol,
        account: pair.lever,
        clientOrderId: null,
        request: {
          side,
          type: 1,
          price: ledgerText(ticks * tick),
          volume: ledgerText(lots * lot),
          timeInForce: 'IOC',
        },
      },
      at,
    );
    if (outcome.ok) orders.push(outcome.orderId);
  };
  const margin = pair.rules.liquidationMargin;
  if (owed(spec.quote) > available(spec.quote)) {
    const floor = (price * (ONE - margin)) / ONE;
    place('SELL', (floor + tick - 1n) / tick, available(spec.base) / lot);
  }
  if (owed(spec.base) > available(spec.base)) {
    const ceiling = (price * (ONE + margin)) / ONE;
    const ticks = ceiling / tick;
    // The buyer's fee is taken from the base it receives: buy enough that what arrives covers the debt.
    const need = owed(spec.base) - available(spec.base);
    const gross = (need * ONE + (ONE - spec.takerFeeRate) - 1n) / (ONE - spec.takerFeeRate);
    const affordable = ticks > 0n ? (available(spec.quote) * ONE) / (ticks * tick) / lot : 0n;
    const wanted = (gross + lot - 1n) / lot;
    place('BUY', ticks, min(wanted, affordable));
  }
  // 3. Repay from the account, oldest loan first.
  const repaid: { loanId: number; coin: string; amount: string }[] = [];
  for (const record of state.loans.ofAccount(userId, pair.symbol)) {
    const scale = (pair.rules.coins.get(record.coin) as { scale: number }).scale;
    const full = owedInFull(record.loan, scale);
    const pay = min(available(record.coin), full);
    if (pay <= 0n) continue;
    const paid = settleLoan(
      context,
      record,
      pay === full ? 'all' : pay,
      'account',
      RepaymentType.liquidation,
      LoanStatus.liquidated,
    );
    repaid.push({ loanId: record.id, coin: record.coin, amount: ledgerText(paid.amount) });
  }
  // 4. The insurance fund takes what is left and pays what is still owed.
  const left = state.loans.ofAccount(userId, pair.symbol);
  const fundTook: Record<string, string> = {};
  const fundPaid: { loanId: number; coin: string; amount: string }[] = [];
  if (left.length > 0) {
    const fund = { ownerId: SYSTEM_OWNER, account: 'margin_insurance' as const };
    for (const coin of [spec.base, spec.quote]) {
      const rest = available(coin);
      if (rest <= 0n) continue;
      post(
        context,
        'liquidation',
        `liquidation:${userId}:${pair.symbol}:${at}`,
        move(coin, rest, { ownerId: userId, account: pair.lever }, fund),
      );
      fundTook[coin] = ledgerText(rest);
    }
    for (const record of left) {
      const paid = settleLoan(context, record, 'all', 'insurance', RepaymentType.insurance, LoanStatus.shortfall);
      fundPaid.push({ loanId: record.id, coin: record.coin, amount: ledgerText(paid.amount) });
    }
  }
  const text = (h: typeof before) => ({
    base: { available: ledgerText(h.base.available), locked: ledgerText(h.base.locked), owed: ledgerText(h.base.owed) },
    quote: {
      available: ledgerText(h.quote.available),
      locked: ledgerText(h.quote.locked),
      owed: ledgerText(h.quote.owed),
    },
  });
  batch.insert('margin_liquidations', {
    user_id: userId,
    symbol: pair.symbol,
    index_price: ledgerText(price),
    risk_rate: ledgerText(riskRate),
    details: JSON.stringify({
      before: text(before),
      liquidationRate: ledgerText(pair.rules.liquidationRate),
      liquidationMargin: ledgerText(margin),
      orders,
      repaid,
      fundTook,
      fundPaid,
      after: text(holdings(state, userId, pair, at)),
    }),
    created_at: at,
  });
}
