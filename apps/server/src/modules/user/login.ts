import { createHash, randomBytes } from 'node:crypto';
import { MessageType } from '@opex/contract/calls/message';
import type { confirmLogin, loginIn } from '@opex/contract/calls/user';
import { OperationType } from '@opex/contract/calls/verification';
import { ErrorCode } from '@opex/contract/error-codes';
import type { z } from 'zod';
import type { AccountChecks } from '../../accounts/account-checks.ts';
import {
  type AccountKey,
  type CodeTarget,
  emailTarget,
  findUserByAccount,
  findUserById,
  phoneTarget,
  type UserRow,
} from '../../accounts/accounts.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../accounts/passwords.ts';
import { writeMessage } from '../../messages/messages.ts';
import { type CallContext, clientOf } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { accountLimits, loginFailureBucket } from '../../rate-limits/rate-limits.ts';
import { checkGoogleCode, type Spend } from '../../second-factor/totp.ts';
import { sendCode } from './code-delivery.ts';
import { setSessionCookie } from './session-cookie.ts';

/**
 * Two-step login: the password (user/login_in), then, when a second factor applies, its code
 * (user/confirm_login) against a short-lived single-use login token. Then a session, a history row, and a
 * message when the device (user agent + IP) is new for this user.
 */
const LOGIN_TOKEN_TTL_MS = 5 * 60_000;

const GOOGLE = 1;

/** The second factors that are codes we send: phone (while its verification is on) and e-mail. */
const codeFactors: Record<number, (user: UserRow) => CodeTarget | null> = {
  2: (user) =>
    user.mobile && user.is_open_mobile_check === 1 ? phoneTarget(user.country_code ?? '', user.mobile) : null,
  3: (user) => (user.email ? emailTarget(user.email) : null),
};

function loginKey(input: z.output<typeof loginIn.request>): AccountKey {
  const account = input.email ?? input.mobileNumber!;
  return account.includes('@') ? { email: account.toLowerCase() } : { countryCode: input.countryCode, mobile: account };
}

/**
 * Once Google is bound, login never rests on the password alone: Google unless the user chose a code factor
 * (phone or e-mail) instead and the operator does not enforce Google (is_enforce_google_auth). Without Google, the
 * user's own choice of code factor; else the operator's forced login verification (e-mail, phone).
 */
async function secondFactor(
  kit: AccountChecks,
  user: UserRow,
): Promise<{ type: number; target: CodeTarget | null } | null> {
  const { settings } = kit.services;
  const google = user.google_status === 1;
  const own = codeFactors[user.login_verify]?.(user);
  if (google && (!own || (await settings.switchOn('is_enforce_google_auth')))) return { type: GOOGLE, target: null };
  if (own) return { type: user.login_verify, target: own };
  if (!(await settings.switchOn('openLoginVerificationMode'))) return null;
  for (const type of [3, 2]) {
    const target = codeFactors[type]!(user);
    if (target) return { type, target };
  }
  return null;
}

export async function loginWithPassword(
  kit: AccountChecks,
  input: z.output<typeof loginIn.request>,
  ctx: CallContext,
): Promise<z.input<typeof loginIn.reply>> {
  const { services, limiter } = kit;
  const { db } = services.database;
  const key = loginKey(input);
  const accountBucket = loginFailureBucket('email' in key ? key.email : key.mobile);
  const ipBucket = `login-fail:ip:${ctx.ip}`;
  await limiter.check(accountBucket, accountLimits.loginFailuresPerAccount);
  await limiter.check(ipBucket, accountLimits.loginFailuresPerIp);
  if (!(await services.captcha.verify(input, ctx.ip))) throw new CallError(ErrorCode.captchaFailed);

  // Every attempt holds its place in both limits while its password is checked (see RateLimiter.reserve).
  const [ipPlace] = await limiter.reserveEach([
    [ipBucket, accountLimits.loginFailuresPerIp],
    [accountBucket, accountLimits.loginFailuresPerAccount],
  ]);
  const user = await findUserByAccount(db, key);
  const passwordOk = user
    ? await verifyPassword(user.password_hash, input.loginPword)
    : await verifyAgainstDecoy(input.loginPword);
  if (!user || !passwordOk) {
    if (user) await recordLogin(kit, user.id, ctx, false);
    // The same answer for an unknown account and a wrong password: no account enumeration.
    throw new CallError(ErrorCode.wrongPassword);
  }
  await limiter.clear(accountBucket);
  await limiter.release(ipPlace!);
  if (user.status !== 0) throw new CallError(ErrorCode.accountFrozen);

  const factor = await secondFactor(kit, user);
  if (!factor) {
    await completeLogin(kit, user, ctx);
    return { type: '', token: '' };
  }
  if (factor.target) await sendCode(kit, OperationType.loginConfirm, factor.target, ctx.ip, { resendGap: false });
  const token = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  await db
    .insertInto('pending_logins')
    .values({
      token_hash: hashLoginToken(token),
      user_id: user.id,
      factor_type: factor.type,
      expires_at: now + LOGIN_TOKEN_TTL_MS,
      used_at: null,
      created_at: now,
    })
    .execute();
  return { type: String(factor.type) as '1' | '2' | '3', token };
}

function hashLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function confirmLoginWithCode(
  kit: AccountChecks,
  input: z.output<typeof confirmLogin.request>,
  ctx: CallContext,
): Promise<void> {
  const { services } = kit;
  const { db } = services.database;
  const pending = await db
    .selectFrom('pending_logins')
    .selectAll()
    .where('token_hash', '=', hashLoginToken(input.token))
    .executeTakeFirst();
  if (!pending || pending.used_at !== null || pending.expires_at <= services.clock.now()) {
    throw new CallError(ErrorCode.loginTokenInvalid);
  }
  if (String(pending.factor_type) !== input.type) throw new CallError(ErrorCode.secondFactorInvalid);
  const user = await findUserById(db, pending.user_id);
  if (!user) throw new CallError(ErrorCode.loginTokenInvalid);
  if (user.status !== 0) throw new CallError(ErrorCode.accountFrozen);

  const spend = await checkLoginCode(kit, user, pending.factor_type, input.authCode);
  await db.transaction().execute(async (trx) => {
    await spend(trx);
    const spent = await trx
      .updateTable('pending_logins')
      .set({ used_at: services.clock.now() })
      .where('id', '=', pending.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new CallError(ErrorCode.loginTokenInvalid);
  });
  await completeLogin(kit, user, ctx);
}

/** Checks the code of the factor the login asked for; the returned spend consumes it with the login token. */
async function checkLoginCode(kit: AccountChecks, user: UserRow, factorType: number, authCode: string): Promise<Spend> {
  const { codes } = kit;
  if (factorType === GOOGLE) {
    if (user.google_status !== 1) throw new CallError(ErrorCode.loginTokenInvalid);
    return checkGoogleCode(kit, user.id, authCode);
  }
  const target = codeFactors[factorType]?.(user);
  if (!target) throw new CallError(ErrorCode.loginTokenInvalid);
  const codeId = await codes.check(OperationType.loginConfirm, target.target, authCode);
  return (trx) => codes.markUsed(trx, codeId);
}

async function recordLogin(kit: AccountChecks, userId: number, ctx: CallContext, success: boolean): Promise<void> {
  const { ip, userAgent } = clientOf(ctx);
  await kit.services.database.db
    .insertInto('login_history')
    .values({
      user_id: userId,
      ip,
      user_agent: userAgent,
      success: success ? 1 : 0,
      created_at: kit.services.clock.now(),
    })
    .execute();
}

/** Starts the session (replacing any the browser held) and tells the user about a login from a new device. */
async function completeLogin(kit: AccountChecks, user: UserRow, ctx: CallContext): Promise<void> {
  const { services } = kit;
  const { db } = services.database;
  const { ip, userAgent } = clientOf(ctx);
  const history = db.selectFrom('login_history').select('id').where('user_id', '=', user.id).where('success', '=', 1);
  const hadLogin = await history.limit(1).executeTakeFirst();
  const seen = await history.where('ip', '=', ip).where('user_agent', '=', userAgent).limit(1).executeTakeFirst();
  if (ctx.session) await services.sessions.revoke(ctx.session.sessionId);
  const token = await services.sessions.create(user.id, ip, userAgent);
  setSessionCookie(ctx.reply, services.config, token);
  await recordLogin(kit, user.id, ctx, true);

  // The first login of an account is its registration device, not news; any later unseen pair is.
  if (hadLogin && !seen) {
    const when = new Date(services.clock.now()).toISOString().replace('T', ' ').slice(0, 19);
    await writeMessage(db, services.clock, user.id, {
      type: MessageType.security,
      key: 'login.newDevice',
      params: { when, ip, agent: userAgent || '-' },
    });
  }
}
