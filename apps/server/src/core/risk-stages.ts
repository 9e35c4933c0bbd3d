import { type AccountType, accountTypes } from '../ledger/accounts.ts';
import type { RiskStage } from './risk-stage.ts';
import { cashRisk } from './spot/cash-risk.ts';

type Product = (typeof accountTypes)[AccountType]['product'];

/** The risk stage of each product whose accounts place orders; a product that trades adds its row. */
const riskStages: Partial<Record<Product, RiskStage>> = { spot: cashRisk };

export function riskStageOf(account: AccountType): RiskStage | undefined {
  return riskStages[accountTypes[account].product];
}
