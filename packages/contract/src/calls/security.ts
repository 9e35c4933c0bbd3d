import { z } from 'zod';
import { defineCall } from '../call.ts';
import { humanText } from '../human-text.ts';
import { pageField, pageSizeField } from './paging.ts';
import { authCodeField } from './user.ts';
import { countryCodeField, emailField, mobileNumberField } from './verification.ts';

/**
 * The security centre (/personal pages). All calls need a session.
 *
 * Second factor of a sensitive change: with Google authenticator bound, `googleCode` (a TOTP code, each usable
 * once); without it, `emailAuthCode` or `smsAuthCode`, a code sent to the user's own bound e-mail or phone by
 * v4/common/emailValidCode or smsValidCode with operationType '5' (securityVerify). The code for a NEW address
 * (`newAuthCode`) comes from the same calls with operationType '6' (bindAddress) and that address.
 *
 * Every security change (e-mail or phone bound or changed, Google bound or closed, phone verification opened or
 * closed, login verification changed, password changed or reset) writes a setting_history row and a message,
 * and holds withdrawals for 24 hours (`withdrawHoldUntil` in common/user_info).
 */
export const secondFactorFields = {
  googleCode: authCodeField.optional(),
  emailAuthCode: authCodeField.optional(),
  smsAuthCode: authCodeField.optional(),
};

/** The setting_history actions. */
export const SecurityAction = {
  passwordChange: 'password_change',
  passwordReset: 'password_reset',
  emailBind: 'email_bind',
  emailChange: 'email_change',
  mobileBind: 'mobile_bind',
  mobileChange: 'mobile_change',
  googleBind: 'google_bind',
  googleClose: 'google_close',
  mobileCheckOpen: 'mobile_check_open',
  mobileCheckClose: 'mobile_check_close',
  loginVerifyChange: 'login_verify_change',
  apiKeyCreate: 'api_key_create',
  apiKeyUpdate: 'api_key_update',
  apiKeyDelete: 'api_key_delete',
} as const;
export type SecurityActionValue = (typeof SecurityAction)[keyof typeof SecurityAction];

/** KYC state, also common/user_info `authLevel`. */
export const KycStatus = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

/** Certificate types of user/v4/auth_realname. */
export const CertificateType = { identityCard: 1, passport: 2, drivingLicence: 3 } as const;

const flag01 = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

export const nicknameUpdate = defineCall({
  name: 'user/nickname_update',
  access: 'login',
  writes: true,
  request: z.object({ nickName: humanText(32) }),
  reply: z.null(),
});

/** Binds an e-mail to an account that has none (phone accounts). */
export const emailBindSave = defineCall({
  name: 'user/email_bind_save_v4',
  access: 'login',
  writes: true,
  request: z.object({ email: emailField, newAuthCode: authCodeField, ...secondFactorFields }),
  reply: z.null(),
});

/** Replaces the bound e-mail; without Google the old e-mail's code (`emailAuthCode`) is the natural factor. */
export const emailUpdate = defineCall({
  name: 'user/email_update',
  access: 'login',
  writes: true,
  request: z.object({ email: emailField, newAuthCode: authCodeField, ...secondFactorFields }),
  reply: z.null(),
});

/** Country codes: those of the phone-code list whose countries are not all restricted (limitCountryList). */
const newPhoneFields = {
  countryCode: countryCodeField,
  mobileNumber: mobileNumberField,
  newAuthCode: authCodeField,
  ...secondFactorFields,
};

/** Binds a phone to an account that has none (e-mail accounts); opens phone verification. */
export const mobileBindSave = defineCall({
  name: '/user/mobile_bind_save',
  access: 'login',
  writes: true,
  request: z.object(newPhoneFields),
  reply: z.null(),
});

export const mobileUpdate = defineCall({
  name: 'user/mobile_update',
  access: 'login',
  writes: true,
  request: z.object(newPhoneFields),
  reply: z.null(),
});

/**
 * Starts the Google authenticator setup: a new secret (Base32, shown as text) and its otpauth:// URL (shown as
 * a QR code). Nothing is bound until user/google_verify accepts a code of it. Refused when Google is bound.
 */
export const toopenGoogleAuthenticator = defineCall({
  name: 'user/toopen_google_authenticator',
  access: 'login',
  writes: true,
  request: z.object({}),
  reply: z.object({ googleKey: z.string(), googleImg: z.string() }),
});

/**
 * Binds Google: `googleCode` is a code of the NEW secret; the account's own factor is the e-mail or phone code
 * (`emailAuthCode` / `smsAuthCode`, operationType '5'). Login then asks for Google when loginVerify is '1'.
 */
export const googleVerify = defineCall({
  name: 'user/google_verify',
  access: 'login',
  writes: true,
  request: z.object({
    googleCode: authCodeField,
    emailAuthCode: authCodeField.optional(),
    smsAuthCode: authCodeField.optional(),
  }),
  reply: z.null(),
});

