import { type Account, type AccountType, accountTypeOf, accountTypes } from '../ledger/accounts.ts';
import { marginStage } from './margin/margin-stage.ts';
import type { RiskStage } from './risk-stage.ts';
import { cashRisk } from './spot/cash-risk.ts';

type Product = (typeof accountTypes)[AccountType]['product'];

/**
 * The risk stage of each product whose accounts place orders; a product that trades adds its row. Isolated margin
 * holds the pair's margin account's available balance as spot does (margin/margin-stage.ts), and its risk against
 * its debt is watched at the index price, not per order. A futures order holds its initial margin and fees in the co
 * account the same way (futures/futures-reserve.ts reckons them); its position's risk is watched at the mark price.
 */
const riskStages: Partial<Record<Product, RiskStage>> = { spot: cashRisk, margin: marginStage, futures: cashRisk };

/** By account name: settling a trade asks twice, so the name is parsed once per account. */
const byAccount = new Map<string, RiskStage | undefined>();

export function riskStageOf(account: Account): RiskStage | undefined {
  if (byAccount.has(account)) return byAccount.get(account);
  const type = accountTypeOf(account);
  // A loan account holds debt, not money an order may spend.
  const stage = !type || type === 'loan' ? undefined : riskStages[accountTypes[type].product];
  byAccount.set(account, stage);
  return stage;
}
