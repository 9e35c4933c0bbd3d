import { SecurityAction, type SecurityActionValue } from '@opex/contract/calls/security';
import type { passwordUpdate, resetPassword } from '@opex/contract/calls/user';
import { OperationType } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { z } from 'zod';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import { accountTarget, findUserByAccount, findUserById, type UserRow, userTarget } from '../../accounts/accounts.ts';
import { hashPassword, verifyPassword } from '../../accounts/passwords.ts';
import { type CallContext, clientOf, type LoggedInContext } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { accountLimits, loginFailureBucket } from '../../rate-limits/rate-limits.ts';
import { recordSecurityChange } from '../../security-changes/security-changes.ts';
import { registrationKey } from './registration.ts';
import { clearSessionCookie } from './session-cookie.ts';

/**
 * Password reset (forgotten, by code) and change (logged in: old password + code). Either way every session of
 * the user ends, the caller's included (the web app goes to /login), and the user gets a message.
 */
async function replacePassword(
  kit: AccountChecks,
  user: UserRow,
  codeId: number,
  newPassword: string,
  ctx: CallContext,
  action: SecurityActionValue,
): Promise<void> {
  const { services, codes } = kit;
  const { db } = services.database;
  const hash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await codes.markUsed(trx, codeId);
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: services.clock.now() })
      .where('id', '=', user.id)
      .execute();
    // The history row, the message and the 24-hour withdrawal hold of every security change.
    await recordSecurityChange(trx, services.clock, user.id, action, clientOf(ctx));
  });
  await services.sessions.revokeAllForUser(user.id);
  clearSessionCookie(ctx.reply, services.config);
}

export async function resetForgottenPassword(
  kit: AccountChecks,
  input: z.output<typeof resetPassword.request>,
  ctx: CallContext,
): Promise<void> {
  const { limiter, services } = kit;
  if (!(await services.captcha.verify(input, ctx.ip))) throw new CallError(ErrorCode.captchaFailed);
  const key = registrationKey(input);
  const account = 'email' in key ? key.email : key.mobile;
  const accountBucket = `reset-fail:acct:${account}`;
  const [ipPlace] = await limiter.reserveEach([
    [`reset-fail:ip:${ctx.ip}`, accountLimits.resetFailuresPerIp],
    [accountBucket, accountLimits.resetFailuresPerAccount],
  ]);
  // An address without an account never got a reset code, so it is refused exactly as a wrong or expired code
  // is: the call tells nobody whether the address is registered.
  const codeId = await kit.codes.check(OperationType.resetPassword, accountTarget(key).target, input.authCode);
  const user = await findUserByAccount(services.database.db, key);
  if (!user) throw new CallError(ErrorCode.codeExpired);
  await replacePassword(kit, user, codeId, input.loginPword, ctx, SecurityAction.passwordReset);
  await limiter.clear(accountBucket);
  await limiter.release(ipPlace!);
  await limiter.clear(loginFailureBucket(account));
}

export async function changePassword(
  kit: AccountChecks,
  input: z.output<typeof passwordUpdate.request>,
  ctx: LoggedInContext,
): Promise<void> {
  const user = await findUserById(kit.services.database.db, ctx.userId);
  if (!user) throw new CallError(ErrorCode.sessionEnded);
  // The old password is guessable through this call too, so it shares the login failure limit.
  const bucket = loginFailureBucket(user.email ?? user.mobile ?? '');
  const place = await kit.limiter.reserve(bucket, accountLimits.loginFailuresPerAccount);
  if (!(await verifyPassword(user.password_hash, input.loginPword))) throw new CallError(ErrorCode.wrongPassword);
  await kit.limiter.release(place);
  const codeId = await kit.codes.check(OperationType.passwordChange, userTarget(user).target, input.authCode);
  await replacePassword(kit, user, codeId, input.newLoginPword, ctx, SecurityAction.passwordChange);
}
