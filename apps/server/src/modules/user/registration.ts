import type { register } from '@opex/contract/calls/user';
import { OperationType } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { z } from 'zod';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import {
  type AccountKey,
  accountTarget,
  createUser,
  findUserByAccount,
  findUserByInviteCode,
} from '../../accounts/accounts.ts';
import type { CallContext } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { accountLimits } from '../../rate-limits/rate-limits.ts';
import { registrationChannels } from './registration-channels.ts';

/**
 * user/register: an e-mail or phone account (per `user_reg_type`), the password rule (in the contract), an
 * invitation code when `is_invitationCode_required` is '1', and the registration code sent to that address.
 * Every check runs before the code is spent, so a refused registration leaves the code usable.
 */
export function registrationKey(input: {
  email?: string | undefined;
  countryCode?: string | undefined;
  mobileNumber?: string | undefined;
}): AccountKey {
  return input.email !== undefined
    ? { email: input.email }
    : { countryCode: input.countryCode!, mobile: input.mobileNumber! };
}

export async function registerAccount(
  kit: AccountChecks,
  input: z.output<typeof register.request>,
  ctx: CallContext,
): Promise<void> {
  const { services, limiter, codes } = kit;
  const { db } = services.database;
  const switches = await services.settings.switches();
  const key = registrationKey(input);
  const target = accountTarget(key);
  if (!registrationChannels(switches).includes(target.channel)) throw new CallError(ErrorCode.registrationMethodOff);
  const ipBucket = `register:ip:${ctx.ip}`;
  await limiter.check(ipBucket, accountLimits.registrationsPerIp);
  if (!(await services.captcha.verify(input, ctx.ip))) throw new CallError(ErrorCode.captchaFailed);
  if (await findUserByAccount(db, key)) throw new CallError(ErrorCode.accountExists);

  const invitedCode = input.invitedCode || undefined;
  if (!invitedCode && switches.is_invitationCode_required === '1') throw new CallError(ErrorCode.invitationRequired);
  const inviter = invitedCode ? await findUserByInviteCode(db, invitedCode) : null;
  if (invitedCode && !inviter) throw new CallError(ErrorCode.invitationInvalid);

  const codeId = await codes.check(OperationType.register, target.target, input.authCode);
  await db.transaction().execute(async (trx) => {
    await codes.markUsed(trx, codeId);
    await createUser(trx, services.clock, {
      email: input.email,
      countryCode: input.countryCode,
      mobile: input.mobileNumber,
      password: input.loginPword,
      invitedBy: inviter?.id ?? null,
    });
  });
  await limiter.hit(ipBucket);
}