/** Unbinds Google with a valid code of it; refused while switch is_enforce_google_auth is '1'. */
export const closeGoogleVerify = defineCall({
  name: 'user/close_google_verify',
  access: 'login',
  writes: true,
  request: z.object({ googleCode: authCodeField }),
  reply: z.null(),
});

/** Turns phone verification off; refused unless an e-mail or Google remains to verify the account. */
export const closeMobileVerify = defineCall({
  name: 'user/close_mobile_verify',
  access: 'login',
  writes: true,
  request: z.object(secondFactorFields),
  reply: z.null(),
});

export const openMobileVerify = defineCall({
  name: 'user/open_mobile_verify',
  access: 'login',
  writes: true,
  request: z.object(secondFactorFields),
  reply: z.null(),
});

/** The login-verification setting (ours): the second factor user/login_in asks for; it must be bound. */
export const loginVerifyUpdate = defineCall({
  name: 'user/login_verify_update',
  access: 'login',
  writes: true,
  request: z.object({ loginVerify: z.enum(['0', '1', '2', '3']), ...secondFactorFields }),
  reply: z.null(),
});

export const updateFeeCoinOpen = defineCall({
  name: 'user/update_fee_coin_open',
  access: 'login',
  writes: true,
  request: z.object({ feeCoinOpen: flag01 }),
  reply: z.null(),
});

/** The trader's fiat (ours; the leaglTenderSet page): one of the languages' default fiats, '' to follow the language. */
export const legalTenderUpdate = defineCall({
  name: 'user/legal_tender_update',
  access: 'login',
  writes: true,
  request: z.object({ legalTender: z.string().trim().toLowerCase().max(10) }),
  reply: z.null(),
});

/**
 * Public-info switch nameVerifiedType: how real-name verification works. '10' (the default): the user submits the
 * document's details with three images (front, back, holding it) and the operator reviews them
 * (`npm run admin -- kyc list|approve|reject`). '02' (simplified, automatic): name, country and document number
 * only, approved when submitted. '00' (Face++) and '01' (Yushan) name third-party services this server does not
 * integrate; they work as '10'.
 */
export const NameVerifiedType = { faceId: '00', yushan: '01', simplified: '02', manual: '10' } as const;

/**
 * kyc/config: the verification form this exchange offers. `nameVerifiedType` is the effective type ('10' or '02'),
 * `certificateTypes` the document types the operator accepts (`admin kyc documents 1,2,3`), `photosRequired`
 * whether the three images are part of it, `review` whether the operator decides ('manual') or it is immediate.
 */
export const kycConfig = defineCall({
  name: 'kyc/config',
  access: 'login',
  request: z.object({}),
  reply: z.object({
    nameVerifiedType: z.string(),
    review: z.enum(['manual', 'auto']),
    certificateTypes: z.array(z.number()),
    photosRequired: z.boolean(),
  }),
});

/**
 * KYC submission: document images are `filename`s answered by common/upload_img (required unless kyc/config says
 * otherwise). Refused while one is pending or after approval, and for a document type not offered (50021).
 */
const uploadedImage = z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/, 'a filename from common/upload_img');
export const authRealname = defineCall({
  name: 'user/v4/auth_realname',
  access: 'login',
  writes: true,
  request: z.object({
    realName: humanText(100),
    countryCode: countryCodeField,
    certificateType: z
      .union([z.number(), z.string().max(1)])
      .transform(Number)
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
    certificateNumber: humanText(50),
    firstPhoto: uploadedImage.optional(),
    secondPhoto: uploadedImage.optional(),
    thirdPhoto: uploadedImage.optional(),
  }),
  reply: z.null(),
});

const pageRequest = z.object({ page: pageField, pageSize: pageSizeField });

export const loginHistory = defineCall({
  name: 'security/login_history',
  access: 'login',
  request: pageRequest,
  reply: z.object({
    count: z.number(),
    list: z.array(
      z.object({ id: z.number(), ip: z.string(), userAgent: z.string(), success: z.number(), ctime: z.number() }),
    ),
  }),
});

export const settingHistory = defineCall({
  name: 'security/setting_history',
  access: 'login',
  request: pageRequest,
  reply: z.object({
    count: z.number(),
    list: z.array(
      z.object({ id: z.number(), action: z.string(), ip: z.string(), userAgent: z.string(), ctime: z.number() }),
    ),
  }),
});

/**
 * The user's invite code, the register path carrying it (prefix the site's origin for the link and its QR code),
 * and the accounts it brought, masked.
 */
export const inviteInfoList = defineCall({
  name: 'return/invite_info_list',
  access: 'login',
  request: pageRequest,
  reply: z.object({
    inviteCode: z.string(),
    invitePath: z.string(),
    count: z.number(),
    list: z.array(z.object({ account: z.string(), ctime: z.number() })),
  }),
});
