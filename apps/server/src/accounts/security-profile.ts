import { KycStatus } from '@opex/contract/calls/security';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { latestKyc } from '../kyc/kyc.ts';
import { withdrawalsHeldUntil } from '../security-changes/security-changes.ts';

/** The security centre's part of common/user_info. */
export interface SecurityProfile {
  authLevel: number;
  realName: string;
  feeCoinOpen: number;
  legalTender: string;
  withdrawHoldUntil: number;
}

export async function securityProfile(db: Kysely<Database>, userId: number, now: number): Promise<SecurityProfile> {
  const [settings, kyc, holdUntil] = await Promise.all([
    db.selectFrom('user_security').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    latestKyc(db, userId),
    withdrawalsHeldUntil(db, userId, now),
  ]);
  return {
    authLevel: kyc?.status ?? KycStatus.none,
    realName: kyc?.status === KycStatus.approved ? kyc.real_name : '',
    feeCoinOpen: settings?.fee_coin_open ?? 0,
    legalTender: settings?.legal_tender ?? '',
    withdrawHoldUntil: holdUntil,
  };
}
