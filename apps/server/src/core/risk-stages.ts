import { type Account, type AccountType, accountTypeOf, accountTypes } from '../ledger/accounts.ts';
import type { RiskStage } from './risk-stage.ts';
import { cashRisk } from './spot/cash-risk.ts';

type Product = (typeof accountTypes)[AccountType]['product'];

/**
 * The risk stage of each product whose accounts place orders; a product that trades adds its row. Isolated margin
 * holds the pair's margin account's available balance as spot does: what it may borrow is borrowed first (auto-borrow,
 * margin-commands.ts), and its risk against its debt is watched at the index price, not per order.
 */
const riskStages: Partial<Record<Product, RiskStage>> = { spot: cashRisk, margin: cashRisk };

export function riskStageOf(account: Account): RiskStage | undefined {
  const type = accountTypeOf(account);
  // A loan account holds debt, not money an order may spend.
  if (!type || type === 'loan') return undefined;
  return riskStages[accountTypes[type].product];
}
