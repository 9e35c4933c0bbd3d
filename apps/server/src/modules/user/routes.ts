import {
  confirmLogin,
  loginIn,
  loginOut,
  passwordUpdate,
  register,
  resetPassword,
  userInfo,
} from '@opex/contract/calls/user';
import { emailValidCode, smsValidCode } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { createAccountChecks } from '../../accounts/account-checks.ts';
import { findUserById } from '../../accounts/accounts.ts';
import { securityProfile } from '../../accounts/security-profile.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { requestCode } from './code-requests.ts';
import { confirmLoginWithCode, loginWithPassword } from './login.ts';
import { changePassword, resetForgottenPassword } from './password-changes.ts';
import { registerAccount } from './registration.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { toUserInfo } from './user-info.ts';

/** Accounts and sessions: registration, two-step login, logout, user info, password reset and change, codes. */
export async function registerUserModule(app: FastifyInstance, services: Services) {
  const kit = createAccountChecks(services);
  const { db } = services.database;

  bindCall(app, services, emailValidCode, (input, ctx) => requestCode(kit, 'email', input, ctx));
  bindCall(app, services, smsValidCode, (input, ctx) => requestCode(kit, 'sms', input, ctx));

  bindCall(app, services, register, async (input, ctx) => {
    await registerAccount(kit, input, ctx);
    return null;
  });

  bindCall(app, services, loginIn, (input, ctx) => loginWithPassword(kit, input, ctx));

  bindCall(app, services, confirmLogin, async (input, ctx) => {
    await confirmLoginWithCode(kit, input, ctx);
    return null;
  });

  // Public and idempotent: logging out of an ended session still answers '0' and clears the cookie.
  bindCall(app, services, loginOut, async (_input, ctx) => {
    if (ctx.session) await services.sessions.revoke(ctx.session.sessionId);
    clearSessionCookie(ctx.reply, services.config);
    return null;
  });

  bindCall(app, services, userInfo, async (_input, ctx) => {
    const user = await findUserById(db, ctx.userId);
    if (!user) throw new CallError(ErrorCode.sessionEnded);
    return toUserInfo(user, await securityProfile(db, user.id, services.clock.now()));
  });

  bindCall(app, services, resetPassword, async (input, ctx) => {
    await resetForgottenPassword(kit, input, ctx);
    return null;
  });

  bindCall(app, services, passwordUpdate, async (input, ctx) => {
    await changePassword(kit, input, ctx);
    return null;
  });
}
