import { emailValidCode, OperationType, smsValidCode } from '@opex/contract/calls/verification';
import type { CaptchaFields } from '@opex/contract/captcha';
import { invoke } from '../../api/call.ts';

/**
 * Code requests of the security centre (contract calls/verification): to the user's own bound address
 * (securityVerify, or passwordChange), or to a new address being bound (bindAddress).
 */
export type OwnChannel = 'email' | 'sms';
export type NewAddress = { email: string } | { countryCode: string; mobileNumber: string };

export function sendOwnAddressCode(
  channel: OwnChannel,
  captcha: CaptchaFields,
  operationType:
    | typeof OperationType.securityVerify
    | typeof OperationType.passwordChange = OperationType.securityVerify,
): Promise<unknown> {
  return channel === 'email'
    ? invoke(emailValidCode, { operationType, ...captcha })
    : invoke(smsValidCode, { operationType, ...captcha });
}

export function sendNewAddressCode(address: NewAddress, captcha: CaptchaFields): Promise<unknown> {
  const operationType = OperationType.bindAddress;
  return 'email' in address
    ? invoke(emailValidCode, { operationType, email: address.email, ...captcha })
    : invoke(smsValidCode, { operationType, ...address, ...captcha });
}
