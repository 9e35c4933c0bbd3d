import { ErrorCode } from '@opex/contract/error-codes';
import type { UserRow } from '../accounts/accounts.ts';
import { CallError } from '../platform/call-error.ts';
import type { Services } from '../services.ts';

/**
 * Switch is_enforce_google_auth: the operator requires Google authenticator for the actions that move money out or
 * hand out access (withdrawals, withdrawal addresses, creating or changing API keys). A user without Google bound is
 * refused with googleRequired until they bind it; the phone or e-mail code does not stand in for it. Logging in,
 * binding Google itself, trading and deleting API keys stay open, so nobody is locked out of their own account.
 */
export async function requireGoogleWhenEnforced(
  services: Pick<Services, 'settings'>,
  user: Pick<UserRow, 'google_status'>,
): Promise<void> {
  if (user.google_status === 1) return;
  if (await services.settings.switchOn('is_enforce_google_auth')) throw new CallError(ErrorCode.googleRequired);
}
