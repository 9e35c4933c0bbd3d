import { type emailValidCode, OperationType, type smsValidCode } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import { requiredField } from '@opex/contract/validation-messages';
import type { z } from 'zod';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import {
  type AccountKey,
  accountTarget,
  emailTarget,
  findUserByAccount,
  findUserById,
  phoneTarget,
  type UserRow,
  userTarget,
} from '../../accounts/accounts.ts';
import { checkNewAddress } from '../../accounts/address-binding.ts';
import type { CodeChannel } from '../../accounts/verification-codes.ts';
import { type CallContext, requestLocale } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { sendCode } from './code-delivery.ts';
import { registrationChannels } from './registration-channels.ts';

/** v4/common/emailValidCode and v4/common/smsValidCode: who may get a code for which purpose, at which address. */
type CodeRequest = z.output<typeof emailValidCode.request> & z.output<typeof smsValidCode.request>;

function requestedAccount(channel: CodeChannel, input: Partial<CodeRequest>, ctx: CallContext): AccountKey {
  const required = (field: string) =>
    new CallError(ErrorCode.badRequest, requiredField(field, requestLocale(ctx.request)), 400);
  if (channel === 'email') {
    if (!input.email) throw required('email');
    return { email: input.email };
  }
  if (!input.countryCode) throw required('countryCode');
  if (!input.mobileNumber) throw required('mobileNumber');
  return { countryCode: input.countryCode, mobile: input.mobileNumber };
}

async function sessionUser(kit: AccountChecks, ctx: CallContext): Promise<UserRow> {
  const user = ctx.session ? await findUserById(kit.services.database.db, ctx.session.userId) : null;
  if (!user) throw new CallError(ErrorCode.sessionEnded);
  return user;
}

async function targetFor(kit: AccountChecks, channel: CodeChannel, input: Partial<CodeRequest>, ctx: CallContext) {
  const { db } = kit.services.database;
  switch (input.operationType) {
    case OperationType.register: {
      if (!registrationChannels(await kit.services.settings.switches()).includes(channel)) {
        throw new CallError(ErrorCode.registrationMethodOff);
      }
      const key = requestedAccount(channel, input, ctx);
      if (await findUserByAccount(db, key)) throw new CallError(ErrorCode.accountExists);
      return accountTarget(key);
    }
    case OperationType.securityVerify: {
      const user = await sessionUser(kit, ctx);
      if (channel === 'email') {
        if (!user.email) throw new CallError(ErrorCode.emailNotBound);
        return emailTarget(user.email);
      }
      if (!user.mobile) throw new CallError(ErrorCode.mobileNotBound);
      return phoneTarget(user.country_code ?? '', user.mobile);
    }
    case OperationType.bindAddress: {
      await sessionUser(kit, ctx);
      const key = requestedAccount(channel, input, ctx);
      await checkNewAddress(kit, key);
      return accountTarget(key);
    }
    default: {
      // passwordChange: always the logged-in user's own address, the one user/password_update checks against.
      const target = userTarget(await sessionUser(kit, ctx));
      if (target.channel !== channel) {
        throw new CallError(
          ErrorCode.badRequest,
          channel === 'email'
            ? 'This account receives its codes by SMS.'
            : 'This account receives its codes by e-mail.',
        );
      }
      return target;
    }
  }
}

export async function requestCode(
  kit: AccountChecks,
  channel: CodeChannel,
  input: Partial<CodeRequest> & Pick<CodeRequest, 'operationType'>,
  ctx: CallContext,
): Promise<null> {
  if (!(await kit.services.captcha.verify(input, ctx.ip))) throw new CallError(ErrorCode.captchaFailed);
  if (input.operationType === OperationType.resetPassword) return requestResetCode(kit, channel, input, ctx);
  const target = await targetFor(kit, channel, input, ctx);
  await sendCode(kit, input.operationType, target, ctx.ip);
  return null;
}

/**
 * A reset code: the same answer, the same limits and no wait on delivery whether or not the address has an
 * account, so the call tells nobody which addresses are registered; only an account's address gets a code.
 */
async function requestResetCode(
  kit: AccountChecks,
  channel: CodeChannel,
  input: Partial<CodeRequest>,
  ctx: CallContext,
) {
  const key = requestedAccount(channel, input, ctx);
  const user = await findUserByAccount(kit.services.database.db, key);
  const delivery = user ? 'recorded' : 'none';
  await sendCode(kit, OperationType.resetPassword, accountTarget(key), ctx.ip, { delivery });
  return null;
}
