import { z } from 'zod';
import { defineCall } from '../call.ts';
import { captchaFields } from '../captcha.ts';
import { isValidPassword, verificationCodePattern } from '../rules.ts';
import { countryCodeField, emailField, mobileNumberField } from './verification.ts';

/**
 * Accounts and sessions. Spec names: user/login_in, user/confirm_login, /user/login_out, common/user_info,
 * user/password_update. Ours (the spec names none for them): user/register, user/reset_password.
 *
 * - user/register: e-mail or phone per switch `user_reg_type` ('1' or absent/other: e-mail only, '2' phone only,
 *   '3' both); `invitedCode` mandatory when `is_invitationCode_required` is '1'. Does not log in.
 * - user/login_in answers `{ type, token }`: type '' and token '' when logged in at once (session cookie set);
 *   '1' Google authenticator code (nothing sent), '2' phone code / '3' e-mail code sent; finish with
 *   user/confirm_login within 5 minutes. The factor is the user's choice (loginVerify, set with
 *   user/login_verify_update) when bound; when switch `is_enforce_google_auth` is '1', a user with Google bound
 *   is always asked for it. Wrong password and unknown account give the same code.
 * - user/password_update and user/reset_password end every session of the user (the caller is logged out too).
 * - /user/login_out always answers '0' and clears the session cookie.
 */
export const loginPasswordField = z.string().min(1).max(100);
export const newPasswordField = z
  .string()
  .max(20)
  .refine(isValidPassword, '8 to 20 letters, digits or _~!@#$%^&*(), with at least one letter and one digit');
export const authCodeField = z.string().regex(verificationCodePattern, 'exactly 6 digits');

/** An account named by e-mail, or by country code + phone number: exactly one of the two. */
const accountFields = {
  email: emailField.optional(),
  countryCode: countryCodeField.optional(),
  mobileNumber: mobileNumberField.optional(),
};

function exactlyOneAccount(
  value: { email?: string | undefined; mobileNumber?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if ((value.email === undefined) === (value.mobileNumber === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'give either email or mobileNumber', path: ['email'] });
  }
}

function countryCodeWithMobile(
  value: { countryCode?: string | undefined; mobileNumber?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.mobileNumber !== undefined && value.countryCode === undefined) {
    ctx.addIssue({ code: 'custom', message: 'required with mobileNumber', path: ['countryCode'] });
  }
}

export const register = defineCall({
  name: 'user/register',
  writes: true,
  request: captchaFields
    .extend({
      ...accountFields,
      loginPword: newPasswordField,
      authCode: authCodeField,
      invitedCode: z.string().trim().max(20).optional(),
    })
    .superRefine(exactlyOneAccount)
    .superRefine(countryCodeWithMobile),
  reply: z.null(),
});

/** The second factor login_in asks for: '1' Google authenticator, '2' phone code, '3' e-mail code. */
export const SecondFactorType = { google: '1', phone: '2', email: '3' } as const;
export const secondFactorType = z.enum([SecondFactorType.google, SecondFactorType.phone, SecondFactorType.email]);

/**
 * `mobileNumber` may also hold an e-mail address (the original's single account field); `countryCode` narrows a
 * phone number when the same number is registered under several country codes.
 */
export const loginIn = defineCall({
  name: 'user/login_in',
  writes: true,
  request: captchaFields
    .extend({
      email: emailField.optional(),
      mobileNumber: z.string().trim().min(1).max(100).optional(),
      countryCode: countryCodeField.optional(),
      loginPword: loginPasswordField,
    })
    .superRefine(exactlyOneAccount),
  reply: z.object({ type: z.union([z.literal(''), secondFactorType]), token: z.string() }),
});

export const confirmLogin = defineCall({
  name: 'user/confirm_login',
  writes: true,
  request: z.object({ token: z.string().min(1).max(100), authCode: authCodeField, type: secondFactorType }),
  reply: z.null(),
});

export const loginOut = defineCall({
  name: '/user/login_out',
  writes: true,
  request: z.object({}),
  reply: z.null(),
});

export const resetPassword = defineCall({
  name: 'user/reset_password',
  writes: true,
  request: captchaFields
    .extend({ ...accountFields, authCode: authCodeField, loginPword: newPasswordField })
    .superRefine(exactlyOneAccount)
    .superRefine(countryCodeWithMobile),
  reply: z.null(),
});

/** The code comes from v4/common/emailValidCode (or smsValidCode for phone-only accounts), operationType '4'. */
export const passwordUpdate = defineCall({
  name: 'user/password_update',
  access: 'login',
  writes: true,
  request: z.object({ loginPword: loginPasswordField, newLoginPword: newPasswordField, authCode: authCodeField }),
  reply: z.null(),
});

/** accountStatus: 0 normal, 1 frozen (login refused), 2 closed (login refused). Flags are 0/1. */
export const AccountStatus = { normal: 0, frozen: 1, closed: 2 } as const;

export const userInfo = defineCall({
  name: 'common/user_info',
  access: 'login',
  request: z.object({}),
  reply: z.object({
    id: z.number(),
    /** The masked e-mail, else the masked phone number: what the header shows. */
    userAccount: z.string(),
    nickName: z.string(),
    email: z.string(),
    countryCode: z.string(),
    mobileNumber: z.string(),
    accountStatus: z.number(),
    agentStatus: z.number(),
    inviteCode: z.string(),
    googleStatus: z.number(),
    isOpenMobileCheck: z.number(),
    isOpenEmailCheck: z.number(),
    /** '0' none, else the second factor login asks for ('1' Google, '2' phone, '3' e-mail). */
    loginVerify: z.string(),
    /** KycStatus of calls/security: 0 none, 1 pending, 2 approved, 3 rejected. */
    authLevel: z.number(),
    /** The verified real name once KYC is approved, else ''. */
    realName: z.string(),
    ctime: z.number(),
    /** 1: trading fees are paid in the platform coin when held (user/update_fee_coin_open). */
    feeCoinOpen: z.number(),
    /** The user's fiat (lower-case, e.g. usd); '' means the language's default fiat. */
    legalTender: z.string(),
    /** Epoch ms until which withdrawals are held after a security change; 0 when not held. */
    withdrawHoldUntil: z.number(),
  }),
});
