import { emailValidCode, type OperationTypeValue, smsValidCode } from '@opex/contract/calls/verification';
import type { CaptchaFields } from '@opex/contract/captcha';
import { invoke } from '../../api/call.ts';

/** Sends a 6-digit code to an e-mail or a phone for a purpose (register '1', reset '2'), with the captcha fields. */
export function sendCode(
  operationType: Exclude<OperationTypeValue, '3'>,
  target: { email: string } | { mobileNumber: string; countryCode?: string },
  captcha: CaptchaFields,
): Promise<unknown> {
  return 'email' in target
    ? invoke(emailValidCode, { operationType, email: target.email, ...captcha })
    : invoke(smsValidCode, { operationType, ...target, ...captcha });
}
