import fs from 'node:fs';
import { MessageType } from '@opex/contract/calls/message';
import { type authRealname, CertificateType, KycStatus, NameVerifiedType } from '@opex/contract/calls/security';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { KycSubmissionsTable } from '../db/tables/security.ts';
import { userImagePath } from '../images/image-store.ts';
import { writeMessage } from '../messages/messages.ts';
import { CallError } from '../platform/call-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { Services } from '../services.ts';

/**
 * Real-name verification: the user submits documents (user/v4/auth_realname); the operator approves or rejects,
 * or, with nameVerifiedType '02', it is approved when submitted.
 */
export type KycSubmission = Selectable<KycSubmissionsTable>;

export async function latestKyc(db: Kysely<Database>, userId: number): Promise<KycSubmission | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The operator's setting `kyc`: which document types are accepted (all three unless set). */
export const KYC_SETTING = 'kyc';
export interface KycSetting {
  certificateTypes?: number[];
}
const allCertificateTypes: number[] = Object.values(CertificateType);

/** kyc/config: the form nameVerifiedType selects ('00'/'01' need services we do not integrate: manual review). */
export async function kycFormConfig(services: Pick<Services, 'settings'>) {
  const type = (await services.settings.switches()).nameVerifiedType ?? NameVerifiedType.manual;
  const simplified = type === NameVerifiedType.simplified;
  const setting = await services.settings.get<KycSetting>(KYC_SETTING, {});
  const offered = allCertificateTypes.filter((t) => setting.certificateTypes?.includes(t) ?? true);
  return {
    nameVerifiedType: simplified ? NameVerifiedType.simplified : NameVerifiedType.manual,
    review: simplified ? ('auto' as const) : ('manual' as const),
    certificateTypes: offered.length > 0 ? offered : allCertificateTypes,
    photosRequired: !simplified,
  };
}

export async function submitKyc(
  services: Services,
  userId: number,
  input: z.output<typeof authRealname.request>,
): Promise<void> {
  const { db } = services.database;
  const { clock } = services;
  const latest = await latestKyc(db, userId);
  if (latest?.status === KycStatus.pending) throw new CallError(ErrorCode.kycPending);
  if (latest?.status === KycStatus.approved) throw new CallError(ErrorCode.kycApproved);
  const form = await kycFormConfig(services);
  if (!form.certificateTypes.includes(input.certificateType)) throw new CallError(ErrorCode.kycFormUnavailable);
  const images = [input.firstPhoto, input.secondPhoto, input.thirdPhoto];
  const given = images.filter((name): name is string => name !== undefined);
  // Only the user's own uploads: another user's image name is refused as missing.
  const own = (name: string) => {
    const file = userImagePath(services.config.dataDir, userId, name);
    return file !== null && fs.existsSync(file);
  };
  if ((form.photosRequired && given.length !== images.length) || !given.every(own)) {
    throw new CallError(ErrorCode.kycImageMissing);
  }
  const auto = form.review === 'auto';
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('kyc_submissions')
      .values({
        user_id: userId,
        real_name: input.realName,
        country_code: input.countryCode,
        cert_type: input.certificateType,
        cert_number: input.certificateNumber,
        front_img: input.firstPhoto ?? '',
        back_img: input.secondPhoto ?? '',
        hand_img: input.thirdPhoto ?? '',
        status: auto ? KycStatus.approved : KycStatus.pending,
        reason: '',
        reviewed_by: auto ? 'auto' : null,
        reviewed_at: auto ? now : null,
        created_at: now,
      })
      .execute();
    if (auto) await writeMessage(trx, clock, userId, approvedMessage);
  });
}

const approvedMessage = { type: MessageType.security, key: 'kyc.approved' } as const;

export async function listKyc(db: Kysely<Database>, status: number | null, limit = 50): Promise<KycSubmission[]> {
  let query = db.selectFrom('kyc_submissions').selectAll();
  if (status !== null) query = query.where('status', '=', status);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Decides a pending submission and tells the user; false when there is no pending submission with this id. */
export async function reviewKyc(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  decision: { approve: boolean; reason: string; reviewer: string },
): Promise<boolean> {
  const submission = await db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!submission || submission.status !== KycStatus.pending) return false;
  const result = await db
    .updateTable('kyc_submissions')
    .set({
      status: decision.approve ? KycStatus.approved : KycStatus.rejected,
      reason: decision.reason,
      reviewed_by: decision.reviewer,
      reviewed_at: clock.now(),
    })
    .where('id', '=', id)
    .where('status', '=', KycStatus.pending)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeMessage(
    db,
    clock,
    submission.user_id,
    decision.approve
      ? approvedMessage
      : { type: MessageType.security, key: 'kyc.rejected', params: { reason: decision.reason } },
  );
  return true;
}
