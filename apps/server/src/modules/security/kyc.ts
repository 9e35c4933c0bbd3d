import fs from 'node:fs';
import path from 'node:path';
import { MessageType } from '@opex/contract/calls/message';
import { type authRealname, KycStatus } from '@opex/contract/calls/security';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { KycSubmissionsTable } from '../../db/tables/security.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Services } from '../../platform/services.ts';
import { writeMessage } from '../message/messages.ts';

/** Real-name verification: the user submits documents (user/v4/auth_realname); the operator approves or rejects. */
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

export async function submitKyc(
  services: Services,
  userId: number,
  input: z.output<typeof authRealname.request>,
): Promise<void> {
  const { db } = services.database;
  const latest = await latestKyc(db, userId);
  if (latest?.status === KycStatus.pending) throw new CallError(ErrorCode.kycPending);
  if (latest?.status === KycStatus.approved) throw new CallError(ErrorCode.kycApproved);
  const images = [input.firstPhoto, input.secondPhoto, input.thirdPhoto];
  const uploads = path.join(services.config.dataDir, 'uploads');
  if (!images.every((name) => fs.existsSync(path.join(uploads, name)))) throw new CallError(ErrorCode.kycImageMissing);
  await db
    .insertInto('kyc_submissions')
    .values({
      user_id: userId,
      real_name: input.realName,
      country_code: input.countryCode,
      cert_type: input.certificateType,
      cert_number: input.certificateNumber,
      front_img: input.firstPhoto,
      back_img: input.secondPhoto,
      hand_img: input.thirdPhoto,
      status: KycStatus.pending,
      reason: '',
      reviewed_by: null,
      reviewed_at: null,
      created_at: services.clock.now(),
    })
    .execute();
}

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
  await writeMessage(db, clock, submission.user_id, {
    type: MessageType.security,
    title: decision.approve ? 'Identity verified' : 'Identity verification rejected',
    content: decision.approve
      ? 'Your identity verification was approved.'
      : `Your identity verification was rejected: ${decision.reason}. You may submit it again.`,
  });
  return true;
}
