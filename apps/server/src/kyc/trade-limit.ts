import { KycStatus } from '@opex/contract/calls/security';
import type { Services } from '../services.ts';
import { latestKyc } from './kyc.ts';

/**
 * The spec's "trade limit" switch (has_trade_limit_open): while it is on, only a trader whose identity
 * verification was approved may place orders, through the web app's calls and the Open API alike.
 */
export async function tradingLimitedFor(services: Services, userId: number): Promise<boolean> {
  if (!(await services.settings.switchOn('has_trade_limit_open'))) return false;
  const kyc = await latestKyc(services.database.db, userId);
  return kyc?.status !== KycStatus.approved;
}
