import { OperationType } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { AccountChecks } from '../accounts/account-checks.ts';
import { emailTarget, phoneTarget, type UserRow } from '../accounts/accounts.ts';
import { CallError } from '../platform/call-error.ts';
import { checkGoogleCode, type Spend } from './totp.ts';

/**
 * The second factor of a sensitive change: the bound Google code when Google is bound (no fallback: a stolen
 * mailbox must not outvote the authenticator), else a securityVerify code sent to the user's own e-mail or phone.
 */
export interface SecondFactorInput {
  googleCode?: string | undefined;
  emailAuthCode?: string | undefined;
  smsAuthCode?: string | undefined;
}

export async function checkSecondFactor(kit: AccountChecks, user: UserRow, input: SecondFactorInput): Promise<Spend> {
  if (user.google_status === 1) {
    if (!input.googleCode) throw new CallError(ErrorCode.secondFactorRequired);
    return checkGoogleCode(kit, user.id, input.googleCode);
  }
  return checkOwnAddressCode(kit, user, input);
}

/** A securityVerify code sent to the user's bound e-mail (emailAuthCode) or phone (smsAuthCode). */
export async function checkOwnAddressCode(kit: AccountChecks, user: UserRow, input: SecondFactorInput): Promise<Spend> {
  const target =
    input.emailAuthCode && user.email
      ? { target: emailTarget(user.email), code: input.emailAuthCode }
      : input.smsAuthCode && user.mobile
        ? { target: phoneTarget(user.country_code ?? '', user.mobile), code: input.smsAuthCode }
        : null;
  if (!target) throw new CallError(ErrorCode.secondFactorRequired);
  const codeId = await kit.codes.check(OperationType.securityVerify, target.target.target, target.code);
  return (trx) => kit.codes.markUsed(trx, codeId);
}
