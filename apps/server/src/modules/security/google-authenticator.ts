import { SecurityAction } from '@opex/contract/calls/security';
import { ErrorCode } from '@opex/contract/error-codes';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import { loggedInUser } from '../../accounts/address-binding.ts';
import type { LoggedInContext } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { checkOwnAddressCode, type SecondFactorInput } from '../../second-factor/second-factor.ts';
import { checkGoogleCode, checkPendingGoogleCode, removeTotpSecret, startTotpSetup } from '../../second-factor/totp.ts';
import { serverSecretBox } from '../../secrets/secret-box.ts';
import { commitSecurityChange } from '../../security-changes/sensitive-change.ts';

/** user/toopen_google_authenticator, user/google_verify, user/close_google_verify. */
export async function openGoogleSetup(kit: AccountChecks, ctx: LoggedInContext) {
  const user = await loggedInUser(kit, ctx);
  if (user.google_status === 1) throw new CallError(ErrorCode.googleAlreadyBound);
  const brand = await kit.services.settings.get<{ company_name?: string }>('brand', {});
  const box = serverSecretBox(kit.services.config);
  const { secret, url } = await startTotpSetup(kit.services.database.db, kit.services.clock, box, user.id, {
    issuer: brand.company_name || 'Exchange',
    label: user.email ?? `${user.country_code}${user.mobile}`,
  });
  return { googleKey: secret, googleImg: url };
}

export async function bindGoogle(
  kit: AccountChecks,
  ctx: LoggedInContext,
  input: SecondFactorInput & { googleCode: string },
) {
  const user = await loggedInUser(kit, ctx);
  if (user.google_status === 1) throw new CallError(ErrorCode.googleAlreadyBound);
  const box = serverSecretBox(kit.services.config);
  const bind = await checkPendingGoogleCode(
    kit.services.database.db,
    kit.services.clock,
    box,
    user.id,
    input.googleCode,
  );
  const own = await checkOwnAddressCode(kit, user, input);
  await commitSecurityChange(kit, ctx, SecurityAction.googleBind, [bind, own], async (trx) => {
    await trx
      .updateTable('users')
      // Login asks for Google from now on, unless the user already chose a code factor (login.ts secondFactor).
      .set({ google_status: 1, login_verify: user.login_verify || 1, updated_at: kit.services.clock.now() })
      .where('id', '=', user.id)
      .execute();
  });
}

export async function closeGoogle(kit: AccountChecks, ctx: LoggedInContext, googleCode: string) {
  const user = await loggedInUser(kit, ctx);
  if (user.google_status !== 1) throw new CallError(ErrorCode.googleNotBound);
  if (await kit.services.settings.switchOn('is_enforce_google_auth')) throw new CallError(ErrorCode.googleEnforced);
  const { clock } = kit.services;
  const spend = await checkGoogleCode(kit, user.id, googleCode);
  await commitSecurityChange(kit, ctx, SecurityAction.googleClose, [spend], async (trx) => {
    await removeTotpSecret(trx, clock, user.id);
    await trx
      .updateTable('users')
      // Login stops asking for a factor that no longer exists.
      .set({ google_status: 0, login_verify: user.login_verify === 1 ? 0 : user.login_verify, updated_at: clock.now() })
      .where('id', '=', user.id)
      .execute();
  });
}
