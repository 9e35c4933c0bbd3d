/**
 * The error catalogue: every non-zero code the server answers with. Codes are strings on the wire.
 * Each has an English message here; the web app's locales translate by key `error.<code>`.
 * 109109 is the spec's region-restricted code; the rest are ours, grouped by domain.
 */
export const ErrorCode = {
  internal: '10000',
  badRequest: '10001',
  sessionEnded: '10002',
  xsrfRejected: '10003',
  rateLimited: '10004',
  notFound: '10005',
  switchedOff: '10006',
  captchaFailed: '10007',
  fileTooLarge: '10008',
  fileTypeRejected: '10009',

  accountExists: '20001',
  accountNotFound: '20002',
  wrongPassword: '20003',
  codeInvalid: '20004',
  codeExpired: '20005',
  codeResendTooSoon: '20006',
  invitationRequired: '20007',
  invitationInvalid: '20008',
  loginTokenInvalid: '20009',
  accountFrozen: '20010',
  registrationClosed: '20011',
  secondFactorInvalid: '20012',
  codeSendLimit: '20013',
  loginLocked: '20014',
  deliveryFailed: '20015',
  registrationMethodOff: '20016',

  captchaUnavailable: '10010',

  noticeNotFound: '30001',
  pageNotFound: '30002',
  languageUnsupported: '30003',
  coinNotFound: '30004',

  regionRestricted: '109109',
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const errorMessages: Record<ErrorCodeValue, string> = {
  '10000': 'Something went wrong on our side. Please try again.',
  '10001': 'The request is not valid.',
  '10002': 'Your session has ended. Please log in again.',
  '10003': 'The request could not be verified. Please reload the page and try again.',
  '10004': 'Too many attempts. Please wait a moment and try again.',
  '10005': 'Not found.',
  '10006': 'This feature is turned off on this exchange.',
  '10007': 'Human verification failed. Please try again.',
  '10008': 'Image too large.',
  '10009': 'Only jpeg, jpg and png images are accepted.',
  '20001': 'An account with this e-mail or phone number already exists.',
  '20002': 'No account matches these details.',
  '20003': 'The account or password is incorrect.',
  '20004': 'The verification code is incorrect.',
  '20005': 'The verification code has expired or was already used. Please request a new one.',
  '20006': 'A code was sent recently. Please wait before requesting another.',
  '20007': 'An invitation code is required to register.',
  '20008': 'The invitation code is not valid.',
  '20009': 'The login has expired. Please log in again.',
  '20010': 'This account is frozen. Please contact support.',
  '20011': 'Registration is closed on this exchange.',
  '20012': 'The second-factor code is incorrect.',
  '20013': 'Too many codes were requested. Please try again in an hour.',
  '20014': 'Too many failed logins. Please wait 15 minutes and try again.',
  '20015': 'The code could not be sent. Please try again later.',
  '20016': 'Registration with this kind of account is not available.',
  '10010': 'Human verification is not available right now. Please try again later.',
  '30001': 'This notice does not exist.',
  '30002': 'This page does not exist.',
  '30003': 'This language is not offered.',
  '30004': 'This coin is not listed.',
  '109109': 'Access from your region is restricted.',
};
