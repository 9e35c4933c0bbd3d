import { z } from 'zod';
import { defineCall } from '../call.ts';
import { captchaFields } from '../captcha.ts';
import { isHumanText } from '../human-text.ts';
import { isValidEmail, phonePattern } from '../rules.ts';

/**
 * Verification-code sending (v4/common/emailValidCode, v4/common/smsValidCode): a 6-digit code, single use,
 * valid 10 minutes, bound to its purpose (`operationType`) and its target address. One resend per 60 s per
 * target, a cap per hour per target and per IP. Both calls carry the captcha fields.
 *
 * Target of the code:
 * - register, resetPassword: the `email` (or `countryCode` + `mobileNumber`) in the request;
 * - passwordChange: the logged-in user's own e-mail (or phone), request fields ignored; needs a session.
 * - securityVerify: the logged-in user's own e-mail (emailValidCode) or phone (smsValidCode); needs a session.
 * - bindAddress: the `email` (or `countryCode` + `mobileNumber`) in the request, which no account may hold yet;
 *   needs a session; a phone's country code must be offered (see phone-codes).
 * The login-confirm code is not requested here: user/login_in sends it when it answers type '3'.
 */
export const OperationType = {
  register: '1',
  resetPassword: '2',
  loginConfirm: '3',
  passwordChange: '4',
  /** A sensitive change (security centre): the user's own bound e-mail or phone, by the channel asked. */
  securityVerify: '5',
  /** The new e-mail (or phone) being bound or changed to: the request's address, which no account may hold. */
  bindAddress: '6',
} as const;
export type OperationTypeValue = (typeof OperationType)[keyof typeof OperationType];

/** The purposes a client may ask a code for (loginConfirm codes come from user/login_in). */
export const requestableOperationType = z.enum([
  OperationType.register,
  OperationType.resetPassword,
  OperationType.passwordChange,
  OperationType.securityVerify,
  OperationType.bindAddress,
]);

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(100)
  .refine(isValidEmail, 'must contain @')
  .refine(isHumanText, 'no control or direction-changing characters');
export const countryCodeField = z.string().regex(/^\d{1,4}$/, 'digits only, at most 4');
export const mobileNumberField = z.string().max(20).regex(phonePattern, 'digits only, at least 7');

export const emailValidCode = defineCall({
  name: 'v4/common/emailValidCode',
  writes: true,
  request: captchaFields.extend({
    operationType: requestableOperationType,
    email: emailField.optional(),
  }),
  reply: z.null(),
});

export const smsValidCode = defineCall({
  name: 'v4/common/smsValidCode',
  writes: true,
  request: captchaFields.extend({
    operationType: requestableOperationType,
    countryCode: countryCodeField.optional(),
    mobileNumber: mobileNumberField.optional(),
  }),
  reply: z.null(),
});
