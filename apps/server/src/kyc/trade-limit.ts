import { KycStatus } from '@opex/contract/calls/security';
import type { Services } from '../services.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { latestKyc } from './kyc.ts';

/** The operator's kycLimitConfig: products that need an approved identity verification first. */
export const KYC_LIMITS_SETTING = 'kycLimitConfig';
export interface KycLimits {
  /** Margin orders (the original's lever_trade_kyc_open). */
  leverTrade: boolean;
}

export const kycLimitConfig = (settings: Pick<SettingsStore, 'get'>) =>
  settings.get<KycLimits>(KYC_LIMITS_SETTING, { leverTrade: false });

/**
 * Whether a trader may not place orders yet for want of an approved identity verification: every order while the
 * spec's "trade limit" switch (has_trade_limit_open) is on, and margin orders while kycLimitConfig's
 * lever_trade_kyc_open is, through the web app's calls and the Open API alike.
 */
export async function tradingLimitedFor(
  services: Services,
  userId: number,
  product: 'spot' | 'margin' = 'spot',
): Promise<boolean> {
  const limited =
    (await services.settings.switchOn('has_trade_limit_open')) ||
    (product === 'margin' && (await kycLimitConfig(services.settings)).leverTrade);
  if (!limited) return false;
  const kyc = await latestKyc(services.database.db, userId);
  return kyc?.status !== KycStatus.approved;
}
