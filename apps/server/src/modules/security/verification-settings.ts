import { SecurityAction } from '@opex/contract/calls/security';
import { ErrorCode } from '@opex/contract/error-codes';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import type { UserRow } from '../../accounts/accounts.ts';
import { loggedInUser } from '../../accounts/address-binding.ts';
import type { LoggedInContext } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { checkSecondFactor, type SecondFactorInput } from '../../second-factor/second-factor.ts';
import { commitSecurityChange } from '../../security-changes/sensitive-change.ts';

/** user/open_mobile_verify, user/close_mobile_verify, user/login_verify_update. */

/** Which login factors a user can be asked for: Google bound, phone bound with verification on, e-mail bound. */
const factorAvailable: Record<string, (user: UserRow) => boolean> = {
  '0': () => true,
  '1': (user) => user.google_status === 1,
  '2': (user) => user.mobile !== null && user.is_open_mobile_check === 1,
  '3': (user) => user.email !== null,
};

export async function setMobileVerify(
  kit: AccountChecks,
  ctx: LoggedInContext,
  open: boolean,
  input: SecondFactorInput,
) {
  const user = await loggedInUser(kit, ctx);
  if (user.mobile === null) throw new CallError(ErrorCode.mobileNotBound);
  // Without an e-mail or Google the phone is the only way to verify the account.
  if (!open && user.email === null && user.google_status !== 1) throw new CallError(ErrorCode.lastFactorRequired);
  const spend = await checkSecondFactor(kit, user, input);
  const action = open ? SecurityAction.mobileCheckOpen : SecurityAction.mobileCheckClose;
  await commitSecurityChange(kit, ctx, action, [spend], async (trx) => {
    await trx
      .updateTable('users')
      .set({
        is_open_mobile_check: open ? 1 : 0,
        login_verify: !open && user.login_verify === 2 ? 0 : user.login_verify,
        updated_at: kit.services.clock.now(),
      })
      .where('id', '=', user.id)
      .execute();
  });
}

export async function setLoginVerify(
  kit: AccountChecks,
  ctx: LoggedInContext,
  input: SecondFactorInput & { loginVerify: string },
) {
  const user = await loggedInUser(kit, ctx);
  if (!factorAvailable[input.loginVerify]?.(user)) throw new CallError(ErrorCode.loginVerifyUnavailable);
  // A bound Google authenticator is a second factor login always asks for: "none" would not be true.
  if (input.loginVerify === '0' && user.google_status === 1) throw new CallError(ErrorCode.loginVerifyKeptWithGoogle);
  const spend = await checkSecondFactor(kit, user, input);
  await commitSecurityChange(kit, ctx, SecurityAction.loginVerifyChange, [spend], async (trx) => {
    await trx
      .updateTable('users')
      .set({ login_verify: Number(input.loginVerify), updated_at: kit.services.clock.now() })
      .where('id', '=', user.id)
      .execute();
  });
}
