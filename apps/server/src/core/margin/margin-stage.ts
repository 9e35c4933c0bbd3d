import { LoanStatus, RepaymentType } from '@opex/contract/calls/lever';
import type { RiskStage } from '../risk-stage.ts';
import { cashRisk } from '../spot/cash-risk.ts';
import { owedInFull } from './loan-interest.ts';
import { accrued, isRefusal, marginPair, settleLoan } from './margin-account.ts';
import { min } from './margin-risk.ts';

/**
 * Margin's risk stage: an order holds its pair's margin account's available balance as spot's does (auto-borrow
 * borrows first, margin-commands.ts); what each fill of an auto-repay order brings in repays the pair's loans of
 * that coin, oldest first, interest first, up to what came in.
 */
export const marginStage: RiskStage = {
  ...cashRisk,
  received(step, order, coin, amount) {
    const { state } = step;
    if (amount <= 0n || !state.autoRepay.has(order.id)) return;
    const pair = marginPair(state, order.spec.symbol);
    if (isRefusal(pair)) return;
    const scale = pair.rules.coins.get(coin)?.scale ?? 8;
    let left = min(amount, state.balances.get(order.userId, pair.lever, coin).available);
    for (const record of state.loans.ofAccount(order.userId, pair.symbol)) {
      if (left <= 0n) break;
      if (record.coin !== coin) continue;
      const full = owedInFull(accrued(record, step.at).loan, scale);
      const paid = settleLoan(
        step,
        record,
        left >= full ? 'all' : left,
        'account',
        RepaymentType.autoRepay,
        LoanStatus.repaid,
      );
      left -= paid.amount;
    }
  },
};
